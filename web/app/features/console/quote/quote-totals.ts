/**
 * A quote's amounts as the database computes them (private.quote_compute in
 * supabase/migrations/20261124130000_quotes_and_payments.sql), so the editor can show them while the
 * chef types. The database stays the authority: after a save the console shows the saved figures,
 * and server/test/quote-totals.test.ts checks this module against the SQL for a table of cases.
 * Integer cents in BigInt, as the SQL's bigint: no float ever touches an amount.
 */
export interface TotalsInput {
  pricing: 'per_guest' | 'fixed';
  price_cents: number;
  guests: number;
  travel_fee_cents: number;
  discount_cents: number;
  /** The quote's own rate (copied from the settings when the quote was made), in basis points. */
  tax_rate_bp: number;
  deposit_percent: number;
  lines: readonly { unit_cents: number; quantity: number }[];
}

export interface Totals {
  base_cents: number;
  lines_cents: number;
  subtotal_cents: number;
  discount_applied_cents: number;
  tax_cents: number;
  total_cents: number;
  deposit_cents: number;
  balance_cents: number;
}

const big = (n: number) => BigInt(Math.trunc(n));
const min = (a: bigint, b: bigint) => (a < b ? a : b);

export function quoteTotals(q: TotalsInput): Totals {
  const base = q.pricing === 'per_guest' ? big(q.price_cents) * big(q.guests) : big(q.price_cents);
  const lines = q.lines.reduce((sum, l) => sum + big(l.unit_cents) * big(l.quantity), 0n);
  const subtotal = base + lines + big(q.travel_fee_cents);
  const discount = min(big(q.discount_cents), subtotal);
  const taxable = subtotal - discount;
  // Half up to the cent: every operand is ≥ 0, so BigInt's truncating division is the SQL's.
  const tax = (taxable * big(q.tax_rate_bp) + 5000n) / 10000n;
  const total = taxable + tax;
  const deposit = (total * big(q.deposit_percent) + 50n) / 100n;
  return {
    base_cents: Number(base),
    lines_cents: Number(lines),
    subtotal_cents: Number(subtotal),
    discount_applied_cents: Number(discount),
    tax_cents: Number(tax),
    total_cents: Number(total),
    deposit_cents: Number(deposit),
    balance_cents: Number(total - deposit),
  };
}

/** `YYYY-MM-DD` plus n days (calendar days, no time zone). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The dates a draft gets when it is sent, as private.quotes_before_update sets them: the deposit's
 * own date, else the settings' days from today but never after the balance's day nor before today;
 * the expiry's own date, else today plus the days a quote stays open.
 */
export function datesOnSend(
  q: { deposit_due_on: string | null; balance_due_on: string | null; expires_on: string | null },
  settings: { deposit_due_days: number; quote_valid_days: number },
  today: string,
): { deposit_due_on: string; expires_on: string } {
  // ISO dates compare as text. SQL's least() skips a null balance day.
  const soon = addDays(today, settings.deposit_due_days);
  const capped = q.balance_due_on && q.balance_due_on < soon ? q.balance_due_on : soon;
  return {
    deposit_due_on: q.deposit_due_on ?? (capped < today ? today : capped),
    expires_on: q.expires_on ?? addDays(today, settings.quote_valid_days),
  };
}
