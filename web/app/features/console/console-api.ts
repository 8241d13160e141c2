import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '~/lib/supabase.ts';

/**
 * Everything the console reads and writes, through supabase-js only (the same calls work against a
 * hosted Supabase project). Row-level security decides: these calls answer nothing but errors for
 * anyone who is not the owner (supabase/migrations/20261123100000_owner_role.sql).
 */

export const BOOKING_STATUSES = ['new', 'contacted', 'confirmed', 'completed', 'declined', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Which status may follow which: the database's rule (bookings_before_update), for the buttons. */
export const NEXT_STATUSES: Record<BookingStatus, BookingStatus[]> = {
  new: ['contacted', 'confirmed', 'declined', 'cancelled'],
  contacted: ['confirmed', 'declined', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  declined: ['contacted'],
  cancelled: ['contacted'],
};
export const NEEDS_REASON: BookingStatus[] = ['declined', 'cancelled'];
/** A party this large is marked in the inbox. */
export const LARGE_PARTY = 20;

export interface Booking {
  id: string;
  created_at: string;
  name: string;
  email: string;
  phone: string;
  booking_date: string;
  booking_time: string;
  guests: number;
  service_type: string;
  location: string;
  message: string | null;
  status: BookingStatus;
  status_reason: string | null;
  owner_note: string | null;
  updated_at: string;
}

export interface StatusChange {
  id: string;
  booking_id: string;
  from_status: BookingStatus | null;
  to_status: BookingStatus;
  reason: string | null;
  changed_by: string | null;
  /** Where the change came from when no signed-in user made it: 'email_link' (the confirm link in the chef's e-mail). */
  via: 'email_link' | null;
  changed_at: string;
}

export interface CommunityRecipe {
  id: string;
  created_at: string;
  title: string;
  description: string | null;
  ingredients: string;
  instructions: string;
  submitted_by: string | null;
  image_url: string | null;
  status: 'pending' | 'approved' | 'rejected' | 'unpublished';
  review_reason: string | null;
  reviewed_at: string | null;
}

export interface ContactMessageRow {
  id: string;
  created_at: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  read_at: string | null;
  archived_at: string | null;
}

export interface Subscriber {
  id: string;
  created_at: string;
  email: string;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** A failed call as an Error with the backend's own message. */
function check<T>(r: { data: T | null; error: { message: string } | null; count?: number | null }): T {
  if (r.error) throw new Error(r.error.message || 'The server did not answer.');
  return r.data as T;
}

const db = (): Promise<SupabaseClient> => getSupabase();

/** Does the signed-in account hold the owner role? (Its own row of user_roles, if any.) */
export async function isOwner(userId: string): Promise<boolean> {
  const r = await (await db()).from('user_roles').select('role').eq('user_id', userId).eq('role', 'owner');
  return check(r).length > 0;
}

export interface Waiting {
  count: number;
  /** created_at of the oldest waiting item. */
  oldest: string | null;
}

/** One request each: how many wait, and the oldest one's time. */
export async function overview() {
  const supabase = await db();
  const oldestFirst = { ascending: true } as const;
  const [bookings, recipes, messages] = await Promise.all([
    supabase.from('bookings').select('created_at', { count: 'exact' }).eq('status', 'new').order('created_at', oldestFirst).limit(1),
    supabase.from('community_recipes').select('created_at', { count: 'exact' }).eq('status', 'pending').order('created_at', oldestFirst).limit(1),
    supabase
      .from('contact_messages')
      .select('created_at', { count: 'exact' })
      .is('read_at', null)
      .is('archived_at', null)
      .order('created_at', oldestFirst)
      .limit(1),
  ]);
  const waiting = (r: typeof bookings): Waiting => {
    const rows = check(r) as { created_at: string }[];
    return { count: r.count ?? rows.length, oldest: rows[0]?.created_at ?? null };
  };
  return { bookings: waiting(bookings), recipes: waiting(recipes), messages: waiting(messages) };
}

/** The last good backup and the last failure after it (public.backup_status(), owners only). */
export interface BackupStatus {
  last_good_at: string | null;
  last_good_file: string | null;
  last_good_bytes: number | null;
  last_failure_at: string | null;
  last_error: string | null;
}

export async function backupStatus(): Promise<BackupStatus> {
  const supabase = await db();
  const r = await supabase.rpc('backup_status');
  if (r.error) throw new Error(r.error.message);
  return r.data as BackupStatus;
}

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

/** One row by id, for a link that names it (the owner's e-mails link to ?section=…&booking=<id>); null when there is none. */
async function byId<T>(table: 'bookings' | 'community_recipes' | 'contact_messages', id: string): Promise<T | null> {
  // Not a uuid: no row can have it (and PostgREST would answer a cast error, not "none").
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const r = await (await db()).from(table).select('*').eq('id', id).maybeSingle();
  return check(r) as T | null;
}
export const getBooking = (id: string) => byId<Booking>('bookings', id);
export const getRecipe = (id: string) => byId<CommunityRecipe>('community_recipes', id);
export const getMessage = (id: string) => byId<ContactMessageRow>('contact_messages', id);

export async function bookingHistory(id: string): Promise<StatusChange[]> {
  const r = await (await db()).from('booking_status_changes').select('*').eq('booking_id', id).order('changed_at');
  return check(r) as StatusChange[];
}

export async function listRecipes(status: CommunityRecipe['status'], page: number, pageSize: number): Promise<Page<CommunityRecipe>> {
  const start = page * pageSize;
  const r = await (await db())
    .from('community_recipes')
    .select('*', { count: 'exact' })
    .eq('status', status)
    .order('created_at', { ascending: status === 'pending' })
    .order('id')
    .range(start, start + pageSize - 1);
  return { rows: check(r) as CommunityRecipe[], total: r.count ?? 0 };
}

export const PHOTO_BUCKET = 'community_recipes';

/** The object name inside the photo bucket of a recipe's public photo URL, if it is one of ours. */
export function photoObjectName(imageUrl: string | null): string | null {
  if (!imageUrl) return null;
  const marker = `/storage/v1/object/public/${PHOTO_BUCKET}/`;
  const at = imageUrl.indexOf(marker);
  if (at < 0) return null;
  try {
    return decodeURIComponent(imageUrl.slice(at + marker.length).split(/[?#]/)[0]!);
  } catch {
    return null;
  }
}

export async function approveRecipes(ids: string[]): Promise<number> {
  const r = await (await db()).from('community_recipes').update({ status: 'approved' }).in('id', ids).select('id');
  return (check(r) as unknown[]).length;
}

/**
 * Rejects (pending) or unpublishes (approved) recipes, then deletes their photos: a public bucket
 * serves every object it holds, so a photo that must no longer be public has to go. The photo link
 * is cleared once its file is gone. Answers how many recipes changed and the photos that could not
 * be deleted (the caller says so; running it again retries them).
 */
export async function withdrawRecipes(
  recipes: Pick<CommunityRecipe, 'id' | 'image_url'>[],
  status: 'rejected' | 'unpublished',
  reason: string,
): Promise<{ changed: number; photoErrors: string[] }> {
  const supabase = await db();
  const ids = recipes.map((r) => r.id);
  const r = await supabase
    .from('community_recipes')
    .update({ status, review_reason: reason || null })
    .in('id', ids)
    .select('id');
  const changed = (check(r) as unknown[]).length;
  const photoErrors: string[] = [];
  const withPhotos = recipes.map((rec) => ({ id: rec.id, name: photoObjectName(rec.image_url) })).filter((p) => p.name);
  if (withPhotos.length) {
    const removed = await supabase.storage.from(PHOTO_BUCKET).remove(withPhotos.map((p) => p.name!));
    if (removed.error) photoErrors.push(removed.error.message);
    else {
      const gone = new Set((removed.data ?? []).map((o) => o.name));
      const cleared = withPhotos.filter((p) => gone.has(p.name!)).map((p) => p.id);
      // A photo already gone (removed before) counts as removed.
      const missing = withPhotos.filter((p) => !gone.has(p.name!)).map((p) => p.id);
      const toClear = [...cleared, ...missing];
      if (toClear.length) {
        const c = await supabase.from('community_recipes').update({ image_url: null }).in('id', toClear);
        if (c.error) photoErrors.push(c.error.message);
      }
    }
  }
  return { changed, photoErrors };
}

export type MessageView = 'inbox' | 'archived';

export async function listMessages(view: MessageView, page: number, pageSize: number): Promise<Page<ContactMessageRow>> {
  const start = page * pageSize;
  let q = (await db()).from('contact_messages').select('*', { count: 'exact' });
  q = view === 'inbox' ? q.is('archived_at', null) : q.not('archived_at', 'is', null);
  const r = await q.order('created_at', { ascending: false }).order('id').range(start, start + pageSize - 1);
  return { rows: check(r) as ContactMessageRow[], total: r.count ?? 0 };
}

export async function updateMessage(id: string, patch: Partial<Pick<ContactMessageRow, 'read_at' | 'archived_at'>>) {
  const r = await (await db()).from('contact_messages').update(patch).eq('id', id).select('*');
  const rows = check(r) as ContactMessageRow[];
  if (rows.length !== 1) throw new Error('This message could not be changed (it may have been deleted).');
  return rows[0]!;
}

export async function listSubscribers(page: number, pageSize: number): Promise<Page<Subscriber>> {
  const start = page * pageSize;
  const r = await (await db())
    .from('newsletter_subscribers')
    .select('*', { count: 'exact' })
    .order('created_at', { ascending: false })
    .order('id')
    .range(start, start + pageSize - 1);
  return { rows: check(r) as Subscriber[], total: r.count ?? 0 };
}

export async function removeSubscriber(id: string) {
  const r = await (await db()).from('newsletter_subscribers').delete().eq('id', id).select('id');
  if ((check(r) as unknown[]).length !== 1) throw new Error('This address was already removed.');
}

/** Every row of a table for an export, read a thousand at a time (the API's page size). */
export async function allRows<T>(table: 'bookings' | 'contact_messages' | 'newsletter_subscribers'): Promise<T[]> {
  const supabase = await db();
  const out: T[] = [];
  const size = 1000;
  for (let start = 0; ; start += size) {
    const r = await supabase
      .from(table)
      .select('*')
      .order('created_at', { ascending: false })
      .order('id')
      .range(start, start + size - 1);
    const rows = check(r) as T[];
    out.push(...rows);
    if (rows.length < size) return out;
  }
}
