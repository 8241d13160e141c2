import { authError } from '../http/api-error.ts';
import type { BodyContract } from '../http/body.ts';

/**
 * Every `error_code` `/auth/v1` answers with, in one table, spelled as GoTrue spells them
 * (supabase/auth, internal/api/errorcode.go; supabase-js reads them as `AuthError.code`), and one
 * constructor per error below.
 */
export const AuthErrorCode = {
  UnexpectedFailure: 'unexpected_failure',
  ValidationFailed: 'validation_failed',
  BadJson: 'bad_json',
  EmailExists: 'email_exists',
  BadJwt: 'bad_jwt',
  NoAuthorization: 'no_authorization',
  UserNotFound: 'user_not_found',
  SessionNotFound: 'session_not_found',
  UserBanned: 'user_banned',
  InvalidCredentials: 'invalid_credentials',
  UserAlreadyExists: 'user_already_exists',
  RefreshTokenNotFound: 'refresh_token_not_found',
  RefreshTokenAlreadyUsed: 'refresh_token_already_used',
  PhoneProviderDisabled: 'phone_provider_disabled',
  SamePassword: 'same_password',
  WeakPassword: 'weak_password',
  OverRequestRateLimit: 'over_request_rate_limit',
  OverEmailSendRateLimit: 'over_email_send_rate_limit',
  /** GoTrue answers an unknown grant with OAuth's error name. */
  UnsupportedGrantType: 'unsupported_grant_type',
  /** Ours: an /auth/v1 path no route serves. */
  NotFound: 'not_found',
  /** Ours: a body over the limit (GoTrue's proxy refuses it before GoTrue). */
  RequestTooLarge: 'request_too_large',
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

const C = AuthErrorCode;

export const authErrors = {
  /** A failure of ours: never the cause's text. */
  internal: () => authError(500, C.UnexpectedFailure, 'Internal server error'),
  /** GoTrue's 400 (or 422) for a field it refuses. */
  validationFailed: (msg: string, status: 400 | 422 = 400) => authError(status, C.ValidationFailed, msg),
  /** A request the server could not take (cut off, or refused by a helper), with its 4xx status. */
  requestFailed: (status: number, msg: string) => authError(status, C.ValidationFailed, msg),
  nulInText: () => authError(400, C.ValidationFailed, 'Text must not contain NUL characters'),
  badJson: (msg: string) => authError(400, C.BadJson, msg),
  emailExists: () => authError(422, C.EmailExists, 'A user with this email address has already been registered'),
  /** A token that does not verify: GoTrue's 403. */
  badJwt: (msg: string) => authError(403, C.BadJwt, msg),
  noAuthorization: () => authError(401, C.NoAuthorization, 'This endpoint requires a valid Bearer token'),
  userNotFound: () => authError(403, C.UserNotFound, 'User from sub claim in JWT does not exist'),
  sessionNotFound: () => authError(403, C.SessionNotFound, 'Session from session_id claim in JWT does not exist'),
  userBanned: () => authError(400, C.UserBanned, 'User is banned'),
  invalidCredentials: () => authError(400, C.InvalidCredentials, 'Invalid login credentials'),
  userAlreadyExists: () => authError(422, C.UserAlreadyExists, 'User already registered'),
  refreshTokenNotFound: () => authError(400, C.RefreshTokenNotFound, 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => authError(400, C.RefreshTokenAlreadyUsed, 'Invalid Refresh Token: Already Used'),
  phoneProviderDisabled: (what: 'signups' | 'logins') =>
    authError(422, C.PhoneProviderDisabled, `Phone ${what} are disabled`),
  samePassword: () => authError(422, C.SamePassword, 'New password should be different from the old password.'),
  /** With the reasons supabase-js reads (`weak_password.reasons`). */
  weakPassword: (msg: string, reasons: string[]) => authError(422, C.WeakPassword, msg, { weak_password: { reasons } }),
  overRequestRateLimit: () => authError(429, C.OverRequestRateLimit, 'Request rate limit reached'),
  overEmailSendRateLimit: () => authError(429, C.OverEmailSendRateLimit, 'Email rate limit exceeded'),
  unsupportedGrantType: () => authError(400, C.UnsupportedGrantType, 'unsupported_grant_type'),
  notFound: () => authError(404, C.NotFound, 'Not Found'),
  requestTooLarge: () => authError(413, C.RequestTooLarge, 'Request body too large'),
};

/** `/auth/v1`'s bodies (server/src/http/body.ts): small JSON objects; an empty body is `{}`, as in GoTrue. */
export const authBody = {
  maxBytes: 64 * 1024,
  tooLarge: () => authErrors.requestTooLarge(),
  invalid: (err) => authErrors.badJson(err.reason === 'depth' ? err.message : 'Could not parse request body as JSON'),
  empty: 'object',
  unreadable: () => authErrors.badJson('Could not read request body'),
  notAnObject: () => authErrors.badJson('Request body must be a JSON object'),
  // PostgreSQL cannot store U+0000 in text or jsonb (e-mail, password, user data).
  nul: () => authErrors.nulInText(),
} satisfies BodyContract;
