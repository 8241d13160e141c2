import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPayment } from '../content/card-payment.ts';
import { startTestSmtp, type Received, type TestSmtp } from '../server/test/support/smtp.ts';
import {
  completedEvent,
  deliver,
  refundedEvent,
  startStripeStandIn,
  type StripeStandIn,
} from '../server/test/support/stripe-api.ts';
import { ignoreFaviconErrors } from './support/browser.ts';
import { siteFixture } from './support/fixture.ts';
import { NoRealtime } from './support/site.ts';

/**
 * The client pays the deposit by card at 375 px (issue 37, docs/card-payments.md): the real server
 * with Stripe's keys, the stand-in of Stripe's API and its tiny Checkout page
 * (server/test/support/stripe-api.ts), a real SMTP server. The page's "Pay by card" leads to the
 * Checkout page for the database's amount; the test delivers Stripe's signed events, out of order
 * (a refund first) and the payment twice; the client comes back to the quote's page; the receipt
 * arrives once; the chef's console on a phone shows the payment once and the refund as a refund.
 * With $SHOTS_DIR set, the pages are photographed (card-*.png).
 */
const KEY = 'sk_test_e2ecardstandin0123456789';
const WHSEC = 'whsec_e2ecardwebhooksecret0123456789';
const OWNER_EMAIL = 'chef@cheffeva.test';
const OWNER = { email: 'card.owner@example.com', password: 'owner-password-1' };
const CLIENT = { name: 'Ada Card', email: 'ada.card@visitor.test' };
const SHOTS_DIR = process.env.SHOTS_DIR;

let smtp: TestSmtp | undefined;
let stripe: StripeStandIn | undefined;
const env: Record<string, string> = {};
beforeAll(async () => {
  smtp = await startTestSmtp();
  stripe = await startStripeStandIn(KEY);
  Object.assign(env, {
    SMTP_URL: smtp.url,
    OWNER_EMAIL,
    MAIL_POLL_SECONDS: '0.2',
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: WHSEC,
    STRIPE_API_BASE: stripe.base,
  });
});
// Registered after the hook above, so the server starts with its env.
const e2e = siteFixture({ env });
afterAll(async () => {
  await stripe?.stop();
  await smtp?.stop();
});

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `card-${name}.png`), fullPage: true });
}

/** The messages `filter` picks, once at least one arrived. */
async function arrived(filter: (r: Received) => boolean) {
  for (let i = 0; i < 200 && smtp!.received.filter(filter).length === 0; i++)
    await new Promise((r) => setTimeout(r, 100));
  return smtp!.received.filter(filter);
}

