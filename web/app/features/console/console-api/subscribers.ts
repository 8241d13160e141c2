import type { Tables } from '~/lib/database.types.ts';
import { check, db, type Page } from './client.ts';

export type Subscriber = Tables<'newsletter_subscribers'>;

export async function listSubscribers(page: number, pageSize: number): Promise<Page<Subscriber>> {
  const start = page * pageSize;
  const r = await (
    await db()
  )
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
