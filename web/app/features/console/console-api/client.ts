import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '~/lib/supabase.ts';
import type { Database } from '~/lib/database.types.ts';

/*
 * The rows are the database's own types, generated from the migrations (~/lib/database.types.ts,
 * scripts/gen-types.ts). Where a text column takes only the values its check constraint lists, the
 * row narrows it to them here (~/lib/database.constants.ts, generated too); the view's columns PostgreSQL cannot vouch for are marked present.
 */

/** `Row` with `columns` narrowed to what their check constraints allow. */
export type Narrowed<Row, Columns extends { [K in keyof Row]?: unknown }> = Omit<Row, keyof Columns> & Columns;

export interface Page<T> {
  rows: T[];
  total: number;
}

/** A failed call as an Error with the backend's own message. */
export function check<T>(r: { data: T | null; error: { message: string } | null; count?: number | null }): T {
  if (r.error) throw new Error(r.error.message || 'The server did not answer.');
  return r.data as T;
}

export const db = (): Promise<SupabaseClient<Database>> => getSupabase();

/** One row by id, for a link that names it (the owner's e-mails link to ?section=…&booking=<id>); null when there is none. */
export async function byId<T>(
  table: 'bookings' | 'community_recipes' | 'contact_messages',
  id: string,
): Promise<T | null> {
  // Not a uuid: no row can have it (and PostgREST would answer a cast error, not "none").
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const r = await (await db()).from(table).select('*').eq('id', id).maybeSingle();
  return check(r) as T | null;
}

/** Every row of a table for an export, read a thousand at a time (the API's page size). */
export async function allRows<T>(
  table: 'bookings' | 'contact_messages' | 'newsletter_subscribers' | 'payments',
): Promise<T[]> {
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
