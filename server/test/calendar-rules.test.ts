import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { site } from '../../content/site.ts';
import { businessToday } from '../../web/app/lib/business-date.ts';
import { composeMail, formatDate, type OutboxRow } from '../src/mail/compose.ts';
import { backends, client, startTestServer, withDatabase, type TestServer } from './support/backend.ts';

/**
 * The calendar's rules as the database enforces them (supabase/migrations/20261124120000_calendar.sql):
 * a day is unavailable when blocked, on the closed weekday, or holding capacity_per_day confirmed
 * bookings; visitors learn only which days (rpc/unavailable_dates); their requests for such a day
 * are refused; a confirmation on a full day is refused whoever confirms, also when confirmations
 * race (PostgreSQL, concurrent transactions); the owner may confirm over the calendar explicitly.
 */

/** A day far enough ahead, distinct per test so the tests share one database without meeting. */
let nextOffset = 40;
function freshDay(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + nextOffset);
  nextOffset += 3;
  return d.toISOString().slice(0, 10);
}
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const booking = (name: string, day: string) => ({
  name,
  email: 'guest@visitor.test',
  phone: '+1 555 0100',
  booking_date: day,
  booking_time: '19:00',
  guests: 4,
  service_type: 'Private Chef Service',
  location: 'Atlanta',
});

