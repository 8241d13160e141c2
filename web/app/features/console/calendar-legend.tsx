import { cn } from '~/lib/cn.ts';
import { BOOKING_STATUSES } from './booking-status.ts';
import { statusLabel } from './format.ts';
import { STATUS_TONES } from './status-tones.ts';

/** The month's key: one entry per booking status (the status list itself), the due dates and blocked days. */
export function CalendarLegend() {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-sand" aria-label="Legend">
      {BOOKING_STATUSES.map((s) => (
        <li key={s} className="flex items-center gap-1.5">
          <span className={cn('size-2.5 rounded-full', STATUS_TONES[s].dot)} /> {statusLabel(s)}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span className="size-2.5 rotate-45 border border-gold" /> Payment due
      </li>
      <li className="flex items-center gap-1.5">
        <span className="h-2.5 w-4 rounded-sm bg-gold/60" /> Blocked
      </li>
    </ul>
  );
}
