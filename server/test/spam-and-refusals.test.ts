import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { startTestSmtp, type TestSmtp } from './support/smtp.ts';
import { inDays } from '../../test-support/fixtures.ts';

/**
 * Nobody can make the chef's mail a megaphone (issue 38, F2 and F4;
 * supabase/migrations/20261128100200_spam_and_one_refusal.sql): the chef removes a spam request
 * without anyone being mailed, and whatever stopped messages about it; a quote pressed again and
 * again on a day that can no longer take it tells the chef once. Real server, database and SMTP.
 */
const OWNER = 'chef@cheffeva.test';
const FAST = {
  MAIL_POLL_SECONDS: '0.2',
  MAIL_RETRY_BASE_SECONDS: '0.2',
  MAIL_RETRY_MAX_SECONDS: '1',
  MAIL_LEASE_SECONDS: '30',
};
const booking = (name: string, email: string, day: number) => ({
  name,
  email,
  phone: '+1 555 0199',
  booking_date: inDays(day),
  booking_time: '19:30',
  guests: 4,
  service_type: 'Private Chef Service',
  location: 'Atlanta',
});

describe.each(backends)('spam and refusals ($name)', (backend) => {
  let smtp: TestSmtp;
  let server: TestServer;
  let service: SupabaseClient;
  let owner: SupabaseClient;

  async function settle(count: number) {
    await smtp.waitFor(count);
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received.length).toBe(count);
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(backend, {
      env: {
        SMTP_URL: smtp.url,
        OWNER_EMAIL: OWNER,
        MAIL_FROM: 'Chef Feva <bookings@cheffeva.test>',
        SITE_URL: 'https://cheffeva.test',
        ...FAST,
      },
    });
    service = client(server, server.serviceKey);
    const { data } = await client(server, server.anonKey).auth.signUp({
      email: `owner-${crypto.randomUUID()}@example.com`,
      password: 'spam-password-1',
    });
    expect((await service.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error).toBeNull();
    owner = client(server, server.anonKey, { accessToken: data.session!.access_token });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('the chef removes spam requests: nobody is mailed, the confirm link is dead, a confirmed booking is refused', async () => {
    const stranger = 'stranger@spam.test';
    let start = smtp.received.length;
    for (const day of [40, 41, 42])
      expect(
        (
          await client(server, server.anonKey)
            .from('bookings')
            .insert(booking('Spammer', stranger, day))
        ).error,
      ).toBeNull();
    await settle(start + 6);
    const token = /mail-action#token=([0-9a-f]{64})/.exec(
      String(smtp.received.slice(start).find((m) => m.envelopeTo[0] === OWNER)!.parsed.html),
    )![1]!;
    const { data: rows } = await service.from('bookings').select('id').eq('email', stranger);
    expect(rows).toHaveLength(3);

    start = smtp.received.length;
    for (const { id } of rows as { id: string }[]) {
      const r = await owner.rpc('remove_booking_as_spam', { booking_id: id });
      expect(r.error).toBeNull();
      expect(r.data).toEqual({ removed: true, messages_stopped: 0 });
    }
    await settle(start);
    expect((await service.from('bookings').select('id').eq('email', stranger)).data).toEqual([]);
    const redeemed = await client(server, server.anonKey).rpc('redeem_mail_action', { token });
    expect(redeemed.error).toMatchObject({ message: 'This link is not valid.' });
    const again = await owner.rpc('remove_booking_as_spam', { booking_id: (rows as { id: string }[])[0]!.id });
    expect(again).toMatchObject({
      status: 400,
      error: { code: '22023', message: 'This booking request no longer exists.' },
    });

    start = smtp.received.length;
    const real = await service
      .from('bookings')
      .insert({ ...booking('Real', 'real@client.test', 43), status: 'confirmed' })
      .select('id')
      .single();
    const refused = await owner.rpc('remove_booking_as_spam', { booking_id: (real.data as { id: string }).id });
    expect(refused).toMatchObject({
      status: 400,
      error: { code: '23514', message: 'A confirmed or paid booking cannot be removed as spam.' },
    });
    await settle(start + 2); // the confirmed booking's own request and acknowledgement
  });

  it('messages about a spam request that had not left yet never leave', async () => {
    const start = smtp.received.length;
    // The request and its removal in one transaction: its two messages are still pending when removed.
    const [id, answer] = await server.db.tx(null, async (sql) => {
      const { rows } = await sql<{ id: string }>(
        `insert into public.bookings (name, email, phone, booking_date, booking_time, guests, service_type, location)
         values ('Quick Spam', 'quick@spam.test', '+1 555 0100', $1, '19:00', 2, 'Private Chef Service', 'Atlanta') returning id`,
        [inDays(44)],
      );
      await sql(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
      return [
        rows[0]!.id,
        (await sql<{ r: unknown }>(`select public.remove_booking_as_spam($1) as r`, [rows[0]!.id])).rows[0]!.r,
      ] as const;
    });
    expect(answer).toEqual({ removed: true, messages_stopped: 2 });
    await new Promise((r) => setTimeout(r, 1200));
    expect(smtp.received.length).toBe(start);
    const { data } = await service
      .from('outbox')
      .select('event, status, last_error')
      .eq('subject_id', id)
      .order('event');
    expect(data).toEqual([
      { event: 'booking_acknowledged', status: 'failed', last_error: 'Not sent: the request was removed as spam.' },
      { event: 'booking_received', status: 'failed', last_error: 'Not sent: the request was removed as spam.' },
    ]);
  });

  it('ten presses of a quote on a day that filled up tell the chef once', async () => {
    const email = 'late@client.test';
    let start = smtp.received.length;
    expect(
      (
        await client(server, server.anonKey)
          .from('bookings')
          .insert(booking('Late Client', email, 50))
      ).error,
    ).toBeNull();
    await settle(start + 2);
    const id = ((await service.from('bookings').select('id').eq('email', email).single()).data as { id: string }).id;
    const q = await owner.from('quotes').insert({ booking_id: id, price_cents: 10000 }).select('id').single();
    expect(
      (
        await owner
          .from('quotes')
          .update({ status: 'sent' })
          .eq('id', (q.data as { id: string }).id)
      ).error,
    ).toBeNull();
    await settle(start + 3);
    const token = /quote#token=([0-9a-f]{64})/.exec(String(smtp.received[start + 2]!.parsed.html))![1]!;
    // Another event takes the day meanwhile (capacity 1): its request and acknowledgement.
    expect(
      (await service.from('bookings').insert({ ...booking('Other', 'other@client.test', 50), status: 'confirmed' }))
        .error,
    ).toBeNull();
    await settle(start + 5);

    start = smtp.received.length;
    for (let i = 0; i < 10; i++) {
      const r = await client(server, server.anonKey).rpc('accept_quote', {
        token,
        full_name: 'Late Client',
        dietary: `Press ${i} `.repeat(200),
        accept_terms: true,
      });
      expect(r.data).toMatchObject({ accepted: false });
    }
    await settle(start + 1);
    expect(smtp.received[start]!.envelopeTo).toEqual([OWNER]);
    expect(smtp.received[start]!.parsed.subject).toMatch(/^Could not confirm: Late Client, /);
    const { count } = await service
      .from('outbox')
      .select('id', { count: 'exact', head: true })
      .eq('event', 'quote_acceptance_refused');
    expect(count).toBe(1);
  });
});
