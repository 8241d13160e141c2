import { TriangleAlert } from 'lucide-react';
import { formatMoney, paymentKinds } from '@content/quotes.ts';
import { cn } from '~/lib/cn.ts';
import type { BookingRow, MoneyState } from './console-api.ts';
import { formatDate } from './format.ts';

/** The bookings list's money filters, as the chef reads them. */
export const MONEY_FILTER_LABELS: Record<Exclude<MoneyState, 'paid'>, string> = {
  deposit_due: 'Deposit due',
  balance_due: 'Balance due',
  overdue: 'Overdue',
};

/** A booking's money in the list: total, paid, outstanding and the next due day (the database's). */
export function MoneyCell({ row }: { row: BookingRow }) {
  if (row.total_cents === null) return <span className="text-muted">No accepted quote</span>;
  const money = (c: number | null) => formatMoney(c ?? 0, row.currency ?? 'USD');
  const late = row.money_state === 'overdue';
  return (
    <span className="grid gap-0.5 text-xs">
      <span>
        <span className="text-muted">Total</span> <span className="text-cream">{money(row.total_cents)}</span>
      </span>
      <span>
        <span className="text-muted">Paid</span> <span className="text-cream">{money(row.paid_cents)}</span>
      </span>
      <span>
        <span className="text-muted">Outstanding</span>{' '}
        <span
          className={cn(
            'font-semibold',
            late ? 'text-red-300' : row.outstanding_cents ? 'text-gold' : 'text-green-200',
          )}
        >
          {money(row.outstanding_cents)}
        </span>
      </span>
      {row.next_due_on && row.next_due_kind && (
        <span className={late ? 'font-semibold text-red-300' : 'text-sand'}>
          {late ? 'Overdue: ' : ''}
          {paymentKinds[row.next_due_kind]} due {formatDate(row.next_due_on)}
        </span>
      )}
    </span>
  );
}

/**
 * The client's stated allergies and dietary needs, where the chef looks first (under the booking's row
 * in the list, the top of a booking). "none" is an answer too, shown plainly.
 */
export function DietaryNote({
  dietary,
  large = false,
  className,
}: {
  dietary: string | null;
  large?: boolean;
  className?: string;
}) {
  if (!dietary) return null;
  const none = /^\s*(none|no|n\/a|nothing)\.?\s*$/i.test(dietary);
  return (
    <p
      role="note"
      className={cn(
        'mt-1 flex items-start gap-1.5 rounded-lg break-words whitespace-pre-wrap',
        none ? 'text-sand' : 'bg-gold/15 font-semibold text-gold',
        large ? 'px-3 py-2 text-base' : 'px-1.5 py-0.5 text-xs',
        className,
      )}
    >
      {!none && <TriangleAlert aria-hidden className={cn('mt-0.5 shrink-0', large ? 'size-5' : 'size-3.5')} />}
      <span className="min-w-0">
        <span className={none ? '' : 'uppercase'}>Allergies and dietary needs:</span> {dietary}
      </span>
    </p>
  );
}
