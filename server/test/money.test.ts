import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';

/**
 * Money at a glance and the allergy where the chef looks (supabase/migrations/*_money_at_a_glance.sql):
 * the bookings list's money per booking and its filters, the overview's three lists (received this
 * month, due in the next 30 days, overdue) in whole cents and the business's day, the calendar feed's
 * allergies and the chef's reminder the day before an event. "Today" is the database's
 * (private.business_today()); the tests place their dates relative to it.
 */

interface Overview {
  currency: string;
  today: string;
  month_start: string;
  outstanding_cents: number;
  received: {
    total_cents: number;
    clients: { booking_id: string; name: string; amount_cents: number; received_on: string }[];
  };
  due_soon: {
    total_cents: number;
    clients: { booking_id: string; name: string; kind: string; amount_cents: number; due_on: string }[];
  };
  overdue: {
    total_cents: number;
    clients: { booking_id: string; name: string; kind: string; amount_cents: number; due_on: string }[];
  };
}

describe.each(backends)('money at a glance ($name)', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let member: SupabaseClient;
  let owner: SupabaseClient;

  async function signUp(email: string) {
    const c = client(server, server.anonKey);
    const { data, error } = await c.auth.signUp({ email, password: 'money-password-1' });
    if (error || !data.session || !data.user) throw error ?? new Error('no session');
    return { token: data.session.access_token, id: data.user.id };
  }

  const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await server.db.tx(null, (q) => q<T>(text, params))).rows;
  const businessDay = async (n: number) =>
    (await sql<{ d: string }>(`select (private.business_today() + $1::int)::text as d`, [n]))[0]!.d;

  /**
   * A booking n days ahead whose quote was accepted: 8 guests × $129.75 = $1,038.00, deposit 30 %
   * ($311.40), balance $726.60. Each booking on its own day (one confirmed event a day).
   */
  let nextDay = 45;
  async function acceptedBooking(name: string, opts: { day?: number; dietary?: string } = {}) {
    const day = opts.day ?? nextDay++;
    const bookingDate = await businessDay(day);
    const b = await service
      .from('bookings')
      .insert({
        name,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}@client.test`,
        phone: '+1 555 0100',
        booking_date: bookingDate,
        booking_time: '19:00',
        guests: 8,
        service_type: 'Private Chef Service',
        location: 'Atlanta',
      })
      .select('id')
      .single();
    expect(b.error).toBeNull();
    const bookingId = (b.data as { id: string }).id;
    const q = await owner
      .from('quotes')
      .insert({
        booking_id: bookingId,
        pricing: 'per_guest',
        price_cents: 12975,
        ...(day < 8 ? { balance_due_on: bookingDate } : {}),
      })
      .select('id')
      .single();
    expect(q.error).toBeNull();
    const quoteId = (q.data as { id: string }).id;
    expect((await owner.from('quotes').update({ status: 'sent' }).eq('id', quoteId)).error).toBeNull();
    const m = await service
      .from('outbox')
      .select('payload')
      .eq('event', 'quote_sent')
      .eq('subject_id', quoteId)
      .single();
    const token = (m.data as { payload: { quote_token: string } }).payload.quote_token;
    const a = await anon.rpc('accept_quote', {
      token,
      full_name: name,
      dietary: opts.dietary ?? 'none',
      accept_terms: true,
    });
    expect(a.data).toMatchObject({ accepted: true });
    return { bookingId, quoteId };
  }

  /** Moves a quote's due dates (days from the business's today), as the chef could have set them. */
  async function dueIn(quoteId: string, deposit: number, balance: number) {
    await server.db.tx(null, async (q) => {
      await q(`set local session_replication_role = replica`);
      await q(
        `update public.quotes set deposit_due_on = private.business_today() + $2::int, balance_due_on = private.business_today() + $3::int where id = $1`,
        [quoteId, deposit, balance],
      );
    });
  }

  const pay = async (bookingId: string, kind: string, cents: number, daysAgo = 0) => {
    const r = await owner.from('payments').insert({
      booking_id: bookingId,
      kind,
      amount_cents: cents,
      received_on: await businessDay(-daysAgo),
      method: 'cash_app',
    });
    expect(r.error).toBeNull();
  };

  const overview = async () => {
    const r = await owner.rpc('money_overview');
    expect(r.error).toBeNull();
    return r.data as Overview;
  };
  const only = <T extends { booking_id: string }>(rows: T[], ids: string[]) =>
    rows.filter((r) => ids.includes(r.booking_id));

  beforeAll(async () => {
    server = await startTestServer(backend);
    service = client(server, server.serviceKey);
    anon = client(server, server.anonKey);
    const m = await signUp(`member-${crypto.randomUUID()}@example.com`);
    member = client(server, server.anonKey, { accessToken: m.token });
    const o = await signUp(`owner-${crypto.randomUUID()}@example.com`);
    expect((await service.from('user_roles').insert({ user_id: o.id, role: 'owner' })).error).toBeNull();
    owner = client(server, server.anonKey, { accessToken: o.token });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('the overview shows what came in this month and what is still to come (the $0.00 of 27 November)', async () => {
    // The issue's booking: $311.40 paid today, $726.60 due in 36 days: nothing due "this month", yet
    // money came in and is still to come.
    const { bookingId, quoteId } = await acceptedBooking('Glance Client');
    await dueIn(quoteId, 0, 36);
    await pay(bookingId, 'deposit', 31140);
    const o = await overview();
    expect(o.today).toBe(await businessDay(0));
    expect(o.month_start).toBe(`${o.today.slice(0, 7)}-01`);
    expect(o.currency).toBe('USD');
    // The $726.60 still to come is in the total outstanding.
    expect(o.outstanding_cents).toBeGreaterThanOrEqual(72660);
    expect(only(o.received.clients, [bookingId])).toEqual([
      {
        booking_id: bookingId,
        name: 'Glance Client',
        booking_date: await businessDay(nextDay - 1),
        amount_cents: 31140,
        received_on: o.today,
      },
    ]);
    expect(only(o.due_soon.clients, [bookingId])).toEqual([]);
    expect(only(o.overdue.clients, [bookingId])).toEqual([]);
    const row = await owner
      .from('booking_money')
      .select('total_cents, paid_cents, outstanding_cents, next_due_on, next_due_kind, money_state')
      .eq('booking_id', bookingId)
      .single();
    expect(row.data).toEqual({
      total_cents: 103800,
      paid_cents: 31140,
      outstanding_cents: 72660,
      next_due_on: await businessDay(36),
      next_due_kind: 'balance',
      money_state: 'balance_due',
    });
  });

  it('due in the next 30 days and overdue list each amount with its client, day and kind', async () => {
    const soon = await acceptedBooking('Soon Client');
    await dueIn(soon.quoteId, 3, 30);
    const late = await acceptedBooking('Late Client');
    await dueIn(late.quoteId, -2, 10);
    const edge = await acceptedBooking('Edge Client');
    await dueIn(edge.quoteId, 31, 40);
    const o = await overview();
    const ids = [soon.bookingId, late.bookingId, edge.bookingId];
    expect(only(o.due_soon.clients, ids).map((c) => [c.name, c.kind, c.amount_cents, c.due_on])).toEqual([
      ['Soon Client', 'deposit', 31140, await businessDay(3)],
      ['Late Client', 'balance', 72660, await businessDay(10)],
      ['Soon Client', 'balance', 72660, await businessDay(30)],
    ]);
    expect(only(o.overdue.clients, ids).map((c) => [c.name, c.kind, c.amount_cents, c.due_on])).toEqual([
      ['Late Client', 'deposit', 31140, await businessDay(-2)],
    ]);
    const states = await owner.from('booking_money').select('booking_id, money_state').in('booking_id', ids);
    expect(
      Object.fromEntries(
        (states.data as { booking_id: string; money_state: string }[]).map((r) => [r.booking_id, r.money_state]),
      ),
    ).toEqual({
      [soon.bookingId]: 'deposit_due',
      [late.bookingId]: 'overdue',
      [edge.bookingId]: 'deposit_due',
    });
    // The totals are the lists' sums, in cents.
    expect(o.due_soon.total_cents).toBe(o.due_soon.clients.reduce((s, c) => s + c.amount_cents, 0));
    expect(o.overdue.total_cents).toBe(o.overdue.clients.reduce((s, c) => s + c.amount_cents, 0));
  });

  it('a cancelled booking owes nothing on the overview; a paid one is "paid"', async () => {
    const gone = await acceptedBooking('Gone Client');
    await dueIn(gone.quoteId, -1, 5);
    expect(
      (
        await owner
          .from('bookings')
          .update({ status: 'cancelled', status_reason: 'Moved abroad' })
          .eq('id', gone.bookingId)
      ).error,
    ).toBeNull();
    const paid = await acceptedBooking('Paid Client');
    await pay(paid.bookingId, 'deposit', 31140);
    await pay(paid.bookingId, 'balance', 72660);
    const o = await overview();
    expect(only([...o.due_soon.clients, ...o.overdue.clients], [gone.bookingId, paid.bookingId])).toEqual([]);
    const rows = await owner
      .from('booking_rows')
      .select('id, money_state, outstanding_cents')
      .in('id', [gone.bookingId, paid.bookingId])
      .order('name');
    expect(rows.data).toEqual([
      { id: gone.bookingId, money_state: null, outstanding_cents: 103800 },
      { id: paid.bookingId, money_state: 'paid', outstanding_cents: 0 },
    ]);
  });

  it('the bookings list filters by money state and pages with an exact count; a booking without a quote has no money', async () => {
    const plain = await service
      .from('bookings')
      .insert({
        name: 'No Quote',
        email: 'no.quote@client.test',
        phone: '1',
        booking_date: await businessDay(200),
        booking_time: '12:00',
        guests: 2,
        service_type: 'Cooking Class',
        location: 'Here',
      })
      .select('id')
      .single();
    const plainId = (plain.data as { id: string }).id;
    const row = await owner
      .from('booking_rows')
      .select('name, total_cents, paid_cents, outstanding_cents, next_due_on, money_state, dietary')
      .eq('id', plainId)
      .single();
    expect(row.data).toEqual({
      name: 'No Quote',
      total_cents: null,
      paid_cents: null,
      outstanding_cents: null,
      next_due_on: null,
      money_state: null,
      dietary: null,
    });
    const overdue = await owner.from('booking_rows').select('id', { count: 'exact' }).eq('money_state', 'overdue');
    expect(overdue.error).toBeNull();
    expect(overdue.count).toBe((overdue.data ?? []).length);
    for (const r of overdue.data as { id: string }[]) {
      const m = await owner.from('booking_money').select('money_state').eq('booking_id', r.id).single();
      expect(m.data).toEqual({ money_state: 'overdue' });
    }
  });

  it('across a daylight-saving change the days stay whole: a deposit due on the day clocks change is due that day', async () => {
    // The US change of 8 March 2027 (America/New_York) between today and the due day: whole days, no hour lost.
    const { bookingId, quoteId } = await acceptedBooking('Spring Client');
    const days = (await sql<{ n: number }>(`select ('2027-03-08'::date - private.business_today()) as n`))[0]!.n;
    await dueIn(quoteId, days, days + 7);
    const m = await owner.from('booking_money').select('next_due_on').eq('booking_id', bookingId).single();
    expect(m.data).toEqual({ next_due_on: '2027-03-08' });
  });

  it('the allergies are on the list, in the calendar feed and in the chef’s reminder the day before', async () => {
    const dietary = 'Severe peanut allergy <script>alert(1)</script>; \u202Eno shellfish';
    const tomorrow = await acceptedBooking('Allergy Client', { day: 1, dietary });
    const rows = await owner.from('booking_rows').select('dietary').eq('id', tomorrow.bookingId).single();
    expect(rows.data).toEqual({ dietary });

    // The feed (the same function the local server and the Edge Function call).
    const secret = (await owner.rpc('new_calendar_feed_secret')).data as string;
    const feed = (
      await sql<{ feed: { id: string; dietary: string | null }[] }>(`select private.calendar_feed($1) as feed`, [
        secret,
      ])
    )[0]!.feed;
    expect(feed.find((e) => e.id === tomorrow.bookingId)?.dietary).toBe(dietary);

    const enqueue = async () => (await sql<{ n: number }>(`select private.chef_enqueue_day_before() as n`))[0]!.n;
    expect(await enqueue()).toBeGreaterThanOrEqual(1);
    expect(await enqueue()).toBe(0);
    const msg = await service
      .from('outbox')
      .select('recipient, payload, idempotency_key')
      .eq('event', 'event_tomorrow')
      .eq('subject_id', tomorrow.bookingId);
    expect(msg.data).toEqual([
      {
        recipient: 'owner',
        idempotency_key: `event-tomorrow.${tomorrow.bookingId}.owner.1.${await businessDay(1)}`,
        payload: expect.objectContaining({
          dietary,
          name: 'Allergy Client',
          outstanding_cents: 103800,
          currency: 'USD',
          booking_time: '19:00:00',
        }),
      },
    ]);
    // A booking two days out gets nothing yet.
    const later = await acceptedBooking('Later Client', { day: 2 });
    await enqueue();
    expect(
      (await service.from('outbox').select('id').eq('event', 'event_tomorrow').eq('subject_id', later.bookingId)).data,
    ).toEqual([]);
  });

  it('only the owner and the service role read money; nobody writes through the views', async () => {
    expect((await anon.rpc('money_overview')).error?.code).toBe('42501');
    expect((await member.rpc('money_overview')).error?.message).toBe('Only the owner can read the money overview.');
    expect((await service.rpc('money_overview')).error).toBeNull();
    for (const view of ['booking_money', 'booking_rows']) {
      expect((await anon.from(view).select('*')).error?.code).toBe('42501');
      expect((await member.from(view).select('*')).data).toEqual([]);
      const grants = await sql<{ p: string }>(
        `select string_agg(privilege_type, ',' order by privilege_type) as p from information_schema.role_table_grants where table_name = $1 and grantee in ('anon', 'authenticated')`,
        [view],
      );
      expect(grants).toEqual([{ p: 'SELECT' }]);
    }
    expect((await owner.rpc('chef_enqueue_day_before')).status).toBe(404);
  });
});
