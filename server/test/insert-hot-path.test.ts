import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { prepareStore, type Store } from '../../test-support/product.ts';
import { backends, storeBackend } from './support/backend.ts';

/**
 * What every booking insert asks the database, kept cheap as the tables grow (issue 39, decision
 * 0062): the calendar's day check counts the day's confirmed bookings through their own index, not
 * every request of that day; the visitor-mail limit counts one mailbox through its expression index,
 * which still matches now that `private.mailbox` is inlined; and the helpers the triggers call on
 * every insert stay inlinable (no `set` clause, not security definer) or keep their plans (PL/pgSQL).
 */
describe.each(backends)('the booking insert hot path ($name)', (backend) => {
  let store: Store;
  let db: Db;
  beforeAll(async () => {
    store = await prepareStore({ backend: storeBackend(backend) });
    db = await openDb({ databaseUrl: store.databaseUrl, dataDir: store.dataDir, fsync: false });
    await migrate(db);
    await db.tx(null, async (sql) => {
      // 5,000 requests over 10 days, 10 of them confirmed, and 5,000 visitor messages.
      await sql(`insert into public.bookings (name, email, phone, booking_date, booking_time, guests, service_type, location, status)
                 select 'Guest ' || g, 'guest' || g || '@example.test', '555-0100', current_date + 30 + g % 10, '18:00', 4,
                        'Private Chef Service', 'Home', case when g <= 10 then 'confirmed' else 'new' end
                   from generate_series(1, 5000) g`);
      await sql(`insert into public.outbox (idempotency_key, event, recipient, payload, visitor_caused)
                 select 'hot-path-' || g, 'booking_acknowledged', 'visitor' || g || '@example.test', '{}', true
                   from generate_series(1, 5000) g`);
      await sql('analyze public.bookings');
      await sql('analyze public.outbox');
    });
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    await store?.dispose();
  });

  const plan = (text: string) =>
    db.tx(null, async (sql) => {
      const r = await sql<{ 'QUERY PLAN': string }>(`explain ${text}`);
      return r.rows.map((row) => row['QUERY PLAN']).join('\n');
    });

  it("the day check's count reads the confirmed bookings' index", async () => {
    // The count inside private.day_unavailable, as written there.
    expect(
      await plan(`select count(*) from public.bookings k
                   where k.booking_date = current_date + 31 and k.status = 'confirmed' and k.id is distinct from null`),
    ).toContain('bookings_confirmed_day_idx');
  });

  it("the visitor-mail count reads the mailbox's index, through the inlined private.mailbox", async () => {
    // The count inside private.outbox_guard, as written there.
    const text = await plan(`select count(*) from public.outbox o
                               where o.visitor_caused and private.mailbox(o.recipient) = 'visitor1@example.test'
                                 and o.created_at > now() - interval '24 hours'
                                 and not (o.status = 'failed' and o.attempts = 0)`);
    expect(text).toContain('outbox_visitor_mailbox_idx');
    expect(text).not.toContain('private.mailbox');
  });

  it('the helpers called on every insert are inlined or keep their plans', async () => {
    const rows = await db.tx(null, (sql) =>
      sql<{ proname: string; lang: string; secdef: boolean; config: string[] | null }>(
        `select p.proname, l.lanname as lang, p.prosecdef as secdef, p.proconfig as config
           from pg_proc p join pg_language l on l.oid = p.prolang join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'private' and p.proname in ('is_email_address', 'mailbox', 'day_unavailable', 'business_day', 'is_owner')
          order by p.proname`,
      ),
    );
    expect(rows.rows).toEqual([
      { proname: 'business_day', lang: 'plpgsql', secdef: true, config: ['search_path=""'] },
      { proname: 'day_unavailable', lang: 'plpgsql', secdef: true, config: ['search_path=""'] },
      { proname: 'is_email_address', lang: 'sql', secdef: false, config: null },
      { proname: 'is_owner', lang: 'plpgsql', secdef: true, config: ['search_path=""'] },
      { proname: 'mailbox', lang: 'sql', secdef: false, config: null },
    ]);
  });
});
