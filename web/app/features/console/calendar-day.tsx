import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from '~/components/ui/toast-store.ts';
import { formatDay } from '~/lib/business-date.ts';
import { StatusBadge } from './badges.tsx';
import { errorText } from './calendar-settings.tsx';
import { formatMoney, paymentKinds } from '@content/quotes.ts';
import { addBlock, type BlockedDates, type CalendarBooking, type DueDate } from './console-api.ts';
import { smallButton } from './data-table.tsx';
import { formatDate, formatTime } from './format.ts';

/** One day of the calendar, chosen in the month: its state, its bookings, and blocking it. */
export function DayDetails({
  day,
  bookings,
  due,
  block,
  closed,
  full,
  capacity,
  onClose,
  onChanged,
}: {
  day: string;
  bookings: CalendarBooking[];
  due: DueDate[];
  block: BlockedDates | undefined;
  closed: boolean;
  full: boolean;
  capacity: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  const id = useId();
  const confirmed = bookings.filter((b) => b.status === 'confirmed').length;
  return (
    <section aria-labelledby={`${id}-day`} className="rounded-xl border border-gold/30 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-day`} className="text-base font-semibold text-cream">
          {formatDay(day, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}
        </h2>
        <button type="button" className={smallButton} onClick={onClose}>
          Close day
        </button>
      </div>
      <p className="mt-1 text-sm text-sand">
        {block
          ? `Blocked${block.note ? `: ${block.note}` : ''}.`
          : closed
            ? 'Your closed weekday.'
            : full
              ? `Full: ${confirmed} of ${capacity} confirmed.`
              : `Open: ${confirmed} of ${capacity} confirmed.`}
      </p>
      {bookings.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No bookings on this day.</p>
      ) : (
        <ul className="mt-2 grid gap-2 text-sm">
          {bookings.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center gap-2 rounded-lg bg-ink/50 px-3 py-2">
              <StatusBadge status={b.status} />
              <Link
                to={`?section=bookings&booking=${b.id}`}
                className="font-semibold text-cream underline decoration-gold/50 underline-offset-4 hover:text-gold"
              >
                {b.name}
              </Link>
              <span className="text-muted">
                {formatTime(b.booking_time)}, {b.guests} guests, {b.service_type}
              </span>
            </li>
          ))}
        </ul>
      )}
      {due.length > 0 && (
        <ul className="mt-2 grid gap-2 text-sm" aria-label="Payments due this day">
          {due.map((d) => (
            <li
              key={`${d.booking_id}-${d.kind}`}
              className="flex flex-wrap items-center gap-2 rounded-lg bg-gold/10 px-3 py-2"
            >
              <span className="font-semibold text-gold">{paymentKinds[d.kind]} due</span>
              <Link
                to={`?section=bookings&booking=${d.booking_id}`}
                className="font-semibold text-cream underline decoration-gold/50 underline-offset-4 hover:text-gold"
              >
                {d.name}
              </Link>
              <span className="text-sand">{formatMoney(d.amount_cents, d.currency)}</span>
            </li>
          ))}
        </ul>
      )}
      {!block && (
        <button
          type="button"
          className={`${smallButton} mt-3`}
          onClick={async () => {
            try {
              await addBlock({ starts_on: day, ends_on: day, note: null });
              toast({ title: 'Day blocked', description: formatDate(day) });
              onChanged();
            } catch (err) {
              toast({ title: 'Not blocked', description: errorText(err), variant: 'destructive' });
            }
          }}
        >
          Block this day
        </button>
      )}
    </section>
  );
}
