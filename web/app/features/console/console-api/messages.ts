import type { Tables } from '~/lib/database.types.ts';
import { byId, check, db, type Page } from './client.ts';

export type ContactMessageRow = Tables<'contact_messages'>;

export type MessageView = 'inbox' | 'archived';

export const getMessage = (id: string) => byId<ContactMessageRow>('contact_messages', id);

export async function listMessages(
  view: MessageView,
  page: number,
  pageSize: number,
): Promise<Page<ContactMessageRow>> {
  const start = page * pageSize;
  let q = (await db()).from('contact_messages').select('*', { count: 'exact' });
  q = view === 'inbox' ? q.is('archived_at', null) : q.not('archived_at', 'is', null);
  const r = await q
    .order('created_at', { ascending: false })
    .order('id')
    .range(start, start + pageSize - 1);
  return { rows: check(r) as ContactMessageRow[], total: r.count ?? 0 };
}

export async function updateMessage(id: string, patch: Partial<Pick<ContactMessageRow, 'read_at' | 'archived_at'>>) {
  const r = await (await db()).from('contact_messages').update(patch).eq('id', id).select('*');
  const rows = check(r) as ContactMessageRow[];
  if (rows.length !== 1) throw new Error('This message could not be changed (it may have been deleted).');
  return rows[0]!;
}
