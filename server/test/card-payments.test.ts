import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../../vitest.setup.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { startTestSmtp, type TestSmtp } from './support/smtp.ts';
import {
  completedEvent,
  deliver,
  event,
  refundedEvent,
  startStripeStandIn,
  type Session,
  type StripeStandIn,
} from './support/stripe-api.ts';
import { inDays } from '../../test-support/fixtures.ts';

/**
 * Card payments through Stripe Checkout on the local server (issue 37): the Checkout Session is made
 * for the database's amount; the signed webhook records each payment once, whatever the order and
 * however often Stripe delivers; a refund made in Stripe lowers what was paid; the client's receipt
 * goes out through the real SMTP test server. Stripe's API is the stand-in of support/stripe-api.ts;
 * the events are signed with the official library's test helper.
 */
const KEY = 'sk_test_cardpaymentsstandin0123456789';
const WHSEC = 'whsec_cardpaymentstestsecret0123456789';
const OWNER = 'chef@cheffeva.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(backends)('card payments through Stripe Checkout ($name)', (backend) => {
  let smtp: TestSmtp;
  let stripe: StripeStandIn;
  let server: TestServer;
  let service: SupabaseClient;
  let owner: SupabaseClient;
  let checkoutUrl: string;
  let webhookUrl: string;
  let n = 0;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    stripe = await startStripeStandIn(KEY);
    server = await startTestServer(backend, {
      env: {
        SMTP_URL: smtp.url,
        OWNER_EMAIL: OWNER,
        SITE_URL: 'https://cheffeva.test',
        MAIL_POLL_SECONDS: '0.2',
        STRIPE_SECRET_KEY: KEY,
        STRIPE_WEBHOOK_SECRET: WHSEC,
        STRIPE_API_BASE: stripe.base,
      },
    });
    service = client(server, server.serviceKey);
    const c = client(server, server.anonKey);
    const { data } = await c.auth.signUp({
      email: `owner-${crypto.randomUUID()}@example.com`,
      password: 'card-payments-password-1',
    });
    expect((await service.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error).toBeNull();
    owner = client(server, server.anonKey, { accessToken: data.session!.access_token });
    checkoutUrl = `${server.url}/functions/v1/stripe-checkout`;
    webhookUrl = `${server.url}/functions/v1/stripe-webhook`;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await stripe?.stop();
    await smtp?.stop();
  });

  /** A booking with a sent quote: $1,000.00 total, $300.00 deposit. Accepted unless asked not to. */
  async function quote(accept = true) {
    n += 1;
    const email = `card${n}-${crypto.randomUUID().slice(0, 8)}@client.test`;
    const b = await service
      .from('bookings')
      .insert({
        name: `Card Client ${n}`,
        email,
        phone: '+1 555 0100',
        booking_date: inDays(40 + n),
        booking_time: '19:00',
        guests: 10,
        service_type: 'Private Chef Service',
        location: 'Atlanta',
      })
      .select('id')
      .single();
    expect(b.error).toBeNull();
    const bookingId = (b.data as { id: string }).id;
    const q = await owner.from('quotes').insert({ booking_id: bookingId, price_cents: 10000 }).select('id').single();
    expect(q.error).toBeNull();
    const quoteId = (q.data as { id: string }).id;
    expect((await owner.from('quotes').update({ status: 'sent' }).eq('id', quoteId)).error).toBeNull();
    const sent = await service
      .from('outbox')
      .select('payload')
      .eq('event', 'quote_sent')
      .eq('subject_id', quoteId)
      .single();
    const token = (sent.data as { payload: { quote_token: string } }).payload.quote_token;
    if (accept) {
      const accepted = await client(server, server.anonKey).rpc('accept_quote', {
        token,
        full_name: `Card Client ${n}`,
        dietary: 'none',
        accept_terms: true,
      });
      expect(accepted.data).toMatchObject({ accepted: true, total_cents: 100000, deposit_cents: 30000 });
    }
    return { token, bookingId, quoteId, email };
  }

  async function checkout(body: unknown) {
    const res = await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** A session made by the page's POST, as the stand-in stored it. */
  async function session(token: string): Promise<Session> {
    const r = await checkout({ token });
    expect(r.status).toBe(200);
    const s = stripe.sessions.at(-1)!;
    expect(r.body.url).toBe(s.url);
    return s;
  }

  const payments = async (bookingId: string) =>
    ((
      await service
        .from('payments')
        .select('kind, amount_cents, method, provider_reference')
        .eq('booking_id', bookingId)
        .order('created_at')
    ).data ?? []) as {
      kind: string;
      amount_cents: number;
      method: string;
      provider_reference: string;
    }[];
  const balance = async (bookingId: string) =>
    (
      await service
        .from('booking_balances')
        .select('paid_cents, outstanding_cents')
        .eq('booking_id', bookingId)
        .single()
    ).data;
  /** The messages to `email` whose subject starts "Receipt", once there are `count` of them. */
  async function receipts(email: string, count: number) {
    const mine = () =>
      smtp.received.filter((r) => r.envelopeTo[0] === email && /^Receipt/.test(String(r.parsed.subject)));
    for (let i = 0; i < 100 && mine().length < count; i++) await sleep(100);
    return mine();
  }
  const eventCount = async () =>
    (await service.from('stripe_events').select('id', { count: 'exact', head: true })).count;

  it('says cards are taken (GET changes nothing and calls nobody)', async () => {
    const before = stripe.requests.length;
    const res = await fetch(checkoutUrl);
    expect([res.status, await res.json()]).toEqual([200, { card: true }]);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(stripe.requests.length).toBe(before);
  });

  it('deposit then balance: each Checkout Session is for the database’s amount; each payment recorded by the webhook with a receipt', async () => {
    const { token, bookingId, quoteId, email } = await quote();
    const deposit = await session(token);
    const sent = stripe.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    expect(Object.fromEntries(sent.params)).toMatchObject({
      mode: 'payment',
      'allowed_payment_method_types[0]': 'card',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '30000',
      'metadata[booking_id]': bookingId,
      'metadata[quote_id]': quoteId,
      'metadata[kind]': 'deposit',
      'payment_intent_data[metadata][quote_id]': quoteId,
      customer_email: email,
      success_url: 'https://cheffeva.test/quote?card=paid',
      cancel_url: 'https://cheffeva.test/quote?card=cancelled',
    });
    // The link's token never goes to Stripe.
    expect(sent.params.toString()).not.toContain(token);
    // A second press gets the same session back (Stripe's idempotency key), not a second payable one.
    expect(sent.idempotencyKey).toMatch(new RegExp(`^checkout:${quoteId}:deposit:30000:\\d+$`));
    const twice = await checkout({ token });
    expect([twice.status, twice.body.url, stripe.sessions.at(-1)!.id]).toEqual([200, deposit.url, deposit.id]);

    const done = await deliver(webhookUrl, completedEvent(deposit, 'pi_test_deposit' + n), WHSEC);
    expect(done).toMatchObject({ status: 200, body: { received: true, duplicate: false, outcome: 'recorded' } });
    expect(await payments(bookingId)).toEqual([
      { kind: 'deposit', amount_cents: 30000, method: 'card', provider_reference: 'pi_test_deposit' + n },
    ]);
    const [receipt] = await receipts(email, 1);
    expect(receipt!.parsed.subject).toMatch(/^Receipt: \$300\.00 received for /);
    // The chef is told of money they did not record, once, with what is left to pay.
    const toChef = () =>
      smtp.received.filter(
        (r) => r.envelopeTo[0] === OWNER && String(r.parsed.subject).startsWith('Card payment: $300.00 from '),
      );
    for (let i = 0; i < 100 && toChef().length < 1; i++) await sleep(100);
    expect(toChef()).toHaveLength(1);
    expect(String(toChef()[0]!.parsed.text)).toContain('It is recorded on the booking; $700.00 is still to pay.');
    expect(toChef()[0]!.parsed.replyTo?.value[0]?.address).toBe(email);

    const rest = await session(token);
    expect(stripe.requests.at(-1)!.params.get('line_items[0][price_data][unit_amount]')).toBe('70000');
    expect(stripe.requests.at(-1)!.params.get('metadata[kind]')).toBe('balance');
    expect((await deliver(webhookUrl, completedEvent(rest), WHSEC)).body.outcome).toBe('recorded');
    expect(await balance(bookingId)).toEqual({ paid_cents: 100000, outstanding_cents: 0 });
    expect(await checkout({ token })).toEqual({
      status: 400,
      body: { message: 'Nothing is due on this booking. Thank you!' },
    });
  });

  it('records a payment once when Stripe delivers its event twice, one after the other and at the same moment', async () => {
    const { token, bookingId, email } = await quote();
    const s = await session(token);
    const evt = completedEvent(s);
    const [a, b] = await Promise.all([deliver(webhookUrl, evt, WHSEC), deliver(webhookUrl, evt, WHSEC)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.duplicate, b.body.duplicate].sort()).toEqual([false, true]);
    expect((await deliver(webhookUrl, evt, WHSEC)).body).toEqual({ received: true, duplicate: true });
    // A second event about the same payment (another id) records nothing either.
    const again = { ...completedEvent(s, (evt.data.object as { payment_intent: string }).payment_intent) };
    expect((await deliver(webhookUrl, again, WHSEC)).body).toMatchObject({
      outcome: 'ignored',
      reason: 'payment already recorded',
    });
    expect(await payments(bookingId)).toHaveLength(1);
    expect(await receipts(email, 1)).toHaveLength(1);
    await sleep(1000);
    expect(await receipts(email, 1)).toHaveLength(1);
  });

  it('takes events in any order: a refund before its payment waits for it; refunds count by their running total', async () => {
    const { token, bookingId } = await quote();
    const s = await session(token);
    const pi = `pi_test_order${n}`;
    const partial = refundedEvent(s, pi, 10000);
    const whole = refundedEvent(s, pi, 30000);
    // The charge carries no metadata here (as an older integration would send): the refund waits for its payment.
    (whole.data.object as { metadata: object }).metadata = {};
    expect((await deliver(webhookUrl, whole, WHSEC)).body).toMatchObject({ outcome: 'waiting' });
    expect(await payments(bookingId)).toEqual([]);
    expect((await deliver(webhookUrl, completedEvent(s, pi), WHSEC)).body).toMatchObject({ outcome: 'recorded' });
    // The older, smaller refund arrives last: nothing more to refund.
    expect((await deliver(webhookUrl, partial, WHSEC)).body).toMatchObject({
      outcome: 'recorded',
      reason: 'already refunded',
      payment_id: null,
    });
    expect(await payments(bookingId)).toEqual([
      { kind: 'deposit', amount_cents: 30000, method: 'card', provider_reference: pi },
      { kind: 'refund', amount_cents: -30000, method: 'card', provider_reference: `ch_${pi.slice(3)}` },
    ]);
    expect(await balance(bookingId)).toEqual({ paid_cents: 0, outstanding_cents: 100000 });
    const waiting = await service.from('stripe_events').select('outcome, payload').eq('id', whole.id).single();
    expect(waiting.data).toEqual({ outcome: 'recorded', payload: null });
  });

  it('shows a refund made in Stripe as a refund (partial, then the rest), with no receipt for it', async () => {
    const { token, bookingId, email } = await quote();
    const s = await session(token);
    const pi = `pi_test_refund${n}`;
    await deliver(webhookUrl, completedEvent(s, pi), WHSEC);
    expect(await receipts(email, 1)).toHaveLength(1);
    const mails = () => smtp.received.filter((r) => r.envelopeTo[0] === email).length;
    const before = mails();
    expect((await deliver(webhookUrl, refundedEvent(s, pi, 5000), WHSEC)).body).toMatchObject({ outcome: 'recorded' });
    expect((await deliver(webhookUrl, refundedEvent(s, pi, 30000), WHSEC)).body).toMatchObject({ outcome: 'recorded' });
    expect((await payments(bookingId)).map((p) => [p.kind, p.amount_cents])).toEqual([
      ['deposit', 30000],
      ['refund', -5000],
      ['refund', -25000],
    ]);
    expect(await balance(bookingId)).toEqual({ paid_cents: 0, outstanding_cents: 100000 });
    await sleep(800);
    expect(mails()).toBe(before);
    // The owner sees the events; the refund's row says where it came from.
    const seen = await owner.from('stripe_events').select('type, outcome').eq('type', 'charge.refunded');
    expect((seen.data ?? []).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a bad signature with Stripe’s kind of error and writes nothing', async () => {
    const { token, bookingId } = await quote();
    const s = await session(token);
    const evt = completedEvent(s);
    const count = await eventCount();
    const wrong = await deliver(webhookUrl, evt, 'whsec_someoneelsessecret0123456789');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringMatching(/^No signatures found matching the expected signature for payload/),
      },
    });
    // Signed long ago (a replay): outside Stripe's five-minute tolerance.
    const old = await deliver(webhookUrl, evt, WHSEC, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(old.status).toBe(400);
    expect(String((old.body.error as { message: string }).message)).toMatch(/Timestamp outside the tolerance zone/);
    // The body changed after signing (a bigger amount).
    const header = (await import('stripe')).default.webhooks.generateTestHeaderString({
      payload: JSON.stringify(evt),
      secret: WHSEC,
    });
    const tampered = JSON.stringify({ ...evt, data: { object: { ...(evt.data.object as object), amount_total: 1 } } });
    const res = await fetch(webhookUrl, { method: 'POST', headers: { 'stripe-signature': header }, body: tampered });
    expect(res.status).toBe(400);
    const none = await fetch(webhookUrl, { method: 'POST', body: JSON.stringify(evt) });
    expect([none.status, await none.json()]).toEqual([
      400,
      { error: { type: 'invalid_request_error', message: 'No stripe-signature header value was provided.' } },
    ]);
    expect((await fetch(webhookUrl)).status).toBe(405);
    expect(await eventCount()).toBe(count);
    expect(await payments(bookingId)).toEqual([]);
  });

  it('never takes the amount from the page, and records what Stripe charged for the quote its metadata names', async () => {
    const { token, bookingId } = await quote();
    const r = await checkout({
      token,
      amount_cents: 1,
      kind: 'balance',
      currency: 'jpy',
      booking_id: crypto.randomUUID(),
    });
    expect(r.status).toBe(200);
    const sent = stripe.requests.at(-1)!.params;
    expect([
      sent.get('line_items[0][price_data][unit_amount]'),
      sent.get('metadata[kind]'),
      sent.get('line_items[0][price_data][currency]'),
      sent.get('metadata[booking_id]'),
    ]).toEqual(['30000', 'deposit', 'usd', bookingId]);
    // An event naming a quote of another booking, or in another currency, records nothing.
    const other = await quote();
    const s = stripe.sessions.at(-1)!;
    const crossed = completedEvent({ ...s, metadata: { ...s.metadata, booking_id: other.bookingId } });
    expect((await deliver(webhookUrl, crossed, WHSEC)).body).toMatchObject({
      outcome: 'ignored',
      reason: 'unknown quote',
    });
    const yen = completedEvent({ ...s, currency: 'jpy' });
    expect((await deliver(webhookUrl, yen, WHSEC)).body).toMatchObject({
      outcome: 'ignored',
      reason: 'another currency',
    });
    const unpaid = event('checkout.session.completed', {
      ...s,
      payment_status: 'unpaid',
      payment_intent: 'pi_test_unpaid',
    });
    expect((await deliver(webhookUrl, unpaid, WHSEC)).body).toMatchObject({
      outcome: 'ignored',
      reason: 'not a paid payment',
    });
    expect(await payments(bookingId)).toEqual([]);
    expect(await payments(other.bookingId)).toEqual([]);
  });

  it('answers hostile and mistaken input with a clear message, never a 500, and no session', async () => {
    const before = stripe.sessions.length;
    const unaccepted = await quote(false);
    for (const [body, message] of [
      [{ token: 'not-a-token' }, 'This link is not valid.'],
      [{ token: 'f'.repeat(64) }, 'This link is not valid.'],
      [{ token: ['a'.repeat(64)] }, 'This link is not valid.'],
      ['{"token": ', 'This link is not valid.'],
      ['null', 'This link is not valid.'],
      [{ token: `${'a'.repeat(63)}\u0000` }, 'This link is not valid.'],
      [{ token: unaccepted.token }, 'This quote has not been accepted, so nothing is due yet.'],
    ] as const) {
      expect(await checkout(body)).toEqual({ status: 400, body: { message } });
    }
    expect((await checkout(JSON.stringify({ token: 'a'.repeat(64), pad: 'x'.repeat(600 * 1024) }))).status).toBe(400);
    expect(stripe.sessions.length).toBe(before);
    // Signed, but not an event we can read: refused without a write; an event we do not use is 200 and ignored.
    expect((await deliver(webhookUrl, '{"id": "evt_x", "object": "event"}', WHSEC)).status).toBe(400);
    const hostile = event('checkout.session.completed', {
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 1e12,
      currency: 'usd',
      payment_intent: "pi_'; drop table payments; --",
      metadata: { quote_id: "x' or 1=1", kind: 'deposit' },
    });
    expect((await deliver(webhookUrl, hostile, WHSEC)).body).toMatchObject({ outcome: 'ignored' });
    expect((await deliver(webhookUrl, event('customer.created', { id: 'cus_1' }), WHSEC)).body).toMatchObject({
      outcome: 'ignored',
      reason: 'not used',
    });
    const badId = { ...event('charge.refunded', {}), id: 'evt_<script>' };
    expect((await deliver(webhookUrl, badId, WHSEC)).status).toBe(400);
  });

  it('says clearly when Stripe cannot be reached, and lets the client try again', async () => {
    const { token } = await quote();
    stripe.failWith = 500;
    expectConsoleError(/^stripe-checkout: Something went wrong on Stripe’s end\.$/);
    try {
      expect(await checkout({ token })).toEqual({
        status: 502,
        body: { message: 'The card payment could not be started. Please try again in a moment.' },
      });
    } finally {
      stripe.failWith = undefined;
    }
    expect((await checkout({ token })).status).toBe(200);
  });
});

