import type { AuthErrorCode } from '../auth/error-codes.ts';
import type { RestErrorCode, SqlState } from '../rest/error-codes.ts';
import type { StorageErrorCode } from '../storage/error-codes.ts';

/**
 * An error whose JSON body and status are part of the contract. Routes throw it; the central
 * handler (server/src/http/errors.ts, `handleError`) answers `body` with `status`. Each API has its own
 * body shape, built by the three functions below, and its own table of codes with one constructor
 * per error (rest/error-codes.ts, auth/error-codes.ts, storage/error-codes.ts): a code is never a
 * bare string at a call site, and a code outside its table does not compile.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(String(body.message ?? body.msg ?? `HTTP ${status}`));
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** PostgREST's shape: `{code, details, hint, message}`; the code is PostgREST's or PostgreSQL's SQLSTATE. */
export function restError(
  status: number,
  code: RestErrorCode | SqlState,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): ApiError {
  return new ApiError(status, { code, details, hint, message });
}

/** GoTrue's shape: `{code, error_code, msg}` (and more fields for some errors, such as `weak_password`). */
export function authError(
  status: number,
  error_code: AuthErrorCode,
  msg: string,
  more: Record<string, unknown> = {},
): ApiError {
  return new ApiError(status, { code: status, error_code, msg, ...more });
}

/** Storage's shape: `{statusCode, error, message}`. */
export function storageError(status: number, error: StorageErrorCode, message: string): ApiError {
  return new ApiError(status, { statusCode: String(status), error, message });
}
