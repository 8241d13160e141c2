import type { SupabaseClient } from '@supabase/supabase-js';
import { backendSettings, getSupabase } from '~/lib/supabase.ts';
import type { Database, Tables, TablesInsert } from '~/lib/database.types.ts';
import type { CheckValue } from '~/lib/database.constants.ts';
import type { BookingStatus } from './booking-status.ts';

/**
 * Everything the console reads and writes, through supabase-js only (the same calls work against a
 * hosted Supabase project). Row-level security decides: these calls answer nothing but errors for
 * anyone who is not the owner (supabase/migrations/20261123100000_owner_role.sql).
 */

export { BOOKING_STATUSES, NEEDS_REASON, NEXT_STATUSES, type BookingStatus } from './booking-status.ts';

/** A party this large is marked in the inbox. */
export const LARGE_PARTY = 20;

/*
 * The rows are the database's own types, generated from the migrations (~/lib/database.types.ts,
 * scripts/gen-types.ts). Where a text column takes only the values its check constraint lists, the
 * row narrows it to them here (~/lib/database.constants.ts, generated too); the view's columns PostgreSQL cannot vouch for are marked present.
 */

/** `Row` with `columns` narrowed to what their check constraints allow. */
type Narrowed<Row, Columns extends { [K in keyof Row]?: unknown }> = Omit<Row, keyof Columns> & Columns;

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

export type CommunityRecipe = Narrowed<Tables<'community_recipes'>, { status: CheckValue<'community_recipes', 'status'> }>;

export type ContactMessageRow = Tables<'contact_messages'>;

export type Subscriber = Tables<'newsletter_subscribers'>;

export interface Page<T> {
  rows: T[];
  total: number;
}

/** A failed call as an Error with the backend's own message. */
function check<T>(r: { data: T | null; error: { message: string } | null; count?: number | null }): T {
  if (r.error) throw new Error(r.error.message || 'The server did not answer.');
  return r.data as T;
}

const db = (): Promise<SupabaseClient<Database>> => getSupabase();

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
/** A type, not an interface, so that it is a JSON value (the function returns jsonb). */
export type BackupStatus = {
  last_good_at: string | null;
  last_good_file: string | null;
  last_good_bytes: number | null;
  last_failure_at: string | null;
  last_error: string | null;
};

export async function backupStatus(): Promise<BackupStatus> {
  const supabase = await db();
  const r = await supabase.rpc('backup_status');
  if (r.error) throw new Error(r.error.message);
  return r.data as BackupStatus;
}

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

/** The client's stated allergies and dietary needs (the accepted quote's), or null. */
export async function bookingDietary(id: string): Promise<string | null> {
  const r = await (await db()).from('booking_money').select('dietary').eq('booking_id', id).maybeSingle();
  return (check(r) as { dietary: string | null } | null)?.dietary ?? null;
}

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

/**
 * The object name inside the photo bucket of a recipe's public photo URL, if it is one of ours: the
 * URL must be on this site's own backend (the database checks the path and that the object exists,
 * but cannot know the host), so a row naming another host's file is never deleted from ours.
 */
export function photoObjectName(imageUrl: string | null, backendUrl: string = backendSettings().url): string | null {
  if (!imageUrl) return null;
  try {
    const url = new URL(imageUrl);
    const prefix = new URL(`storage/v1/object/public/${PHOTO_BUCKET}/`, `${backendUrl.replace(/\/+$/, '')}/`);
    if (url.origin !== prefix.origin || !url.pathname.startsWith(prefix.pathname) || url.search || url.hash) return null;
    const name = decodeURIComponent(url.pathname.slice(prefix.pathname.length));
    if (!name || name.split('/').some((part) => part === '..' || part === '.' || part === '')) return null;
    return name;
  } catch {
    return null;
  }
}

