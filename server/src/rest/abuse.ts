import type { Context } from 'hono';
import type { AppContext, AppEnv } from '../context.ts';
import { restError } from '../errors.ts';
import { clientAddress } from '../rate-limit.ts';

/** Tables that visitors write to from the public forms. */
export const PUBLIC_FORM_TABLES = new Set(['bookings', 'community_recipes', 'contact_messages', 'newsletter_subscribers']);

/** The header the site's forms fill from their hidden honeypot field. */
export const HONEYPOT_HEADER = 'x-honeypot';

/**
 * Beyond hosted Supabase: inserts into the public forms' tables are rate limited per client
 * address (429), and a filled honeypot makes the insert a silent no-op. The service role is
 * exempt from both. Returns true when the request is a bot's and must store nothing.
 */
export function guardInsert(ctx: AppContext, c: Context<AppEnv>, table: string): boolean {
  if (!PUBLIC_FORM_TABLES.has(table) || c.get('claims').role === 'service_role') return false;
  const { inserts, windowSeconds } = ctx.config.rateLimits;
  if (!ctx.rateLimiter.hit(`rest-insert:${table}`, clientAddress(c), inserts, windowSeconds)) {
    const err = restError(429, 'over_request_rate_limit', 'Too many requests. Please wait a moment and try again.');
    err.headers['Retry-After'] = String(windowSeconds);
    throw err;
  }
  return (c.req.header(HONEYPOT_HEADER) ?? '').trim() !== '';
}
