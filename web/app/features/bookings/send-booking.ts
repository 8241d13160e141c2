import { honeypotHeader } from '~/components/ui/form-field.tsx';
import { getSupabase } from '~/lib/supabase.ts';
import type { BookingRow } from './schema.ts';

export type SendResult = { ok: true } | { ok: false; reason: 'rate-limited' | 'failed'; error: unknown };

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Inserts one booking request (POST /rest/v1/bookings, no body read back: the anon role
 * cannot read bookings). The row carries an idempotency key: when a retry or a second click sends
 * the same key again, the database refuses the duplicate and that means the booking is stored.
 * A filled honeypot travels as the `x-honeypot` header.
 */
export async function sendBooking(row: BookingRow, options: { honeypot?: string } = {}): Promise<SendResult> {
  try {
    const supabase = await getSupabase();
    let insert = supabase.from('bookings').insert(row);
    if (options.honeypot) insert = insert.setHeader('x-honeypot', honeypotHeader(options.honeypot));
    const { error, status } = await insert;
    if (!error) return { ok: true };
    if (isDuplicateKey(error)) return { ok: true };
    return { ok: false, reason: status === 429 ? 'rate-limited' : 'failed', error };
  } catch (error) {
    // The client library failed to load, or the request could not be built.
    return { ok: false, reason: 'failed', error };
  }
}

function isDuplicateKey(error: { code?: string; message?: string; details?: string }) {
  return error.code === UNIQUE_VIOLATION && /idempotency_key/.test(`${error.message ?? ''} ${error.details ?? ''}`);
}

/**
 * A fresh UUID v4 for the idempotency key. `crypto.randomUUID` exists only in secure contexts
 * (https, localhost); a site served over plain http on a LAN address falls back to random bytes.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
