import type { BookingStatus } from './booking-status.ts';

/**
 * Every booking status's colours, in one table keyed by the status list itself (booking-status.ts,
 * which the database's check constraint is tested against): the badge, the phone month's dot, the
 * wide month's chip. A status added to the list without a tone here does not typecheck, and
 * status-tones.test.ts checks each entry is drawn and named in the calendar's legend.
 */
export interface StatusTone {
  badge: string;
  dot: string;
  chip: string;
}

export const STATUS_TONES: Readonly<Record<BookingStatus, StatusTone>> = {
  new: { badge: 'bg-gold/20 text-gold', dot: 'bg-gold', chip: 'border-gold/50 text-gold' },
  contacted: { badge: 'bg-sky-400/15 text-sky-200', dot: 'bg-sky-300', chip: 'border-sky-300/50 text-sky-200' },
  quoted: {
    badge: 'bg-violet-400/15 text-violet-200',
    dot: 'bg-violet-300',
    chip: 'border-violet-300/60 text-violet-200',
  },
  confirmed: { badge: 'bg-herb/30 text-green-200', dot: 'bg-green-300', chip: 'border-green-300/60 text-green-200' },
  completed: { badge: 'bg-cream/10 text-sand', dot: 'bg-sand', chip: 'border-sand/40 text-sand' },
  declined: {
    badge: 'bg-tomato/25 text-red-200',
    dot: 'bg-red-300',
    chip: 'border-red-300/40 text-red-200 line-through',
  },
  cancelled: {
    badge: 'bg-tomato/25 text-red-200',
    dot: 'bg-rose-400',
    chip: 'border-rose-400/40 text-rose-200 line-through',
  },
};
