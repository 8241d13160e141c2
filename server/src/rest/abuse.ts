import type { Context } from 'hono';
import type { AppContext, AppEnv } from '../http/context.ts';
import { restErrors } from './error-codes.ts';
import { clientAddress } from '../http/rate-limit.ts';

/** Tables that visitors write to from the public forms. */
export const PUBLIC_FORM_TABLES = new Set([
  'bookings',
  'community_recipes',
  'contact_messages',
  'newsletter_subscribers',
]);

/** The header the site's forms fill from their hidden honeypot field. */
export const HONEYPOT_HEADER = 'x-honeypot';

/** Rows a visitor (anon or a signed-in member) may send in one insert: one booking or one recipe. */
export const VISITOR_ROWS_PER_REQUEST = 1;

/**
 * Beyond hosted Supabase: inserts into the public forms' tables carry one row per request and are
 * rate limited per client address by rows, not requests (429); a filled honeypot makes the insert
 * a silent no-op. The service role is exempt from all three. Returns true when the request is a
 * bot's and must store nothing.
 */
export function guardInsert(ctx: AppContext, c: Context<AppEnv>, table: string, rows: number): boolean {
  if (!PUBLIC_FORM_TABLES.has(table) || c.get('claims').role === 'service_role') return false;
  if (rows > VISITOR_ROWS_PER_REQUEST) {
    throw restErrors.tooManyRows(table, rows);
  }
  const { inserts, windowSeconds } = ctx.config.rateLimits;
  if (!ctx.rateLimiter.hit(`rest-insert:${table}`, clientAddress(c), inserts, windowSeconds, rows)) {
    throw restErrors.rateLimited(windowSeconds);
  }
  return (c.req.header(HONEYPOT_HEADER) ?? '').trim() !== '';
}

/**
 * rpc/unavailable_dates is the heaviest call anyone may make (a year of days, a count per day):
 * sixty at once held a booking insert for most of a second (issue 38, F13). The booking form asks
 * once per month it shows; 60 calls a minute from one client address is far beyond that.
 */
export const CALENDAR_READS_PER_MINUTE = 60;

/** 429 for a visitor's call of a bounded RPC past its rate from one client address. */
export function guardRpc(ctx: AppContext, c: Context<AppEnv>, fn: string): void {
  if (fn !== 'unavailable_dates' || c.get('claims').role === 'service_role') return;
  if (!ctx.rateLimiter.hit('rpc:unavailable_dates', clientAddress(c), CALENDAR_READS_PER_MINUTE, 60)) {
    throw restErrors.rateLimited(60);
  }
}
