/**
 * The one e-mail address rule of the site, the database and the sender (issue 18): the forms' rule
 * (zod's e-mail check) written so that JavaScript and PostgreSQL read it alike. ASCII letters,
 * digits and `_ ' + -` before the `@`, dots between them; a domain of letters, digits and hyphens
 * ending in a name of letters. Nothing a mail header or a `mailto:` link reads specially.
 *
 * The same text is in private.is_email_address (supabase/migrations/20261124100000_no_megaphone.sql);
 * server/test/email-address.test.ts checks both say the same for EMAIL_ADDRESS_CASES.
 */
export const EMAIL_ADDRESS_PATTERN =
  "^([A-Za-z0-9_'+-]+\\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\\.)+[A-Za-z][A-Za-z]+$";
export const EMAIL_ADDRESS_MAX_LENGTH = 254;

const PATTERN = new RegExp(EMAIL_ADDRESS_PATTERN);

export function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= EMAIL_ADDRESS_MAX_LENGTH && PATTERN.test(value);
}

/**
 * A `mailto:` link to one address, with a subject: the address's parts percent-encoded, so nothing in
 * it can add a recipient, a header or a body (RFC 6068).
 */
export function mailtoHref(address: string, subject?: string): string {
  const at = address.lastIndexOf('@');
  const to =
    at < 0
      ? encodeURIComponent(address)
      : `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
  return `mailto:${to}${subject === undefined ? '' : `?subject=${encodeURIComponent(subject)}`}`;
}
