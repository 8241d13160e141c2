import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { fromPgError } from '../src/rest/pg-errors.ts';
import { withRetries } from '../src/rest/transient.ts';
import { ApiError } from '../src/http/api-error.ts';
import { backends, client, startTestServer, withDatabase, type TestServer } from './support/backend.ts';
import { inDays } from '../../test-support/fixtures.ts';

/**
 * The calendar's locks in one order on every path (issue 38, F5;
 * supabase/migrations/20261128100100_calendar_lock_order.sql): the probe's three-transaction race
 * on PostgreSQL, through the real server. A third transaction holds the day; the chef's "confirm over
 * the calendar" of a booking starts, then a plain confirmation of the same booking. Both answers are
 * the API's ordinary ones, never a deadlock's 500. And what may still fail that way is retried and
 * then answered 409.
 */
const postgres = backends.filter((b) => b.name === 'postgres');

describe.skipIf(postgres.length === 0).each(postgres)('the calendar race on $name', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let url = '';

  beforeAll(async () => {
    server = await startTestServer(backend);
    service = client(server, server.serviceKey);
    const { rows } = await server.db.tx(null, (sql) => sql<{ db: string }>('select current_database() as db'));
    url = withDatabase(backend.adminUrl!, rows[0]!.db);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function request(name: string, day: string) {
    const r = await service
      .from('bookings')
      .insert({
        name,
        email: 'race@visitor.test',
        phone: '+1 555 0100',
        booking_date: day,
        booking_time: '19:00',
        guests: 4,
        service_type: 'Private Chef Service',
        location: 'Atlanta',
      })
      .select('id')
      .single();
    expect(r.error).toBeNull();
    return (r.data as { id: string }).id;
  }
  /** PostgreSQL's count of deadlocks it detected in this test's database. */
  const deadlocks = async () =>
    (
      await server.db.tx(null, (sql) =>
        sql<{ n: number }>(`select deadlocks::int as n from pg_stat_database where datname = current_database()`),
      )
    ).rows[0]!.n;
  const waitingLocks = async () =>
    (await server.db.tx(null, (sql) => sql<{ n: number }>(`select count(*)::int as n from pg_locks where not granted`)))
      .rows[0]!.n;
  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the transactions never queued up');
  }

  for (let run = 1; run <= 4; run++) {
    it(`run ${run}: an override and a plain confirmation of one booking, while a third confirmation holds the day`, async () => {
      const day = inDays(60 + run * 3);
      const [held, contested] = [await request(`Holder ${run}`, day), await request(`Contested ${run}`, day)];
      const deadlocksBefore = await deadlocks();
      const t1 = new pg.Client({ connectionString: url });
      await t1.connect();
      try {
        await t1.query('begin');
        await t1.query(
          `select set_config('request.jwt.claims', '{"role":"service_role"}', true), set_config('role', 'service_role', true)`,
        );
        await t1.query(`update public.bookings set status = 'confirmed' where id = $1`, [held]);
        const before = await waitingLocks();
        // supabase-js sends a request when it is awaited or then'd: then'd at once, awaited at the end.
        const override = service
          .rpc('confirm_booking_over_calendar', { booking_id: contested, reason: 'A friend of the house' })
          .then((r) => r);
        await until(async () => (await waitingLocks()) === before + 1);
        const plain = service
          .from('bookings')
          .update({ status: 'confirmed' })
          .eq('id', contested)
          .select('status')
          .then((r) => r);
        await until(async () => (await waitingLocks()) === before + 2);
        await t1.query('commit');
        const [o, p] = await Promise.all([override, plain]);
        expect(o.status).not.toBe(500);
        expect(p.status).not.toBe(500);
        // The override takes the row first, so it confirms over the (now full) day; the plain
        // confirmation then finds the booking already confirmed, which its rule lets through.
        expect(o).toMatchObject({ status: 200, data: { status: 'confirmed', overridden: 'full' } });
        expect(p).toMatchObject({ status: 200, data: [{ status: 'confirmed' }] });
      } finally {
        await t1.end();
      }
      // Not one deadlock (the server would retry it, hiding it from the answers above). The
      // statistics are sent by each backend when it goes idle: a moment for them to arrive.
      await new Promise((r) => setTimeout(r, 600));
      expect(await deadlocks()).toBe(deadlocksBefore);
      const { data } = await service.from('bookings').select('id, status').in('id', [held, contested]);
      expect(data?.map((r) => r.status)).toEqual(['confirmed', 'confirmed']);
    });
  }
});

describe('a serialization failure or deadlock left over', () => {
  it('is tried again, and answered 409 in PostgREST’s shape when it keeps failing', async () => {
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls < 3) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return 'done';
    };
    expect(await withRetries(flaky)).toBe('done');
    expect(calls).toBe(3);

    let always = 0;
    const stuck = withRetries(async () => {
      always++;
      throw Object.assign(new Error('could not serialize access due to concurrent update'), {
        code: '40001',
        detail: 'Process 4242 waits for ShareLock',
      });
    });
    const err = await stuck.catch((e: unknown) => e);
    expect(always).toBe(3);
    const answered = fromPgError(err, 'anon');
    expect(answered).toBeInstanceOf(ApiError);
    expect((answered as ApiError).status).toBe(409);
    expect((answered as ApiError).body).toEqual({
      code: '40001',
      details: null,
      hint: null,
      message: 'The request collided with another one at the same time. Please try again.',
    });
    // Anything else is not retried.
    let once = 0;
    await withRetries(async () => {
      once++;
      throw Object.assign(new Error('x'), { code: '23514' });
    }).catch(() => {});
    expect(once).toBe(1);
  });
});
