import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { startTestSmtp, type Received, type TestSmtp } from './support/smtp.ts';
import { inDays } from '../../test-support/fixtures.ts';
import { formatDate } from '../src/mail/compose.ts';

/**
 * A quote's and a payment's messages through the real server, its triggers and a real SMTP server:
 * the client's quote with its link, the chef's acceptance with the allergies, the client's
 * confirmation with its calendar invitation, a receipt; and with the SMTP server down, nothing lost.
 */
const OWNER = 'chef@cheffeva.test';
const FROM = 'Chef Feva <bookings@cheffeva.test>';
const FAST = {
  MAIL_POLL_SECONDS: '0.2',
  MAIL_RETRY_BASE_SECONDS: '0.2',
  MAIL_RETRY_MAX_SECONDS: '1',
  MAIL_LEASE_SECONDS: '30',
};

describe.each(backends)('quote and payment e-mails ($name)', (backend) => {
  let smtp: TestSmtp;
  let server: TestServer;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let owner: SupabaseClient;

  const to = (r: Received) => r.envelopeTo.join(',');
  const text = (r: Received) => String(r.parsed.text);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(backend, {
      env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, MAIL_FROM: FROM, SITE_URL: 'https://cheffeva.test', ...FAST },
    });
    service = client(server, server.serviceKey);
    anon = client(server, server.anonKey);
    const c = client(server, server.anonKey);
    const { data } = await c.auth.signUp({
      email: `owner-${crypto.randomUUID()}@example.com`,
      password: 'quote-mail-password-1',
    });
    expect((await service.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error).toBeNull();
    owner = client(server, server.anonKey, { accessToken: data.session!.access_token });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('quote sent → accepted with an allergy → deposit recorded: each message once, to the right person; SMTP down loses nothing', async () => {
    const b = await anon.from('bookings').insert({
      name: 'Grace Hopper',
      email: 'grace@client.test',
      phone: '+1 555 0199',
      booking_date: inDays(30),
      booking_time: '19:30',
      guests: 10,
      service_type: 'Private Chef Service',
      location: '1 Navy Way, Atlanta',
    });
    expect(b.error).toBeNull();
    await smtp.waitFor(2); // the chef's new request and the client's acknowledgement
    const bookingId = (
      (await service.from('bookings').select('id').eq('email', 'grace@client.test').single()).data as { id: string }
    ).id;

    const q = await owner
      .from('quotes')
      .insert({ booking_id: bookingId, price_cents: 12000, travel_fee_cents: 5000, discount_cents: 2000 })
      .select('id')
      .single();
    expect(q.error).toBeNull();
    const quoteId = (q.data as { id: string }).id;
    expect(
      (
        await owner.from('quote_lines').insert({
          quote_id: quoteId,
          description: 'Wine pairing',
          unit: 'per_person',
          unit_cents: 3000,
          quantity: 10,
        })
      ).error,
    ).toBeNull();
    expect((await owner.from('quotes').update({ status: 'sent' }).eq('id', quoteId)).error).toBeNull();

    const [quoteMail] = (await smtp.waitFor(3)).slice(2);
    expect(to(quoteMail!)).toBe('grace@client.test');
    expect(quoteMail!.parsed.subject).toMatch(/^Your quote from Chef Feva for /);
    // 10 × $120 + 10 × $30 + $50 travel − $20 discount = $1,530.00; deposit 30 % = $459.00.
    expect(text(quoteMail!)).toContain('Your quote comes to $1,530.00.');
    expect(text(quoteMail!)).toContain('A deposit of $459.00');
    const link = /https:\/\/cheffeva\.test\/quote#token=([0-9a-f]{64})/.exec(String(quoteMail!.parsed.html))!;
    expect(link).not.toBeNull();
    const token = link[1]!;

    const accepted = await anon.rpc('accept_quote', {
      token,
      full_name: 'Grace Hopper',
      dietary: 'Shellfish allergy (two guests)',
      accept_terms: true,
    });
    expect(accepted.data).toMatchObject({ accepted: true, deposit_cents: 45900 });
    const afterAccept = (await smtp.waitFor(5)).slice(3);
    const chef = afterAccept.find((r) => to(r) === OWNER)!;
    const client = afterAccept.find((r) => to(r) === 'grace@client.test')!;
    expect(chef.parsed.subject).toMatch(/^Quote accepted: Grace Hopper, .* \(\$1,530\.00\)$/);
    expect(text(chef)).toContain('Shellfish allergy (two guests)');
    expect(chef.parsed.replyTo?.value[0]?.address).toBe('grace@client.test');
    expect(client.parsed.subject).toMatch(/^Your booking on .* is confirmed$/);
    expect(client.calendar).toContain('METHOD:REQUEST');
    // The confirmation says what is due, when, and pays it in one tap; then when the balance is due.
    const dates = (await service.from('quotes').select('deposit_due_on, balance_due_on').eq('id', quoteId).single())
      .data as { deposit_due_on: string; balance_due_on: string };
    const confirmation = text(client);
    expect(confirmation).toContain(
      `To secure your date, the deposit of $459.00 is due ${formatDate(dates.deposit_due_on)}.`,
    );
    expect(confirmation).toContain(
      `The balance of $1,071.00 is due ${formatDate(dates.balance_due_on)}. We will e-mail you a reminder 3 days before.`,
    );
    expect(confirmation.split('\n')).toContain('Pay $459.00 https://cash.app/$ChefFeva/459.00');
    const eventDay = new Date(`${inDays(30)}T12:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(confirmation).toContain(`If the payment page asks for a note, write: Deposit – Grace Hopper, ${eventDay}`);

    // The SMTP server goes down; the deposit is recorded; nothing is lost: the receipt leaves when it is back.
    await smtp.stop();
    const pay = await owner.from('payments').insert({
      booking_id: bookingId,
      kind: 'deposit',
      amount_cents: 45900,
      received_on: inDays(0),
      method: 'cash_app',
    });
    expect(pay.error).toBeNull();
    await new Promise((r) => setTimeout(r, 1500));
    const waiting = await service.from('outbox').select('status, attempts').eq('event', 'payment_receipt');
    expect((waiting.data as { status: string; attempts: number }[])[0]).toMatchObject({ status: 'pending' });
    expect((waiting.data as { attempts: number }[])[0]!.attempts).toBeGreaterThanOrEqual(1);
    await smtp.start();
    const [receipt] = (await smtp.waitFor(6, 20_000)).slice(5);
    expect(to(receipt!)).toBe('grace@client.test');
    expect(receipt!.parsed.subject).toMatch(/^Receipt: \$459\.00 received for /);
    expect(text(receipt!)).toContain('We received $459.00 (deposit, Cash App)');
    expect(text(receipt!)).toContain('$1,071.00');
    await new Promise((r) => setTimeout(r, 800));
    expect(smtp.received).toHaveLength(6);
  }, 60_000);
});
