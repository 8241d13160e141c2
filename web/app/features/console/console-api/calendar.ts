import type { Tables } from '~/lib/database.types.ts';
import type { Booking } from './bookings.ts';
import { check, db } from './client.ts';

// The calendar (supabase/migrations/20261124120000_calendar.sql).

/** The calendar's settings as the console reads them; closed_weekday is the ISO weekday always closed (1 = Monday … 7 = Sunday), or none. */
export type CalendarSettings = Pick<
  Tables<'calendar_settings'>,
  'time_zone' | 'capacity_per_day' | 'closed_weekday' | 'feed_created_at'
>;

export type BlockedDates = Tables<'blocked_dates'>;

export type CalendarBooking = Pick<
  Booking,
  'id' | 'name' | 'status' | 'booking_date' | 'booking_time' | 'guests' | 'service_type'
>;

/** Why a day cannot be booked: blocked, the closed weekday, or full; null when it is open. */
export type DayUnavailable = 'blocked' | 'closed' | 'full' | null;

export async function calendarSettings(): Promise<CalendarSettings> {
  const r = await (
    await db()
  )
    .from('calendar_settings')
    .select('time_zone, capacity_per_day, closed_weekday, feed_created_at')
    .single();
  return check(r) as CalendarSettings;
}

export async function saveCalendarSettings(
  patch: Pick<CalendarSettings, 'capacity_per_day' | 'closed_weekday'>,
): Promise<CalendarSettings> {
  const r = await (
    await db()
  )
    .from('calendar_settings')
    .update(patch)
    .eq('id', true)
    .select('time_zone, capacity_per_day, closed_weekday, feed_created_at');
  const rows = check(r) as CalendarSettings[];
  if (rows.length !== 1) throw new Error('The settings could not be saved.');
  return rows[0]!;
}

/** The blocks that touch the days from `from` to `to`. */
export async function listBlocks(from: string, to: string): Promise<BlockedDates[]> {
  const r = await (
    await db()
  )
    .from('blocked_dates')
    .select('*')
    .lte('starts_on', to)
    .gte('ends_on', from)
    .order('starts_on')
    .order('id');
  return check(r) as BlockedDates[];
}

export async function addBlock(block: {
  starts_on: string;
  ends_on: string;
  note: string | null;
}): Promise<BlockedDates> {
  const r = await (await db()).from('blocked_dates').insert(block).select('*');
  return (check(r) as BlockedDates[])[0]!;
}

export async function removeBlock(id: string) {
  const r = await (await db()).from('blocked_dates').delete().eq('id', id).select('id');
  if ((check(r) as unknown[]).length !== 1) throw new Error('This block was already removed.');
}

/** The bookings whose event falls from `from` to `to`, by day and time. */
export async function bookingsBetween(from: string, to: string): Promise<CalendarBooking[]> {
  const r = await (
    await db()
  )
    .from('bookings')
    .select('id, name, status, booking_date, booking_time, guests, service_type')
    .gte('booking_date', from)
    .lte('booking_date', to)
    .order('booking_date')
    .order('booking_time')
    .order('id')
    .limit(1000);
  return check(r) as CalendarBooking[];
}

/** A deposit or balance still open that falls due on a day (public.booking_money). */
export type DueDate = {
  booking_id: string;
  name: string;
  kind: 'deposit' | 'balance';
  due_on: string;
  amount_cents: number;
  currency: string;
};

/** The open deposits and balances of confirmed and completed bookings due from `from` to `to`. */
export async function dueDatesBetween(from: string, to: string): Promise<DueDate[]> {
  const r = await (
    await db()
  )
    .from('booking_money')
    .select(
      'booking_id, name, currency, deposit_due_on, balance_due_on, deposit_outstanding_cents, balance_outstanding_cents',
    )
    .in('booking_status', ['confirmed', 'completed'])
    .gt('outstanding_cents', 0)
    .lte('deposit_due_on', to)
    .gte('balance_due_on', from)
    .limit(1000);
  const rows = check(r) as {
    booking_id: string;
    name: string;
    currency: string;
    deposit_due_on: string | null;
    balance_due_on: string | null;
    deposit_outstanding_cents: number;
    balance_outstanding_cents: number;
  }[];
  const due: DueDate[] = [];
  for (const m of rows) {
    const parts = [
      ['deposit', m.deposit_due_on, Number(m.deposit_outstanding_cents)],
      ['balance', m.balance_due_on, Number(m.balance_outstanding_cents)],
    ] as const;
    for (const [kind, on, cents] of parts) {
      if (on && cents > 0 && on >= from && on <= to)
        due.push({
          booking_id: m.booking_id,
          name: m.name,
          kind,
          due_on: on,
          amount_cents: cents,
          currency: m.currency,
        });
    }
  }
  return due;
}

/** The unavailable days from `from` to `to` (at most a year apart), as visitors see them. */
export async function unavailableDays(from: string, to: string): Promise<Set<string>> {
  const r = await (await db()).rpc('unavailable_dates', { from_date: from, to_date: to });
  return new Set(check(r) as string[]);
}

/** Why one day is unavailable to a booking (not counting that booking itself), as the database's rule. */
export async function dayUnavailable(day: string, exceptId: string): Promise<DayUnavailable> {
  const supabase = await db();
  const [blocks, settings, confirmed] = await Promise.all([
    supabase.from('blocked_dates').select('id').lte('starts_on', day).gte('ends_on', day).limit(1),
    calendarSettings(),
    supabase
      .from('bookings')
      .select('id', { count: 'exact', head: true })
      .eq('booking_date', day)
      .eq('status', 'confirmed')
      .neq('id', exceptId),
  ]);
  if ((check(blocks) as unknown[]).length > 0) return 'blocked';
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay() || 7;
  if (settings.closed_weekday === weekday) return 'closed';
  if (confirmed.error) throw new Error(confirmed.error.message);
  return (confirmed.count ?? 0) >= settings.capacity_per_day ? 'full' : null;
}

/**
 * Confirms a booking even on a blocked, closed or full day: the owner's explicit choice, with a
 * reason that the booking's history keeps (rpc/confirm_booking_over_calendar).
 */
export async function confirmOverCalendar(
  id: string,
  reason: string,
): Promise<{ status: string; overridden: DayUnavailable }> {
  const r = await (await db()).rpc('confirm_booking_over_calendar', { booking_id: id, reason });
  return check(r) as { status: string; overridden: DayUnavailable };
}

/** A new private feed secret; the previous address stops working. Shown once: only its hash is kept. */
export async function newFeedSecret(): Promise<string> {
  const r = await (await db()).rpc('new_calendar_feed_secret');
  return check(r) as string;
}
