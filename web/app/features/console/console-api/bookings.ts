import type { Tables } from '~/lib/database.types.ts';
import type { CheckValue } from '~/lib/database.constants.ts';
import type { BookingStatus } from '../booking-status.ts';
import { byId, check, db, type Narrowed, type Page } from './client.ts';

/** A party this large is marked in the inbox. */
export const LARGE_PARTY = 20;

export type Booking = Narrowed<Tables<'bookings'>, { status: BookingStatus }>;

export type StatusChange = Narrowed<
  Tables<'booking_status_changes'>,
  {
    from_status: BookingStatus | null;
    to_status: BookingStatus;
    /**
     * Where the change came from when no signed-in user made it: 'email_link' (the confirm link in the
     * chef's e-mail) or 'quote' (the client accepted the quote on /quote).
     */
    via: CheckValue<'booking_status_changes', 'via'> | null;
  }
>;

/** What a booking owes, for the bookings list's filters (public.booking_money's money_state). */
export const MONEY_STATES = ['deposit_due', 'balance_due', 'overdue'] as const;
export type MoneyState = (typeof MONEY_STATES)[number] | 'paid';

/**
 * A row of the bookings list (the view public.booking_rows): the booking, with its accepted quote's
 * money (null without one) and the client's stated allergies.
 */
export type BookingRow = Booking & {
  currency: string | null;
  total_cents: number | null;
  paid_cents: number | null;
  outstanding_cents: number | null;
  next_due_on: string | null;
  next_due_kind: 'deposit' | 'balance' | null;
  money_state: MoneyState | null;
  dietary: string | null;
};

export interface BookingQuery {
  status: BookingStatus | 'all';
  money: (typeof MONEY_STATES)[number] | 'all';
  from: string;
  to: string;
  sort: 'newest' | 'event';
  page: number;
  pageSize: number;
}

export async function listBookings(q: BookingQuery): Promise<Page<BookingRow>> {
  let query = (await db()).from('booking_rows').select('*', { count: 'exact' });
  if (q.status !== 'all') query = query.eq('status', q.status);
  if (q.money !== 'all') query = query.eq('money_state', q.money);
  if (q.from) query = query.gte('booking_date', q.from);
  if (q.to) query = query.lte('booking_date', q.to);
  query =
    q.sort === 'newest'
      ? query.order('created_at', { ascending: false }).order('id')
      : query.order('booking_date').order('booking_time').order('id');
  const start = q.page * q.pageSize;
  const r = await query.range(start, start + q.pageSize - 1);
  return { rows: check(r) as BookingRow[], total: r.count ?? 0 };
}

export async function updateBooking(
  id: string,
  patch: Partial<Pick<Booking, 'status' | 'status_reason' | 'owner_note'>>,
): Promise<Booking> {
  const r = await (await db()).from('bookings').update(patch).eq('id', id).select('*');
  const rows = check(r) as Booking[];
  if (rows.length !== 1) throw new Error('This booking could not be changed (it may have been deleted).');
  return rows[0]!;
}

export const getBooking = (id: string) => byId<Booking>('bookings', id);

/** The client's stated allergies and dietary needs (the accepted quote's), or null. */
export async function bookingDietary(id: string): Promise<string | null> {
  const r = await (await db()).from('booking_money').select('dietary').eq('booking_id', id).maybeSingle();
  return (check(r) as { dietary: string | null } | null)?.dietary ?? null;
}

export async function bookingHistory(id: string): Promise<StatusChange[]> {
  const r = await (await db()).from('booking_status_changes').select('*').eq('booking_id', id).order('changed_at');
  return check(r) as StatusChange[];
}
