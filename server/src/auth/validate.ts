import { isEmailAddress } from '../../../web/app/lib/email-address.ts';
import { authErrors } from './error-codes.ts';

/** GoTrue's minimum (its default, and Supabase's), and bcrypt's hard limit in bytes. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_BYTES = 72;
const MAX_EMAIL_LENGTH = 255;
/** user_metadata as JSON, to keep a row (and every access token carrying it) small. */
const MAX_METADATA_BYTES = 16 * 1024;

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';

/** Trimmed and lower-cased: one account per mailbox however it is typed. */
export function normaliseEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/**
 * GoTrue's plain check (one `@`, a dot in the domain, no spaces), and the product's one address rule
 * (web/app/lib/email-address.ts, private.is_email_address): an address the outbox would refuse is
 * refused here with GoTrue's 400, never accepted and then failed in the database (issue 38, F9).
 */
export function checkEmail(email: string): void {
  const ok =
    email.length <= MAX_EMAIL_LENGTH &&
    isEmailAddress(email) &&
    /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/.test(email) &&
    !email.includes('..');
  if (!ok) throw authErrors.validationFailed('Unable to validate email address: invalid format');
}

/** GoTrue's 422 `weak_password`, with the reasons supabase-js reads. */
export function checkPassword(password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw authErrors.weakPassword(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, ['length']);
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw authErrors.validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`, 422);
  }
}

/** `data` of signup and PUT /user: a JSON object of bounded size, or nothing. */
export function checkMetadata(data: unknown): Record<string, unknown> | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw authErrors.validationFailed('data must be a JSON object');
  }
  if (Buffer.byteLength(JSON.stringify(data), 'utf8') > MAX_METADATA_BYTES) {
    throw authErrors.validationFailed('data is too large');
  }
  return data as Record<string, unknown>;
}

export function stringField(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  return typeof v === 'string' ? v : '';
}