describe.each(backends)('the calendar rules on $name', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let member: SupabaseClient;
  let owner: SupabaseClient;
  let ownerId = '';

  async function signUp(email: string) {
    const c = client(server, server.anonKey);
    const { data, error } = await c.auth.signUp({ email, password: 'calendar-password-1' });
    if (error || !data.session || !data.user) throw error ?? new Error('no session');
    return { token: data.session.access_token, id: data.user.id };
  }

  /** A stored request (by the service role) on `day`; its id. */
  async function request(name: string, day: string) {
    const r = await service.from('bookings').insert(booking(name, day)).select('id').single();
    expect(r.error).toBeNull();
    return (r.data as { id: string }).id;
  }
  const statusOf = async (id: string) =>
    ((await service.from('bookings').select('status').eq('id', id).single()).data as { status: string }).status;
  const unavailable = async (c: SupabaseClient, from: string, to: string) =>
    c.rpc('unavailable_dates', { from_date: from, to_date: to });
  const setCapacity = async (n: number) =>
    expect((await service.from('calendar_settings').update({ capacity_per_day: n }).eq('id', true)).error).toBeNull();

  beforeAll(async () => {
    server = await startTestServer(backend);
    service = client(server, server.serviceKey);
    anon = client(server, server.anonKey);
    member = client(server, server.anonKey, {
      accessToken: (await signUp(`member-${crypto.randomUUID()}@example.com`)).token,
    });
    const o = await signUp(`owner-${crypto.randomUUID()}@example.com`);
    ownerId = o.id;
    expect((await service.from('user_roles').insert({ user_id: o.id, role: 'owner' })).error).toBeNull();
    owner = client(server, server.anonKey, { accessToken: o.token });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps the time zone of content/site.ts, and refuses a name that is not an IANA zone', async () => {
    const s = await service.from('calendar_settings').select('time_zone, capacity_per_day, closed_weekday').single();
    expect(s.data).toEqual({ time_zone: site.timeZone, capacity_per_day: 1, closed_weekday: null });
    const bad = await service.from('calendar_settings').update({ time_zone: 'EST' }).eq('id', true);
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('EST is not a time zone');
    // The owner changes capacity and the closed weekday, never the zone (it follows content/site.ts).
    const tz = await owner.from('calendar_settings').update({ time_zone: 'Europe/Paris' }).eq('id', true);
    expect(tz.status).toBe(403);
    expect((await service.from('calendar_settings').select('time_zone').single()).data).toEqual({
      time_zone: site.timeZone,
    });
  });

  it("counts the business's days across the end of daylight saving time (America/New_York, 1 November 2026)", async () => {
    const { rows } = await server.db.tx(null, (sql) =>
      sql<{ at: string; day: string }>(
        `select at, private.business_day(at::timestamptz)::text as day
           from unnest(array['2026-11-01T03:59:59Z', '2026-11-01T04:00:00Z', '2026-11-02T04:59:59Z', '2026-11-02T05:00:00Z',
                             '2026-03-08T04:59:59Z', '2026-03-08T05:00:00Z', '2026-03-09T03:59:59Z', '2026-03-09T04:00:00Z']) as at`,
      ),
    );
    expect(rows.map((r) => `${r.at} ${r.day}`)).toEqual([
      // EDT (UTC−4) until 06:00 UTC on 1 November, then EST (UTC−5): midnight moves from 04:00 to 05:00 UTC.
      '2026-11-01T03:59:59Z 2026-10-31',
      '2026-11-01T04:00:00Z 2026-11-01',
      '2026-11-02T04:59:59Z 2026-11-01',
      '2026-11-02T05:00:00Z 2026-11-02',
      // And back on 8 March 2026: midnight at 05:00 UTC before, 04:00 UTC after.
      '2026-03-08T04:59:59Z 2026-03-07',
      '2026-03-08T05:00:00Z 2026-03-08',
      '2026-03-09T03:59:59Z 2026-03-08',
      '2026-03-09T04:00:00Z 2026-03-09',
    ]);
  });

  it('tells anyone the unavailable days of a range and nothing else', async () => {
    const start = freshDay();
    nextOffset += 30;
    // A block of three days, a full day, a day with a pending request only.
    expect(
      (
        await owner
          .from('blocked_dates')
          .insert({ starts_on: addDays(start, 2), ends_on: addDays(start, 4), note: 'Lisbon (private)' })
      ).error,
    ).toBeNull();
    const full = await request('Full day', addDays(start, 8));
    expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', full)).error).toBeNull();
    await request('Pending only', addDays(start, 9));
    const expected = [addDays(start, 2), addDays(start, 3), addDays(start, 4), addDays(start, 8)];
    for (const c of [anon, member, owner, service]) {
      const r = await unavailable(c, start, addDays(start, 12));
      expect(r.error).toBeNull();
      expect(r.data).toEqual(expected);
    }
    // The raw answer is an array of dates: no names, notes or counts anywhere in it.
    const raw = await fetch(`${server.url}/rest/v1/rpc/unavailable_dates`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${server.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ from_date: start, to_date: addDays(start, 12) }),
    });
    expect(raw.status).toBe(200);
    expect(JSON.parse(await raw.text())).toEqual(expected);
  });

  it('adds the closed weekday, and refuses a range longer than a year or backwards with a clear message', async () => {
    // 3 March 2031 is a Monday (ISO weekday 1); no other test uses that year.
    expect((await owner.from('calendar_settings').update({ closed_weekday: 1 }).eq('id', true)).error).toBeNull();
    try {
      const r = await unavailable(anon, '2031-03-03', '2031-03-18');
      expect(r.data).toEqual(['2031-03-03', '2031-03-10', '2031-03-17']);
    } finally {
      expect((await owner.from('calendar_settings').update({ closed_weekday: null }).eq('id', true)).error).toBeNull();
    }
    const long = await unavailable(anon, '2027-01-01', '2028-01-03');
    expect(long.status).toBe(400);
    expect(long.error).toMatchObject({
      code: '22023',
      message: 'The range is longer than a year',
      hint: 'Ask for at most 366 days at a time.',
    });
    expect((await unavailable(anon, '2027-01-01', '2028-01-02')).status).toBe(200);
    const backwards = await unavailable(anon, '2027-02-01', '2027-01-01');
    expect(backwards.status).toBe(400);
    expect(backwards.error?.message).toBe('to_date must not be before from_date');
    const notADate = await unavailable(anon, 'yesterday-ish', '2027-01-01');
    expect(notADate.status).toBe(400);
    expect(notADate.error?.code).toBe('22007');
    const weekday = await owner.from('calendar_settings').update({ closed_weekday: 8 }).eq('id', true);
    expect(weekday.status).toBe(400);
    expect(weekday.error?.code).toBe('23514');
  });

  it("refuses a visitor's request for a blocked or full day with PostgREST's error and stores nothing", async () => {
    const blocked = freshDay();
    expect((await owner.from('blocked_dates').insert({ starts_on: blocked, ends_on: blocked })).error).toBeNull();
    const full = freshDay();
    expect(
      (
        await owner
          .from('bookings')
          .update({ status: 'confirmed' })
          .eq('id', await request('Takes the day', full))
      ).error,
    ).toBeNull();
    for (const [c, day] of [
      [anon, blocked],
      [member, full],
      [owner, blocked],
    ] as const) {
      const name = `Refused ${crypto.randomUUID()}`;
      const r = await c.from('bookings').insert(booking(name, day));
      expect(r.status).toBe(400);
      expect(r.error).toEqual({
        code: '23514',
        message: 'The chef is not available on this date. Please choose another date.',
        details: `booking_date ${day} is unavailable`,
        hint: 'public.unavailable_dates lists the days that cannot be booked.',
      });
      expect((await service.from('bookings').select('id').eq('name', name)).data).toEqual([]);
    }
    // The day before the blocked one is still open.
    expect((await anon.from('bookings').insert(booking('Day before', addDays(blocked, -1)))).error).toBeNull();
  });

  it("refuses a visitor's request for a day before the business's today", async () => {
    const r = await anon.from('bookings').insert(booking('Yesterday', addDays(businessToday(), -1)));
    expect(r.status).toBe(400);
    expect(r.error?.message).toBe('booking_date must not be in the past');
  });

  it('refuses to confirm a second booking on a full day, whoever confirms: owner, service role, e-mail link', async () => {
    const day = freshDay();
    const first = await request('First', day);
    const byOwner = await request('Second', day);
    const { data: outbox } = await service
      .from('outbox')
      .select('payload')
      .eq('subject_id', byOwner)
      .eq('event', 'booking_received')
      .single();
    const token = (outbox as { payload: { confirm_token: string } }).payload.confirm_token;
    expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', first)).error).toBeNull();

    const o = await owner.from('bookings').update({ status: 'confirmed' }).eq('id', byOwner);
    expect(o.status).toBe(400);
    const fullMessage = `${new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })} is already full`;
    expect(o.error).toMatchObject({
      code: '23514',
      message: fullMessage,
      details: `booking_date ${day} is unavailable (full)`,
    });
    const s = await service.from('bookings').update({ status: 'confirmed' }).eq('id', byOwner);
    expect(s.status).toBe(400);
    const link = await anon.rpc('redeem_mail_action', { token });
    expect(link.status).toBe(400);
    expect(link.error?.message).toBe(o.error?.message);
    expect(await statusOf(byOwner)).toBe('new');
    // Nothing of a refused confirmation was kept: no history row, no confirmation e-mail.
    expect((await service.from('booking_status_changes').select('to_status').eq('booking_id', byOwner)).data).toEqual([
      { to_status: 'new' },
    ]);
    expect(
      (await service.from('outbox').select('id').eq('subject_id', byOwner).eq('event', 'booking_confirmed')).data,
    ).toEqual([]);

    // Nor can a row be stored already confirmed on that day (the service role could try).
    const direct = await service
      .from('bookings')
      .insert({ ...booking('Inserted confirmed', day), status: 'confirmed' });
    expect(direct.status).toBe(400);
    expect(direct.error?.details).toBe(`booking_date ${day} is unavailable (full)`);
    expect((await service.from('bookings').select('id').eq('name', 'Inserted confirmed')).data).toEqual([]);

    // Cancelling the first frees the day.
    expect(
      (await owner.from('bookings').update({ status: 'cancelled', status_reason: 'Guest fell ill' }).eq('id', first))
        .error,
    ).toBeNull();
    expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', byOwner)).error).toBeNull();
  });

  it('refuses to confirm on a blocked day; capacity 2 lets two events take one day, not three', async () => {
    const blocked = freshDay();
    const onBlocked = await request('On a later block', blocked);
    expect(
      (await owner.from('blocked_dates').insert({ starts_on: blocked, ends_on: blocked, note: 'Dentist' })).error,
    ).toBeNull();
    const r = await owner.from('bookings').update({ status: 'confirmed' }).eq('id', onBlocked);
    expect(r.status).toBe(400);
    expect(r.error?.details).toBe(`booking_date ${blocked} is unavailable (blocked)`);

    const day = freshDay();
    const ids = [await request('One', day), await request('Two', day), await request('Three', day)];
    await setCapacity(2);
    try {
      expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', ids[0]!)).error).toBeNull();
      expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', ids[1]!)).error).toBeNull();
      expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', ids[2]!)).status).toBe(400);
      // One statement confirming two on a day with room for none: refused as a whole.
      const day2 = freshDay();
      const pair = [await request('Pair A', day2), await request('Pair B', day2), await request('Pair C', day2)];
      const both = await owner.from('bookings').update({ status: 'confirmed' }).in('id', pair);
      expect(both.status).toBe(400);
      expect(await Promise.all(pair.map(statusOf))).toEqual(['new', 'new', 'new']);
    } finally {
      await setCapacity(1);
    }
  });

  it('lets the owner confirm over the calendar with a reason, recorded in the history; no one else', async () => {
    const day = freshDay();
    const first = await request('Booked first', day);
    expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', first)).error).toBeNull();
    const second = await request('Family friend', day);

    const noReason = await owner.rpc('confirm_booking_over_calendar', { booking_id: second, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.error?.message).toBe('A reason is required to confirm over the calendar');
    const byMember = await member.rpc('confirm_booking_over_calendar', { booking_id: second, reason: 'Please' });
    expect(byMember.status).toBe(403);
    const byAnon = await anon.rpc('confirm_booking_over_calendar', { booking_id: second, reason: 'Please' });
    expect(byAnon.status).toBe(401);
    expect(await statusOf(second)).toBe('new');

    const ok = await owner.rpc('confirm_booking_over_calendar', {
      booking_id: second,
      reason: 'Lunch and dinner, both small',
    });
    expect(ok.error).toBeNull();
    expect(ok.data).toEqual({ status: 'confirmed', overridden: 'full' });
    expect(await statusOf(second)).toBe('confirmed');
    const history = await owner
      .from('booking_status_changes')
      .select('from_status, to_status, changed_by, calendar_override')
      .eq('booking_id', second)
      .order('changed_at');
    expect(history.data).toEqual([
      { from_status: null, to_status: 'new', changed_by: null, calendar_override: null },
      {
        from_status: 'new',
        to_status: 'confirmed',
        changed_by: ownerId,
        calendar_override: 'full: Lunch and dinner, both small',
      },
    ]);
    // On an open day it is an ordinary confirmation, and the history says nothing was overridden.
    const open = await request('Open day', freshDay());
    expect((await owner.rpc('confirm_booking_over_calendar', { booking_id: open, reason: 'Sure' })).data).toEqual({
      status: 'confirmed',
      overridden: null,
    });
    const h2 = await service
      .from('booking_status_changes')
      .select('calendar_override')
      .eq('booking_id', open)
      .eq('to_status', 'confirmed');
    expect(h2.data).toEqual([{ calendar_override: null }]);
  });

  it("notes in the chef's reminder when the requested day has become unavailable", async () => {
    const day = freshDay();
    const waiting = await request('Waiting', day);
    expect((await owner.from('blocked_dates').insert({ starts_on: day, ends_on: day })).error).toBeNull();
    await server.db.tx(null, (sql) =>
      sql(`update public.bookings set created_at = now() - interval '2 days' where id = $1`, [waiting]),
    );
    await server.db.tx(null, (sql) => sql(`select private.outbox_enqueue_reminders(interval '1 day')`));
    const r = await service
      .from('outbox')
      .select('*')
      .eq('subject_id', waiting)
      .eq('event', 'booking_reminder')
      .single();
    expect((r.data as { payload: { day_unavailable?: string } }).payload.day_unavailable).toBe('blocked');
    const mail = await composeMail(r.data as OutboxRow, {
      from: 'Chef Feva <bookings@cheffeva.test>',
      ownerEmail: 'chef@cheffeva.test',
      siteUrl: 'https://cheffeva.test',
    });
    const note = `Heads up: ${formatDate(day)} is blocked in your calendar. Offer another day, or confirm over the calendar in the console.`;
    expect(mail.text).toContain(note);
    expect(mail.html).toContain(note);
    const received = await service
      .from('outbox')
      .select('payload')
      .eq('subject_id', waiting)
      .eq('event', 'booking_received')
      .single();
    expect((received.data as { payload: Record<string, unknown> }).payload).not.toHaveProperty('day_unavailable');
  });

  describe.skipIf(backend.name !== 'postgres')('concurrent confirmations (PostgreSQL)', () => {
    let url = '';
    beforeAll(async () => {
      const { rows } = await server.db.tx(null, (sql) => sql<{ db: string }>('select current_database() as db'));
      url = withDatabase(backend.adminUrl!, rows[0]!.db);
    });

    /** A connection acting as the service role, as PostgREST would. */
    async function connect() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }
    const asService = `select set_config('request.jwt.claims', '{"role":"service_role"}', true), set_config('role', 'service_role', true)`;

    it('the second of two overlapping transactions waits for the first and is refused when it commits', async () => {
      const day = freshDay();
      const [a, b] = [await request('Race A', day), await request('Race B', day)];
      const t1 = await connect();
      const t2 = await connect();
      try {
        await t1.query('begin');
        await t1.query(asService);
        await t1.query(`update public.bookings set status = 'confirmed' where id = $1`, [a]);
        await t2.query('begin');
        await t2.query(asService);
        let settled = false;
        const second = t2
          .query(`update public.bookings set status = 'confirmed' where id = $1`, [b])
          .then(
            () => ({ ok: true as const }),
            (err: { code?: string; message: string }) => ({ ok: false as const, code: err.code, message: err.message }),
          )
          .finally(() => {
            settled = true;
          });
        // T2 waits on the day's lock while T1 is open.
        await new Promise((r) => setTimeout(r, 300));
        expect(settled).toBe(false);
        const waiting = await server.db.tx(null, (sql) =>
          sql<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`),
        );
        expect(waiting.rows[0]!.n).toBe(1);
        await t1.query('commit');
        const outcome = await second;
        expect(outcome).toMatchObject({ ok: false, code: '23514' });
        await t2.query('rollback');
      } finally {
        await t1.end();
        await t2.end();
      }
      expect([await statusOf(a), await statusOf(b)]).toEqual(['confirmed', 'new']);
    });

    it('of eight confirmations for one day sent at once, exactly capacity succeed (capacity 1, then 3)', async () => {
      for (const capacity of [1, 3]) {
        await setCapacity(capacity);
        const day = freshDay();
        const ids: string[] = [];
        for (let i = 0; i < 8; i++) ids.push(await request(`Crowd ${capacity}.${i}`, day));
        const conns = await Promise.all(ids.map(() => connect()));
        try {
          // Each opens its transaction first, so all eight are in flight together.
          await Promise.all(
            conns.map(async (c) => {
              await c.query('begin');
              await c.query(asService);
            }),
          );
          const results = await Promise.all(
            conns.map((c, i) =>
              c
                .query(`update public.bookings set status = 'confirmed' where id = $1`, [ids[i]])
                .then(async () => {
                  await c.query('commit');
                  return 'confirmed';
                })
                .catch(async (err: { code?: string }) => {
                  await c.query('rollback');
                  return err.code;
                }),
            ),
          );
          expect(results.filter((r) => r === 'confirmed')).toHaveLength(capacity);
          expect(results.filter((r) => r === '23514')).toHaveLength(8 - capacity);
        } finally {
          await Promise.all(conns.map((c) => c.end()));
          await setCapacity(1);
        }
        const { data } = await service.from('bookings').select('id').eq('booking_date', day).eq('status', 'confirmed');
        expect(data).toHaveLength(capacity);
      }
    });

    it('holds under SERIALIZABLE too, and refuses REPEATABLE READ', async () => {
      const day = freshDay();
      const [a, b] = [await request('Serial A', day), await request('Serial B', day)];
      const t1 = await connect();
      const t2 = await connect();
      try {
        await t1.query('begin isolation level serializable');
        await t2.query('begin isolation level serializable');
        await t1.query(asService);
        await t2.query(asService);
        // Both take their snapshots before either confirms.
        await t1.query('select count(*) from public.bookings');
        await t2.query('select count(*) from public.bookings');
        await t1.query(`update public.bookings set status = 'confirmed' where id = $1`, [a]);
        const second = t2.query(`update public.bookings set status = 'confirmed' where id = $1`, [b]).then(
          async () => {
            await t2.query('commit');
            return 'committed';
          },
          (err: { code?: string }) => err.code,
        );
        await new Promise((r) => setTimeout(r, 200));
        await t1.query('commit');
        expect(await second).toBe('40001');
        await t2.query('rollback').catch(() => {});

        await t1.query('begin isolation level repeatable read');
        await t1.query(asService);
        const rr = await t1
          .query(`update public.bookings set status = 'confirmed' where id = $1`, [b])
          .catch((err: { code?: string; message: string }) => err);
        expect(rr).toMatchObject({
          code: '25000',
          message: 'Bookings are confirmed in READ COMMITTED or SERIALIZABLE transactions',
        });
        await t1.query('rollback');
      } finally {
        await t1.end();
        await t2.end();
      }
      expect([await statusOf(a), await statusOf(b)]).toEqual(['confirmed', 'new']);
    });
  });
});
