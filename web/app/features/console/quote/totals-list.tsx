import { formatMoney } from '@content/quotes.ts';
import { cn } from '~/lib/cn.ts';
import { formatDate } from '../format.ts';
import type { Totals } from './quote-totals.ts';

/** The figures a quote's totals are shown from: the database's, or the editor's live ones. */
export interface TotalsFacts extends Totals {
  currency: string;
  pricing: 'per_guest' | 'fixed';
  guests: number;
  price_cents: number;
  travel_fee_cents: number;
  tax_rate_bp: number;
  deposit_percent: number;
}

/** Extra rows under the amounts: due dates and the like, already formatted. */
export type DateRow = [label: string, value: string];

export function TotalsList({
  facts: q,
  dates = [],
  label = 'Totals',
  depositDue,
  balanceDue,
}: {
  facts: TotalsFacts;
  dates?: DateRow[];
  label?: string;
  /** A sent quote's due days, in the deposit and balance rows as the client reads them. */
  depositDue?: string | null;
  balanceDue?: string | null;
}) {
  const money = (c: number) => formatMoney(c, q.currency);
  const rows: [string, string][] = [
    [q.pricing === 'per_guest' ? `${q.guests} guests × ${money(q.price_cents)}` : 'Fixed price', money(q.base_cents)],
    ['Lines', money(q.lines_cents)],
    ['Travel fee', money(q.travel_fee_cents)],
    ['Subtotal', money(q.subtotal_cents)],
    // No discount reads $0.00, not a minus before nothing.
    ['Discount', q.discount_applied_cents > 0 ? `−${money(q.discount_applied_cents)}` : money(0)],
    [`Tax (${(q.tax_rate_bp / 100).toFixed(2)} %)`, money(q.tax_cents)],
    ['Total', money(q.total_cents)],
    [`Deposit (${q.deposit_percent} %)${depositDue ? `, due ${formatDate(depositDue)}` : ''}`, money(q.deposit_cents)],
    [`Balance${balanceDue ? `, due ${formatDate(balanceDue)}` : ''}`, money(q.balance_cents)],
    ...dates,
  ];
  return (
    <dl aria-label={label} className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className={cn('contents', k === 'Total' && 'font-semibold text-gold')}>
          <dt>{k}</dt>
          <dd className="text-right tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
