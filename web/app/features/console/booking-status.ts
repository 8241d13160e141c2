import { Constants } from '../../lib/database.constants.ts';

/**
 * A booking's statuses and which may follow which. The database is the source: the check constraint
 * bookings_status_known (its list is the generated constants') and the trigger private.bookings_before_update (as last replaced by
 * supabase/migrations/20261124130000_quotes_and_payments.sql). server/test/booking-status-machine.test.ts
 * tries every (from, to) pair against that trigger, on PGlite and PostgreSQL, and fails when this
 * table says otherwise (docs/decisions/0026-one-source-per-contract.md).
 */

export const BOOKING_STATUSES = Constants.public.Checks.bookings.status;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Every change of status the database allows. A declined or cancelled request can be taken up again; a completed one is final. */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  new: ['contacted', 'quoted', 'confirmed', 'declined', 'cancelled'],
  contacted: ['quoted', 'confirmed', 'declined', 'cancelled'],
  quoted: ['contacted', 'confirmed', 'declined', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  declined: ['contacted'],
  cancelled: ['contacted'],
};

/**
 * The console's buttons: every allowed change but to 'quoted', which sending a quote makes (the quote
 * section of a booking), so it has no button of its own.
 */
export const NEXT_STATUSES = Object.fromEntries(
  BOOKING_STATUSES.map((from) => [from, BOOKING_TRANSITIONS[from].filter((to) => to !== 'quoted')]),
) as Record<BookingStatus, BookingStatus[]>;

/** The statuses the database takes only with a reason (status_reason). */
export const NEEDS_REASON: BookingStatus[] = ['declined', 'cancelled'];
