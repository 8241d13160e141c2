import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { datesOnSend, quoteTotals, type TotalsInput } from '../../web/app/features/console/quote/quote-totals.ts';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';

/**
 * The quote editor for the phone (supabase/migrations/*_quote_editor.sql, issue 37): the browser's
 * live totals and send-day dates against the database's own functions for a table of cases; "opened"
 * recorded by the client page's POST (open_quote), never by describe_quote; the link resent to the
 * client; the quotes' and payments' history.
 */

/** A small seeded generator: the same "random" cases on every run and both databases. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

type Case = TotalsInput & { name: string };
const fixedCases: Case[] = [
  {
    name: 'the journey: 8 × $120 + 8 × $30 + $50 travel, no tax, 30 %',
    pricing: 'per_guest',
    price_cents: 12000,
    guests: 8,
    travel_fee_cents: 5000,
    discount_cents: 0,
    tax_rate_bp: 0,
    deposit_percent: 30,
    lines: [{ unit_cents: 3000, quantity: 8 }],
  },
  {
    name: 'tax 8.75 % on odd cents, a discount, 33 %',
    pricing: 'per_guest',
    price_cents: 12999,
    guests: 3,
    travel_fee_cents: 1,
    discount_cents: 777,
    tax_rate_bp: 875,
    deposit_percent: 33,
    lines: [{ unit_cents: 333, quantity: 1 }],
  },
  {
    name: 'tax of exactly half a cent rounds up',
    pricing: 'fixed',
    price_cents: 1,
    guests: 4,
    travel_fee_cents: 0,
    discount_cents: 0,
    tax_rate_bp: 5000,
    deposit_percent: 50,
    lines: [],
  },
  {
    name: 'tax just under half a cent rounds down',
    pricing: 'fixed',
    price_cents: 3,
    guests: 1,
    travel_fee_cents: 0,
    discount_cents: 0,
    tax_rate_bp: 1666,
    deposit_percent: 49,
    lines: [],
  },
  {
    name: 'a discount larger than the subtotal',
    pricing: 'per_guest',
    price_cents: 1000,
    guests: 2,
    travel_fee_cents: 500,
    discount_cents: 100000000,
    tax_rate_bp: 1000,
    deposit_percent: 100,
    lines: [{ unit_cents: 250, quantity: 3 }],
  },
  {
    name: 'fixed price ignores the guests; deposit 0 %',
    pricing: 'fixed',
    price_cents: 99999,
    guests: 1000,
    travel_fee_cents: 10000000,
    discount_cents: 1,
    tax_rate_bp: 1,
    deposit_percent: 0,
    lines: [{ unit_cents: 0, quantity: 1000 }],
  },
  {
    name: 'the largest amounts the checks allow',
    pricing: 'per_guest',
    price_cents: 100000000,
    guests: 1000,
    travel_fee_cents: 10000000,
    discount_cents: 0,
    tax_rate_bp: 5000,
    deposit_percent: 67,
    lines: [
      { unit_cents: 10000000, quantity: 1000 },
      { unit_cents: 9999999, quantity: 999 },
      { unit_cents: 1, quantity: 0 },
    ],
  },
];

function randomCases(count: number): Case[] {
  const r = seeded(37);
  return Array.from({ length: count }, (_, i) => ({
    name: `seeded case ${i}`,
    pricing: r(2) === 0 ? 'per_guest' : 'fixed',
    price_cents: r(5_000_000),
    guests: 1 + r(200),
    travel_fee_cents: r(3) === 0 ? 0 : r(100_000),
    discount_cents: r(2) === 0 ? 0 : r(200_000),
    tax_rate_bp: r(2) === 0 ? 0 : r(5001),
    deposit_percent: r(101),
    lines: Array.from({ length: r(4) }, () => ({ unit_cents: r(1_000_000), quantity: r(60) })),
  }));
}

describe.each(backends)('the quote editor on $name', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let owner: SupabaseClient;
  let nextDay = 60;

  const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await server.db.tx(null, (q) => q<T>(text, params))).rows;

  async function newBooking(name: string) {
    const day = (await sql<{ d: string }>(`select (private.business_today() + $1::int)::text as d`, [nextDay++]))[0]!.d;
    const b = await service
      .from('bookings')
      .insert({
        name,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}@client.test`,
        phone: '+1 555 0100',
        booking_date: day,
        booking_time: '19:00',
        guests: 8,
        service_type: 'Private Chef Service',
        location: 'Atlanta',
      })
      .select('id')
      .single();
    expect(b.error).toBeNull();
    return { id: (b.data as { id: string }).id, day };
  }

  async function sentQuote(name: string) {
    const b = await newBooking(name);
    const q = await owner.from('quotes').insert({ booking_id: b.id, price_cents: 10000 }).select('id').single();
    expect(q.error).toBeNull();
    const quoteId = (q.data as { id: string }).id;
    expect((await owner.from('quotes').update({ status: 'sent' }).eq('id', quoteId)).error).toBeNull();
    const m = await service.from('outbox').select('payload').eq('event', 'quote_sent').eq('subject_id', quoteId);
    const token = (m.data as { payload: { quote_token: string } }[])[0]!.payload.quote_token;
    return { bookingId: b.id, quoteId, token };
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    service = client(server, server.serviceKey);
    anon = client(server, server.anonKey);
    const c = client(server, server.anonKey);
    const { data, error } = await c.auth.signUp({
      email: `editor-${crypto.randomUUID()}@example.com`,
      password: 'editor-password-1',
    });
    expect(error).toBeNull();
    expect((await service.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error).toBeNull();
    owner = client(server, server.anonKey, { accessToken: data.session!.access_token });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('computes every amount as private.quote_compute does, to the cent, for a table of cases', async () => {
    const { id: bookingId } = await newBooking('Totals Table');
    const cases = [...fixedCases, ...randomCases(40)];
    for (const c of cases) {
      // A real draft with the case's lines (each new draft replaces the one before it).
      const q = await service.from('quotes').insert({ booking_id: bookingId, price_cents: 0 }).select('id').single();
      expect(q.error).toBeNull();
      const quoteId = (q.data as { id: string }).id;
      if (c.lines.length > 0) {
        const l = await service.from('quote_lines').insert(
          c.lines.map((line, position) => ({
            quote_id: quoteId,
            description: `Line ${position}`,
            unit: 'fixed',
            position,
            ...line,
          })),
        );
        expect(l.error).toBeNull();
      }
      // The database's function on the draft's row with the case's figures (the tax rate too, which
      // a draft only takes from the settings).
      const [db] = await sql<Record<string, string>>(
        `select (c).base_cents::text, (c).lines_cents::text, (c).subtotal_cents::text,
                (c).discount_applied_cents::text, (c).tax_cents::text, (c).total_cents::text,
                (c).deposit_cents::text, (c).balance_cents::text
           from (select private.quote_compute(jsonb_populate_record(q, $2::jsonb)) as c
                   from public.quotes q where q.id = $1) x`,
        [
          quoteId,
          JSON.stringify({
            pricing: c.pricing,
            price_cents: c.price_cents,
            guests: c.guests,
            travel_fee_cents: c.travel_fee_cents,
            discount_cents: c.discount_cents,
            tax_rate_bp: c.tax_rate_bp,
            deposit_percent: c.deposit_percent,
          }),
        ],
      );
      const fromDb = Object.fromEntries(Object.entries(db!).map(([k, v]) => [k, Number(v)]));
      expect(quoteTotals(c), c.name).toEqual(fromDb);
    }
  }, 120_000);

  it('predicts the deposit and expiry days the database sets when a draft is sent', async () => {
    const settings = (await service.from('quote_settings').select('deposit_due_days, quote_valid_days').single())
      .data as { deposit_due_days: number; quote_valid_days: number };
    const today = (await sql<{ d: string }>(`select private.business_today()::text as d`))[0]!.d;
    const plus = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const cases = [
      { deposit_due_on: null, balance_due_on: plus(40), expires_on: null },
      { deposit_due_on: null, balance_due_on: plus(2), expires_on: plus(3) },
      { deposit_due_on: null, balance_due_on: null, expires_on: null },
      { deposit_due_on: plus(1), balance_due_on: plus(20), expires_on: plus(10) },
      { deposit_due_on: null, balance_due_on: plus(0), expires_on: null },
    ];
    for (const dates of cases) {
      const b = await newBooking('Dates Case');
      const q = await owner
        .from('quotes')
        .insert({ booking_id: b.id, price_cents: 5000, ...dates })
        .select('*')
        .single();
      expect(q.error).toBeNull();
      const draft = q.data as {
        id: string;
        deposit_due_on: string | null;
        balance_due_on: string | null;
        expires_on: string | null;
      };
      const predicted = datesOnSend(draft, settings, today);
      const sent = await owner
        .from('quotes')
        .update({ status: 'sent' })
        .eq('id', draft.id)
        .select('deposit_due_on, expires_on')
        .single();
      expect(sent.error).toBeNull();
      expect(predicted, JSON.stringify(dates)).toEqual(sent.data);
    }
  });

  it('marks a quote opened only through open_quote, once; describe_quote changes nothing', async () => {
    const { quoteId, token } = await sentQuote('Opened Client');
    expect((await anon.rpc('describe_quote', { token })).error).toBeNull();
    const before = await service.from('quotes').select('opened_at').eq('id', quoteId).single();
    expect(before.data).toEqual({ opened_at: null });
    expect((await anon.rpc('open_quote', { token })).data).toEqual({ opened: true });
    const first = (await service.from('quotes').select('opened_at').eq('id', quoteId).single()).data as {
      opened_at: string;
    };
    expect(first.opened_at).toEqual(expect.any(String));
    expect((await anon.rpc('open_quote', { token })).data).toEqual({ opened: true });
    expect((await service.from('quotes').select('opened_at').eq('id', quoteId).single()).data).toEqual(first);
    // A wrong or hostile token opens nothing.
    for (const bad of ['0'.repeat(64), "' or 1=1 --", '', 'a'.repeat(10000)]) {
      expect((await anon.rpc('open_quote', { token: bad })).data).toEqual({ opened: false });
    }
    // The owner cannot write it.
    const forged = await owner.from('quotes').update({ opened_at: null }).eq('id', quoteId);
    expect(forged.error).not.toBeNull();
    const events = await owner.from('quote_events').select('event').eq('quote_id', quoteId).order('at');
    expect((events.data as { event: string }[]).map((e) => e.event)).toEqual([
      'quote_created',
      'quote_sent',
      'quote_opened',
    ]);
  });

  it('resends the same link to the client, only for an open quote, at most 5 messages', async () => {
    const { quoteId, token } = await sentQuote('Resend Client');
    expect((await owner.rpc('resend_quote', { quote_id: quoteId })).error).toBeNull();
    const mails = await service
      .from('outbox')
      .select('payload, recipient')
      .eq('event', 'quote_sent')
      .eq('subject_id', quoteId);
    expect((mails.data as { payload: { quote_token: string } }[]).map((m) => m.payload.quote_token)).toEqual([
      token,
      token,
    ]);
    for (let i = 0; i < 3; i++) expect((await owner.rpc('resend_quote', { quote_id: quoteId })).error).toBeNull();
    const sixth = await owner.rpc('resend_quote', { quote_id: quoteId });
    expect(sixth.error?.message).toBe('This quote was already e-mailed 5 times.');
    expect((await anon.rpc('resend_quote', { quote_id: quoteId })).error).not.toBeNull();
    // A member (signed in, not the owner) cannot resend either: the function's own check, not only its grant.
    const m = client(server, server.anonKey);
    const joined = await m.auth.signUp({
      email: `member-${crypto.randomUUID()}@example.com`,
      password: 'member-pass-1',
    });
    expect(joined.error).toBeNull();
    const asMember = await client(server, server.anonKey, { accessToken: joined.data.session!.access_token }).rpc(
      'resend_quote',
      { quote_id: quoteId },
    );
    expect([asMember.status, asMember.error?.code, asMember.error?.message]).toEqual([
      403,
      '42501',
      'Only the owner can resend a quote.',
    ]);
    expect((await owner.from('quotes').update({ status: 'withdrawn' }).eq('id', quoteId)).error).toBeNull();
    const { quoteId: other } = await sentQuote('Resend Withdrawn');
    expect((await owner.from('quotes').update({ status: 'withdrawn' }).eq('id', other)).error).toBeNull();
    expect((await owner.rpc('resend_quote', { quote_id: other })).error?.message).toBe(
      'Only a sent quote that is still open can be resent.',
    );
  });

  it('keeps the history of a quote and its payments, a removed payment included', async () => {
    const { bookingId, token } = await sentQuote('History Client');
    expect((await anon.rpc('request_quote_changes', { token, message: 'Less salt' })).error).toBeNull();
    expect(
      (await anon.rpc('accept_quote', { token, full_name: 'History Client', dietary: 'none', accept_terms: true }))
        .data,
    ).toMatchObject({ accepted: true });
    const paid = await owner
      .from('payments')
      .insert({ booking_id: bookingId, kind: 'deposit', amount_cents: 3000, received_on: '2026-11-28', method: 'cash' })
      .select('id')
      .single();
    expect(paid.error).toBeNull();
    const paymentId = (paid.data as { id: string }).id;
    expect((await owner.from('payments').delete().eq('id', paymentId)).error).toBeNull();
    const events = await owner
      .from('quote_events')
      .select('event, amount_cents, kind, payment_id')
      .eq('booking_id', bookingId)
      .order('at');
    expect(events.data).toEqual([
      { event: 'quote_created', amount_cents: null, kind: null, payment_id: null },
      { event: 'quote_sent', amount_cents: 80000, kind: null, payment_id: null },
      { event: 'quote_changes_requested', amount_cents: null, kind: null, payment_id: null },
      { event: 'quote_accepted', amount_cents: 80000, kind: null, payment_id: null },
      { event: 'payment_recorded', amount_cents: 3000, kind: 'deposit', payment_id: paymentId },
      { event: 'payment_removed', amount_cents: 3000, kind: 'deposit', payment_id: paymentId },
    ]);
    // Nobody writes the history by hand; a deleted booking takes its history with it.
    expect(
      (await owner.from('quote_events').insert({ booking_id: bookingId, event: 'quote_sent' })).error,
    ).not.toBeNull();
    expect((await service.from('bookings').delete().eq('id', bookingId)).error).toBeNull();
    expect((await service.from('quote_events').select('id').eq('booking_id', bookingId)).data).toEqual([]);
  });
});
