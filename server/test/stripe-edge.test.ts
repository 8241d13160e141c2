import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from './support/backend.ts';
import { servePglite } from './support/pglite-wire.ts';
import { startEdgeFunction } from './support/edge-function.ts';
import {
  completedEvent,
  deliver,
  refundedEvent,
  startStripeStandIn,
  type StripeStandIn,
} from './support/stripe-api.ts';
import { freePort, inDays } from '../../test-support/fixtures.ts';

/**
 * The Stripe Edge Functions of hosted Supabase (supabase/functions/stripe-checkout and
 * stripe-webhook) under Deno, against a migrated database served over PostgreSQL's wire protocol
 * (support/pglite-wire.ts) and the stand-in of Stripe's API: the same answers as the local server
 * (server/test/card-payments.test.ts covers every case there; here, that the hosted path runs them).
 */
const KEY = 'sk_test_edgestandin0123456789';
const WHSEC = 'whsec_edgefunctiontestsecret0123456789';
const CONFIG = 'server/test/support/deno-node-modules.jsonc';

describe('the Stripe Edge Functions under Deno (pglite)', () => {
  let dir: string;
  let db: PGlite;
  let wire: Awaited<ReturnType<typeof servePglite>>;
  let stripe: StripeStandIn;
  const fns: ChildProcess[] = [];
  let checkoutUrl: string;
  let webhookUrl: string;
  let offUrl: string;

  async function start(name: string, env: Record<string, string>) {
    const port = await freePort();
    const variable = name === 'stripe-webhook' ? 'STRIPE_WEBHOOK_FUNCTION_PORT' : 'STRIPE_CHECKOUT_FUNCTION_PORT';
    fns.push(
      await startEdgeFunction(['--allow-all', '--config', CONFIG, `supabase/functions/${name}/index.ts`], {
        ...env,
        [variable]: String(port),
      }),
    );
    return `http://127.0.0.1:${port}`;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-stripe-edge-'));
    fs.cpSync(path.join(await pgliteTemplate(), 'pglite'), dir, { recursive: true });
    db = new PGlite(dir);
    await db.exec(`set timezone to 'UTC'`);
    wire = await servePglite(db);
    stripe = await startStripeStandIn(KEY);
    const env = {
      SUPABASE_DB_URL: wire.url,
      STRIPE_SECRET_KEY: KEY,
      STRIPE_WEBHOOK_SECRET: WHSEC,
      STRIPE_API_BASE: stripe.base,
      SITE_URL: 'https://cheffeva.test',
    };
    checkoutUrl = await start('stripe-checkout', env);
    webhookUrl = await start('stripe-webhook', env);
    offUrl = await start('stripe-webhook', { SUPABASE_DB_URL: wire.url });
  }, 240_000);
  afterAll(async () => {
    for (const fn of fns) fn.kill('SIGTERM');
    await stripe?.stop();
    await wire?.close();
    await db?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** An accepted quote of $1,000.00 (deposit $300.00), written as the database's owner; its link token. */
  let n = 0;
  async function acceptedQuote() {
    n += 1;
    const email = `edge-${crypto.randomUUID().slice(0, 8)}@client.test`;
    const b = await db.query<{ id: string }>(
      `insert into public.bookings (name, email, phone, booking_date, booking_time, guests, service_type, location)
       values ('Edge Card', $1, '+1 555 0100', $2, '19:00', 10, 'Private Chef Service', 'Atlanta') returning id`,
      [email, inDays(45 + n)], // a day of its own: the calendar takes one event a day by default
    );
    const bookingId = b.rows[0]!.id;
    const q = await db.query<{ id: string }>(
      'insert into public.quotes (booking_id, price_cents) values ($1, 10000) returning id',
      [bookingId],
    );
    const quoteId = q.rows[0]!.id;
    await db.query(`update public.quotes set status = 'sent' where id = $1`, [quoteId]);
    const t = await db.query<{ token: string }>(
      `select payload->>'quote_token' as token from public.outbox where event = 'quote_sent' and subject_id = $1`,
      [quoteId],
    );
    const token = t.rows[0]!.token;
    const a = await db.query<{ r: { accepted: boolean } }>(
      `select public.accept_quote($1, 'Edge Card', 'none', true) as r`,
      [token],
    );
    expect(a.rows[0]!.r.accepted).toBe(true);
    return { token, bookingId };
  }

  const payments = async (bookingId: string) =>
    (
      await db.query<{ kind: string; amount_cents: number }>(
        'select kind, amount_cents from public.payments where booking_id = $1 order by created_at',
        [bookingId],
      )
    ).rows;

  it('stripe-checkout makes a Checkout Session for the database’s amount', async () => {
    const get = await fetch(checkoutUrl);
    expect([get.status, await get.json()]).toEqual([200, { card: true }]);
    const { token, bookingId } = await acceptedQuote();
    const res = await fetch(checkoutUrl, { method: 'POST', body: JSON.stringify({ token, amount_cents: 1 }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; amount_cents: number };
    expect(body).toMatchObject({
      url: stripe.sessions.at(-1)!.url,
      kind: 'deposit',
      amount_cents: 30000,
      currency: 'USD',
    });
    const sent = stripe.requests.at(-1)!.params;
    expect([
      sent.get('line_items[0][price_data][unit_amount]'),
      sent.get('metadata[booking_id]'),
      sent.get('success_url'),
    ]).toEqual(['30000', bookingId, 'https://cheffeva.test/quote?card=paid']);
    const bad = await fetch(checkoutUrl, { method: 'POST', body: JSON.stringify({ token: 'e'.repeat(64) }) });
    expect([bad.status, await bad.json()]).toEqual([400, { message: 'This link is not valid.' }]);
  });

  it('stripe-webhook records the payment once, in any order, refunds included; refuses a bad signature', async () => {
    const { token, bookingId } = await acceptedQuote();
    await fetch(checkoutUrl, { method: 'POST', body: JSON.stringify({ token }) });
    const s = stripe.sessions.at(-1)!;
    const pi = `pi_test_edge${Date.now()}`;
    const done = completedEvent(s, pi);
    expect((await deliver(webhookUrl, done, 'whsec_wrongwrongwrong0123456789')).status).toBe(400);
    expect(await payments(bookingId)).toEqual([]);
    expect((await deliver(webhookUrl, refundedEvent(s, pi, 10000), WHSEC)).body).toMatchObject({ outcome: 'recorded' });
    expect((await deliver(webhookUrl, done, WHSEC)).body).toMatchObject({ duplicate: false, outcome: 'recorded' });
    expect((await deliver(webhookUrl, done, WHSEC)).body).toEqual({ received: true, duplicate: true });
    expect(await payments(bookingId)).toEqual([
      { kind: 'refund', amount_cents: -10000 },
      { kind: 'deposit', amount_cents: 30000 },
    ]);
    const receipts = await db.query<{ n: number }>(
      `select count(*)::int as n from public.outbox where event = 'payment_receipt' and payload->>'booking_id' = $1`,
      [bookingId],
    );
    expect(receipts.rows[0]!.n).toBe(1);
  });

  it('without Stripe’s keys the webhook says so (503, so Stripe retries) and writes nothing', async () => {
    const before = (await db.query<{ n: number }>('select count(*)::int as n from public.stripe_events')).rows[0]!.n;
    const r = await deliver(offUrl, completedEvent(stripe.sessions.at(-1)!), WHSEC);
    expect(r).toEqual({
      status: 503,
      body: { error: { type: 'api_error', message: 'Card payments are not configured.' } },
    });
    expect((await db.query<{ n: number }>('select count(*)::int as n from public.stripe_events')).rows[0]!.n).toBe(
      before,
    );
  });
});
