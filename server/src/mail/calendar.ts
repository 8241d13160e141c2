import { createEvent, type EventAttributes } from 'ics';
import { instantIn, utcDateArray } from '../../../web/app/lib/zoned-time.ts';

/**
 * The calendar invitation (RFC 5546) sent with a confirmed booking, and the cancellation that removes
 * it: the same UID for one booking whatever happens to it, a SEQUENCE raised at each change (counted
 * by the database when it writes the message), METHOD:REQUEST or METHOD:CANCEL. The event is at the
 * booking's date and time as the visitor typed them (floating local time: the chef's day).
 */
export interface CalendarInput {
  method: 'REQUEST' | 'CANCEL';
  sequence: number;
  bookingId: string;
  /** The host part of the UID: the sender's domain. */
  domain: string;
  /** The business's time zone (content/site.ts timeZone), in which date and time are meant. */
  timeZone: string;
  date: string; // YYYY-MM-DD
  time: string; // HH:MM[:SS]
  durationHours: number;
  title: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** When this version was made (DTSTAMP comes from the library). */
}

export function bookingUid(bookingId: string, domain: string) {
  return `booking-${bookingId}@${domain}`;
}

export function bookingCalendar(input: CalendarInput): string {
  const hours = Math.floor(input.durationHours);
  const minutes = Math.round((input.durationHours - hours) * 60);
  const event: EventAttributes = {
    uid: bookingUid(input.bookingId, input.domain),
    sequence: input.sequence,
    method: input.method,
    productId: 'chef-site/mail',
    start: utcDateArray(instantIn(input.timeZone, input.date, input.time)),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours, minutes },
    title: input.title,
    description: input.description,
    location: input.location,
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: input.organizer.name, email: input.organizer.email },
    attendees: [
      {
        name: input.attendee.name,
        email: input.attendee.email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('the calendar file could not be made');
  return value;
}
