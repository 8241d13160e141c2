import { cn } from '~/lib/cn.ts';
import { LARGE_PARTY, type Booking, type BookingStatus } from './console-api.ts';
import { statusLabel, today } from './format.ts';
import { STATUS_TONES } from './status-tones.ts';

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span
      className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', STATUS_TONES[status].badge)}
    >
      {statusLabel(status)}
    </span>
  );
}

/** Marks a request whose day has gone, whose day is already unavailable, or a large party. */
export function BookingMarks({
  booking,
  dayUnavailable = false,
}: {
  booking: Pick<Booking, 'booking_date' | 'guests'>;
  dayUnavailable?: boolean;
}) {
  const past = booking.booking_date < today();
  const large = booking.guests >= LARGE_PARTY;
  const taken = dayUnavailable && !past;
  if (!past && !large && !taken) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {past && <span className="rounded bg-tomato/25 px-1.5 py-0.5 text-xs font-semibold text-red-200">Past date</span>}
      {taken && (
        <span className="rounded bg-tomato/25 px-1.5 py-0.5 text-xs font-semibold text-red-200">Day unavailable</span>
      )}
      {large && <span className="rounded bg-gold/20 px-1.5 py-0.5 text-xs font-semibold text-gold">Large party</span>}
    </span>
  );
}
