import { quotePage as copy } from '@content/quotes.ts';
import type { CheckValue } from '~/lib/database.constants.ts';

/** What /quote's parts share: the quote as describe_quote answers it, its days, times and rows. */

export type State = 'open' | 'accepted' | 'replaced' | 'withdrawn' | 'expired' | 'unknown' | 'draft';

export interface Line {
  description: string;
  unit: CheckValue<'quote_lines', 'unit'>;
  unit_cents: number;
  quantity: number;
  amount_cents: number;
}

export interface Quote {
  version: number;
  menu: { course?: string; dish?: string }[];
  pricing: CheckValue<'quotes', 'pricing'>;
  price_cents: number;
  guests: number;
  travel_fee_cents: number;
  base_cents: number;
  subtotal_cents: number;
  discount_cents: number;
  tax_rate_bp: number;
  tax_cents: number;
  total_cents: number;
  deposit_percent: number;
  deposit_cents: number;
  balance_cents: number;
  deposit_due_on: string | null;
  balance_due_on: string | null;
  expires_on: string | null;
  currency: string;
  terms: string;
  note: string | null;
  lines: Line[];
}

export interface Described {
  state: State;
  quote?: Quote;
  booking?: {
    name: string;
    booking_date: string;
    booking_time: string;
    service_type: string;
    location: string;
  };
}

/** "2026-12-24" → "Thursday, December 24, 2026" (the day as stored, no time-zone shift). */
export function day(date: string | null | undefined) {
  if (!date) return '';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function time(value: string | undefined) {
  if (!value) return '';
  const [h, m] = value.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export const L = copy.labels as Record<string, string>;
export const card = 'mt-6 rounded-xl border border-cream/10 bg-charcoal p-4 sm:p-6';
export const field =
  'mt-1 block w-full rounded-md border border-cream/30 bg-ink px-3 py-2 text-cream focus:border-gold focus:outline-none';

export function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 border-b border-cream/10 py-2 ${strong ? 'text-lg font-semibold text-gold' : ''}`}
    >
      <dt className="min-w-0 break-words">{label}</dt>
      <dd className="shrink-0 tabular-nums">{value}</dd>
    </div>
  );
}
