import type { Tables } from '~/lib/database.types.ts';
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
    via: 'email_link' | 'quote' | null;
  }
>;

export interface BookingQuery {
  status: BookingStatus | 'all';
  from: string;
  to: string;
  sort: 'newest' | 'event';
  page: number;
  pageSize: number;
}

export async function listBookings(q: BookingQuery): Promise<Page<Booking>> {
  let query = (await db()).from('bookings').select('*', { count: 'exact' });
  if (q.status !== 'all') query = query.eq('status', q.status);
  if (q.from) query = query.gte('booking_date', q.from);
  if (q.to) query = query.lte('booking_date', q.to);
  query =
    q.sort === 'newest'
      ? query.order('created_at', { ascending: false }).order('id')
      : query.order('booking_date').order('booking_time').order('id');
  const start = q.page * q.pageSize;
  const r = await query.range(start, start + q.pageSize - 1);
  return { rows: check(r) as Booking[], total: r.count ?? 0 };
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

export async function bookingHistory(id: string): Promise<StatusChange[]> {
  const r = await (await db()).from('booking_status_changes').select('*').eq('booking_id', id).order('changed_at');
  return check(r) as StatusChange[];
}