/** The photo's URL when it is one of this site's own (see photoObjectName), for an `<img>`. */
export function ownPhotoUrl(imageUrl: string | null): string | null {
  return photoObjectName(imageUrl) === null ? null : imageUrl;
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
export async function allRows<T>(table: 'bookings' | 'contact_messages' | 'newsletter_subscribers' | 'payments'): Promise<T[]> {
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

// ── Quotes and payments (supabase/migrations/*_quotes_and_payments.sql) ─────────────────────────
// Every amount is computed by the database; the console writes only what the chef decides (prices,
// guests, lines, dates, terms) and reads the totals back.

export type QuoteStatus = CheckValue<'quotes', 'status'>;
export type LineUnit = CheckValue<'quote_lines', 'unit'>;

/** A type, not an interface, so that it is a JSON value (the column is jsonb). */
export type MenuCourse = {
  course: string;
  dish: string;
};

export type Quote = Narrowed<Tables<'quotes'>, { status: QuoteStatus; menu: MenuCourse[]; pricing: CheckValue<'quotes', 'pricing'> }>;

export type QuoteLine = Narrowed<Tables<'quote_lines'>, { unit: LineUnit }>;

export type QuoteDraft = Partial<
  Pick<
    Quote,
    'menu' | 'pricing' | 'price_cents' | 'guests' | 'travel_fee_cents' | 'discount_cents' | 'deposit_percent' | 'deposit_due_on' | 'balance_due_on' | 'expires_on' | 'terms' | 'note'
  >
>;

export type PaymentKind = CheckValue<'payments', 'kind'>;
export type PaymentMethod = CheckValue<'payments', 'method'>;

export type Payment = Narrowed<Tables<'payments'>, { kind: PaymentKind; method: PaymentMethod }>;

type BalanceView = Tables<'booking_balances'>;
/** A row of the view booking_balances: every column present but the due days and the acceptance time. */
export type BookingBalance = Narrowed<
  BalanceView,
  { [K in Exclude<keyof BalanceView, 'deposit_due_on' | 'balance_due_on' | 'accepted_at'>]: NonNullable<BalanceView[K]> }
>;

export async function listQuotes(bookingId: string): Promise<Quote[]> {
  const r = await (await db()).from('quotes').select('*').eq('booking_id', bookingId).order('version', { ascending: false });
  return check(r) as Quote[];
}

export async function quoteLines(quoteId: string): Promise<QuoteLine[]> {
  const r = await (await db()).from('quote_lines').select('*').eq('quote_id', quoteId).order('position').order('created_at');
  return check(r) as QuoteLine[];
}

export async function createQuote(bookingId: string, draft: QuoteDraft = {}): Promise<Quote> {
  // currency, tax_rate_bp and version come from the settings and the booking's other quotes
  // (private.quotes_before_insert): required in the table, so in its generated Insert type, but never sent.
  const row = { booking_id: bookingId, ...draft } as TablesInsert<'quotes'>;
  const r = await (await db()).from('quotes').insert(row).select('*');
  return (check(r) as Quote[])[0]!;
}

async function changeQuote(id: string, patch: QuoteDraft | { status: QuoteStatus }): Promise<Quote> {
  const r = await (await db()).from('quotes').update(patch).eq('id', id).select('*');
  const rows = check(r) as Quote[];
  if (rows.length !== 1) throw new Error('This quote could not be changed (it may have been deleted).');
  return rows[0]!;
}
export const saveQuote = (id: string, draft: QuoteDraft) => changeQuote(id, draft);
/** Sends the draft: the database locks it, mails the client their link and marks the booking quoted. */
export const sendQuote = (id: string) => changeQuote(id, { status: 'sent' });
export const withdrawQuote = (id: string) => changeQuote(id, { status: 'withdrawn' });

/** A new draft version from a sent quote (the old one's link then says it was replaced); its id. */
export async function reviseQuote(id: string): Promise<string> {
  const r = await (await db()).rpc('revise_quote', { quote_id: id });
  return check(r) as string;
}

export async function deleteQuote(id: string) {
  const r = await (await db()).from('quotes').delete().eq('id', id).select('id');
  if ((check(r) as unknown[]).length !== 1) throw new Error('This quote was already deleted.');
}

export async function addQuoteLine(line: Pick<QuoteLine, 'quote_id' | 'description' | 'unit' | 'unit_cents' | 'quantity' | 'position'>) {
  check(await (await db()).from('quote_lines').insert(line));
}

export async function deleteQuoteLine(id: string) {
  check(await (await db()).from('quote_lines').delete().eq('id', id));
}

export async function bookingBalance(bookingId: string): Promise<BookingBalance | null> {
  const r = await (await db()).from('booking_balances').select('*').eq('booking_id', bookingId).maybeSingle();
  return check(r) as BookingBalance | null;
}

export async function listPayments(bookingId: string): Promise<Payment[]> {
  const r = await (await db()).from('payments').select('*').eq('booking_id', bookingId).order('received_on').order('created_at');
  return check(r) as Payment[];
}

/** Records a payment: the database sends the client a receipt. */
export async function recordPayment(p: Pick<Payment, 'booking_id' | 'kind' | 'amount_cents' | 'received_on' | 'method' | 'note' | 'provider_reference'>) {
  check(await (await db()).from('payments').insert(p));
}

export async function deletePayment(id: string) {
  check(await (await db()).from('payments').delete().eq('id', id));
}

/** One client in a list of the money overview: a payment received, or an amount falling due. */
export type MoneyClient = {
  booking_id: string;
  name: string;
  booking_date: string;
  amount_cents: number;
  /** What falls due (lists of amounts due); absent for payments received. */
  kind?: 'deposit' | 'balance';
  due_on?: string;
  received_on?: string;
};
type MoneyList = { total_cents: number; clients: MoneyClient[] };
/** public.money_overview(): computed by the database in cents and the business's day. */
export type MoneyOverviewData = {
  currency: string;
  today: string;
  month_start: string;
  outstanding_cents: number;
  received: MoneyList;
  due_soon: MoneyList;
  overdue: MoneyList;
};

export async function moneyOverview(): Promise<MoneyOverviewData> {
  const r = await (await db()).rpc('money_overview');
  return check(r) as unknown as MoneyOverviewData;
}

// ── The calendar (supabase/migrations/20261124120000_calendar.sql) ──────────────────────────────

/** The calendar's settings as the console reads them; closed_weekday is the ISO weekday always closed (1 = Monday … 7 = Sunday), or none. */
export type CalendarSettings = Pick<Tables<'calendar_settings'>, 'time_zone' | 'capacity_per_day' | 'closed_weekday' | 'feed_created_at'>;

export type BlockedDates = Tables<'blocked_dates'>;

export type CalendarBooking = Pick<Booking, 'id' | 'name' | 'status' | 'booking_date' | 'booking_time' | 'guests' | 'service_type'>;

/** Why a day cannot be booked: blocked, the closed weekday, or full; null when it is open. */
export type DayUnavailable = 'blocked' | 'closed' | 'full' | null;

export async function calendarSettings(): Promise<CalendarSettings> {
  const r = await (await db()).from('calendar_settings').select('time_zone, capacity_per_day, closed_weekday, feed_created_at').single();
  return check(r) as CalendarSettings;
}

export async function saveCalendarSettings(patch: Pick<CalendarSettings, 'capacity_per_day' | 'closed_weekday'>): Promise<CalendarSettings> {
  const r = await (await db())
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
  const r = await (await db()).from('blocked_dates').select('*').lte('starts_on', to).gte('ends_on', from).order('starts_on').order('id');
  return check(r) as BlockedDates[];
}

export async function addBlock(block: { starts_on: string; ends_on: string; note: string | null }): Promise<BlockedDates> {
  const r = await (await db()).from('blocked_dates').insert(block).select('*');
  return (check(r) as BlockedDates[])[0]!;
}

export async function removeBlock(id: string) {
  const r = await (await db()).from('blocked_dates').delete().eq('id', id).select('id');
  if ((check(r) as unknown[]).length !== 1) throw new Error('This block was already removed.');
}

/** The bookings whose event falls from `from` to `to`, by day and time. */
export async function bookingsBetween(from: string, to: string): Promise<CalendarBooking[]> {
  const r = await (await db())
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
export type DueDate = { booking_id: string; name: string; kind: 'deposit' | 'balance'; due_on: string; amount_cents: number; currency: string };

/** The open deposits and balances of confirmed and completed bookings due from `from` to `to`. */
export async function dueDatesBetween(from: string, to: string): Promise<DueDate[]> {
  const r = await (await db())
    .from('booking_money')
    .select('booking_id, name, currency, deposit_due_on, balance_due_on, deposit_outstanding_cents, balance_outstanding_cents')
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
      if (on && cents > 0 && on >= from && on <= to) due.push({ booking_id: m.booking_id, name: m.name, kind, due_on: on, amount_cents: cents, currency: m.currency });
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
    supabase.from('bookings').select('id', { count: 'exact', head: true }).eq('booking_date', day).eq('status', 'confirmed').neq('id', exceptId),
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
export async function confirmOverCalendar(id: string, reason: string): Promise<{ status: string; overridden: DayUnavailable }> {
  const r = await (await db()).rpc('confirm_booking_over_calendar', { booking_id: id, reason });
  return check(r) as { status: string; overridden: DayUnavailable };
}

/** A new private feed secret; the previous address stops working. Shown once: only its hash is kept. */
export async function newFeedSecret(): Promise<string> {
  const r = await (await db()).rpc('new_calendar_feed_secret');
  return check(r) as string;
}
