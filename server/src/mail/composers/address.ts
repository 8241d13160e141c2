import { isEmailAddress } from '../../../../web/app/lib/email-address.ts';
import type { Mailbox } from './types.ts';

/** A message that can never be sent as it is (a bad address): not worth retrying. */
export class PermanentMailError extends Error {}

/** Header values come from visitors: no line breaks (header injection), no control characters, bounded. */
export function headerSafe(value: unknown, max = 200): string {
  const clean = String(value ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

export function parseAddress(value: string, what: string): Mailbox {
  // `Name <address>` (MAIL_FROM) or a bare address, which must be the address and nothing else.
  const m = /^(?:\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*|([^<>\s]+))$/.exec(value);
  const address = m?.[2]?.trim() ?? m?.[3] ?? '';
  if (!isEmailAddress(address))
    throw new PermanentMailError(`${what} is not one e-mail address: ${headerSafe(value, 80)}`);
  return { name: headerSafe(m?.[1] ?? ''), address };
}

/** A visitor's address to reply to, with the name they gave. */
export function replyToVisitor(email: string, name: string, what: string): Mailbox {
  const replyTo = parseAddress(email, what);
  replyTo.name = headerSafe(name);
  return replyTo;
}
