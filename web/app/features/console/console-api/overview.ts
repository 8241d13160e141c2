import { check, db } from './client.ts';

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
    supabase
      .from('bookings')
      .select('created_at', { count: 'exact' })
      .eq('status', 'new')
      .order('created_at', oldestFirst)
      .limit(1),
    supabase
      .from('community_recipes')
      .select('created_at', { count: 'exact' })
      .eq('status', 'pending')
      .order('created_at', oldestFirst)
      .limit(1),
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