describe('without Stripe’s keys', () => {
  it('there is no card payment: the functions say so, nothing is called, and the settings must come as a pair', async () => {
    const stripe = await startStripeStandIn(KEY);
    const server = await startTestServer(backends[0]!, { env: { STRIPE_API_BASE: stripe.base } });
    try {
      const get = await fetch(`${server.url}/functions/v1/stripe-checkout`);
      expect([get.status, await get.json()]).toEqual([404, { message: 'Card payments are not configured.' }]);
      const post = await fetch(`${server.url}/functions/v1/stripe-checkout`, {
        method: 'POST',
        body: JSON.stringify({ token: 'a'.repeat(64) }),
      });
      expect(post.status).toBe(404);
      const hook = await deliver(
        `${server.url}/functions/v1/stripe-webhook`,
        event('checkout.session.completed', {}),
        WHSEC,
      );
      expect(hook).toEqual({
        status: 503,
        body: { error: { type: 'api_error', message: 'Card payments are not configured.' } },
      });
      expect(stripe.requests).toEqual([]);
    } finally {
      await server.stop();
      await stripe.stop();
    }
    const { parseConfig } = await import('../src/config.ts');
    expect(() => parseConfig({ STRIPE_SECRET_KEY: KEY })).toThrow(
      /STRIPE_WEBHOOK_SECRET: set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither/,
    );
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_test_publishable000', STRIPE_WEBHOOK_SECRET: WHSEC })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(parseConfig({}).stripe).toBeUndefined();
    expect(parseConfig({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: WHSEC }).stripe).toEqual({
      secretKey: KEY,
      webhookSecret: WHSEC,
      api: { host: 'api.stripe.com', port: 443, protocol: 'https' },
    });
  }, 60_000);
});