describe('the client pays the deposit by card', () => {
  let token = '';
  let bookingId = '';

  beforeAll(async () => {
    const admin = e2e.site.admin;
    const anon = createClient(e2e.site.url, e2e.site.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    });
    const { data, error } = await anon.auth.signUp(OWNER);
    expect(error).toBeNull();
    expect((await admin.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error).toBeNull();
    // An accepted quote: 8 guests × $125.00 = $1,000.00, deposit $300.00.
    const day = new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);
    const b = await admin
      .from('bookings')
      .insert({
        name: CLIENT.name,
        email: CLIENT.email,
        phone: '+1 555 0142',
        booking_date: day,
        booking_time: '19:00',
        guests: 8,
        service_type: 'Private Chef Service',
        location: '9 Card Street, Atlanta',
      })
      .select('id')
      .single();
    expect(b.error).toBeNull();
    bookingId = (b.data as { id: string }).id;
    const q = await admin.from('quotes').insert({ booking_id: bookingId, price_cents: 12500 }).select('id').single();
    const quoteId = (q.data as { id: string }).id;
    expect((await admin.from('quotes').update({ status: 'sent' }).eq('id', quoteId)).error).toBeNull();
    const sent = await admin
      .from('outbox')
      .select('payload')
      .eq('event', 'quote_sent')
      .eq('subject_id', quoteId)
      .single();
    token = (sent.data as { payload: { quote_token: string } }).payload.quote_token;
    const accepted = await anon.rpc('accept_quote', {
      token,
      full_name: CLIENT.name,
      dietary: 'none',
      accept_terms: true,
    });
    expect(accepted.data).toMatchObject({ accepted: true, deposit_cents: 30000 });
  });

  it('at 375 px: Pay by card → Stripe’s Checkout for $300.00 → back to the quote; recorded once; receipt once; the console shows it', async () => {
    const probe = await e2e.open();
    ignoreFaviconErrors(probe);
    const { page } = probe;
    page.setDefaultTimeout(15_000);
    try {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`/quote#token=${token}`);
      const pay = page.getByRole('button', { name: cardPayment.button });
      await pay.waitFor();
      await page.getByText(cardPayment.note).waitFor();
      await shot(page, 'quote');
      await pay.click();

      // Stripe's Checkout page (the stand-in's), for the database's amount.
      await page.waitForURL(`${stripe!.base}/pay/**`);
      await page.getByText('Pay USD 300.00').waitFor();
      expect(page.url()).not.toContain(token);
      const session = stripe!.sessions.at(-1)!;
      expect([session.amount_total, session.metadata.kind, session.metadata.booking_id]).toEqual([
        30000,
        'deposit',
        bookingId,
      ]);

      // Stripe's events: a partial refund made in the dashboard arrives first, then the payment, twice.
      const pi = 'pi_test_e2e_deposit';
      const webhook = `${e2e.site.url}/functions/v1/stripe-webhook`;
      expect((await deliver(webhook, refundedEvent(session, pi, 5000), WHSEC)).body).toMatchObject({
        outcome: 'recorded',
      });
      const done = completedEvent(session, pi);
      expect((await deliver(webhook, done, WHSEC)).body).toMatchObject({ duplicate: false, outcome: 'recorded' });
      expect((await deliver(webhook, done, WHSEC)).body).toEqual({ received: true, duplicate: true });

      // Back from Checkout: the same quote's page says it went through; the link's token came back from the tab, not from Stripe.
      await page.getByRole('link', { name: 'Pay now' }).click();
      await page.waitForURL('**/quote?card=paid');
      await page.getByRole('status').filter({ hasText: cardPayment.paid }).waitFor();
      expect(await page.getByRole('button', { name: cardPayment.button }).count()).toBe(0);
      const width = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(width[0]).toBeLessThanOrEqual(width[1]!);
      await shot(page, 'paid');

      const receipts = await arrived(
        (r) => r.envelopeTo[0] === CLIENT.email && /^Receipt: \$300\.00 received for /.test(r.parsed.subject ?? ''),
      );
      await new Promise((r) => setTimeout(r, 1000));
      expect(
        smtp!.received.filter((r) => r.envelopeTo[0] === CLIENT.email && /^Receipt/.test(r.parsed.subject ?? '')),
      ).toEqual(receipts);
      expect(receipts).toHaveLength(1);
      expect(String(receipts[0]!.parsed.text)).toContain('We received $300.00 (deposit, Card)');

      // The chef's console on the phone: the card payment once, the refund as a refund.
      await page.goto(`/console?section=bookings&booking=${bookingId}`);
      const dialog = page.getByRole('dialog', { name: 'Chef’s console' });
      await dialog.getByLabel('Email', { exact: true }).fill(OWNER.email);
      await dialog.getByLabel('Password (min. 6 characters)').fill(OWNER.password);
      await dialog.getByRole('button', { name: 'Login', exact: true }).click();
      const detail = page.getByRole('dialog', { name: CLIENT.name });
      await detail.waitFor();
      const list = detail.getByRole('list', { name: 'Recorded payments' });
      await list.getByRole('listitem').first().waitFor();
      const items = (await list.getByRole('listitem').allInnerTexts()).map((t) =>
        t.replace(/\s*Remove this payment$|\s*Remove$/, '').trim(),
      );
      expect(items.filter((t) => /\$300\.00 deposit by Card/.test(t))).toHaveLength(1);
      expect(items.filter((t) => /-\$50\.00 refund by Card/.test(t))).toHaveLength(1);
      expect(items).toHaveLength(2);
      await list.scrollIntoViewIfNeeded();
      await shot(page, 'console');
    } finally {
      await probe.close();
    }
  });
});
