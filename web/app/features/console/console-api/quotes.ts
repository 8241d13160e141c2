import type { Tables, TablesInsert } from '~/lib/database.types.ts';
import type { CheckValue } from '~/lib/database.constants.ts';
import { check, db, type Narrowed } from './client.ts';

// Quotes (supabase/migrations/*_quotes_and_payments.sql). Every amount is computed by the database; the
// console writes only what the chef decides (prices, guests, lines, dates, terms) and reads the totals back.

export type QuoteStatus = CheckValue<'quotes', 'status'>;
export type LineUnit = CheckValue<'quote_lines', 'unit'>;

/** A type, not an interface, so that it is a JSON value (the column is jsonb). */
export type MenuCourse = {
  course: string;
  dish: string;
};

export type Quote = Narrowed<
  Tables<'quotes'>,
  { status: QuoteStatus; menu: MenuCourse[]; pricing: CheckValue<'quotes', 'pricing'> }
>;

export type QuoteLine = Narrowed<Tables<'quote_lines'>, { unit: LineUnit }>;

export type QuoteDraft = Partial<
  Pick<
    Quote,
    | 'menu'
    | 'pricing'
    | 'price_cents'
    | 'guests'
    | 'travel_fee_cents'
    | 'discount_cents'
    | 'deposit_percent'
    | 'deposit_due_on'
    | 'balance_due_on'
    | 'expires_on'
    | 'terms'
    | 'note'
  >
>;

export async function listQuotes(bookingId: string): Promise<Quote[]> {
  const r = await (
    await db()
  )
    .from('quotes')
    .select('*')
    .eq('booking_id', bookingId)
    .order('version', { ascending: false });
  return check(r) as Quote[];
}

export async function quoteLines(quoteId: string): Promise<QuoteLine[]> {
  const r = await (
    await db()
  )
    .from('quote_lines')
    .select('*')
    .eq('quote_id', quoteId)
    .order('position')
    .order('created_at');
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

export async function addQuoteLine(
  line: Pick<QuoteLine, 'quote_id' | 'description' | 'unit' | 'unit_cents' | 'quantity' | 'position'>,
) {
  check(await (await db()).from('quote_lines').insert(line));
}

export async function deleteQuoteLine(id: string) {
  check(await (await db()).from('quote_lines').delete().eq('id', id));
}

/** What a draft's send-day dates come from (private.quotes_before_update): shown before sending. */
export type SendSettings = Pick<Tables<'quote_settings'>, 'deposit_due_days' | 'quote_valid_days'>;
export async function sendSettings(): Promise<SendSettings> {
  const r = await (await db()).from('quote_settings').select('deposit_due_days, quote_valid_days').single();
  return check(r) as SendSettings;
}

/** E-mails the client the same link again (public.resend_quote; at most 5 messages a quote). */
export async function resendQuote(id: string) {
  check(await (await db()).rpc('resend_quote', { quote_id: id }));
}

/**
 * The client's link of a sent quote: the database keeps only the token's hash; the token itself is
 * in the quote's e-mail in the outbox, which the owner reads.
 */
export async function quoteLink(id: string): Promise<string | null> {
  const r = await (
    await db()
  )
    .from('outbox')
    .select('payload')
    .eq('event', 'quote_sent')
    .eq('subject_id', id)
    .order('created_at')
    .limit(1);
  const token = (check(r) as { payload: { quote_token?: unknown } }[])[0]?.payload.quote_token;
  return typeof token === 'string' && /^[0-9a-f]{64}$/.test(token) ? token : null;
}

export type QuoteEventKind = CheckValue<'quote_events', 'event'>;
export type QuoteEvent = Narrowed<Tables<'quote_events'>, { event: QuoteEventKind }>;

/** The booking's quotes' and payments' history, oldest first (written by the database's triggers). */
export async function quoteEvents(bookingId: string): Promise<QuoteEvent[]> {
  const r = await (await db()).from('quote_events').select('*').eq('booking_id', bookingId).order('at').order('id');
  return check(r) as QuoteEvent[];
}
