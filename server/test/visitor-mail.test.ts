import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { startTestSmtp, type TestSmtp } from './support/smtp.ts';
import { inDays } from '../../test-support/fixtures.ts';

/**
 * The site is no one's megaphone (issue 18, items 2 and 10): whoever sends requests, from however
 * many client addresses, one visitor address gets at most 3 messages a day, and they carry booking
 * facts only, never text the requester typed beyond the name; the chef still hears of every request.
 * The demo data of a fresh database mails nobody. Through the real server, database and an SMTP
 * server.
 */
const OWNER = 'chef@cheffeva.test';
const FAST = {
  MAIL_POLL_SECONDS: '0.2',
  MAIL_RETRY_BASE_SECONDS: '0.2',
  MAIL_RETRY_MAX_SECONDS: '1',
  MAIL_LEASE_SECONDS: '30',
};
const HELD = 'Not sent: 3 messages already went to this address in the last 24 hours (the limit on mail to visitors).';

function booking(name: string, email: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    email,
    phone: '+1 555 0199',
    booking_date: inDays(40),
    booking_time: '19:30',
    guests: 4,
    service_type: 'Private Chef Service',
    location: 'Your account is locked: http://evil.test/unlock',
    message: 'Your payment failed. Pay again at http://evil.test/pay within 24 hours.',
    ...extra,
  };
}

async function settle(smtp: TestSmtp, count: number) {
  await smtp.waitFor(count);
  // Long enough for one more to arrive if there were one: several polls of the sender.
  await new Promise((r) => setTimeout(r, 1000));
  expect(smtp.received.length).toBe(count);
}

describe.each(backends)('mail to visitors ($name)', (backend) => {
  let smtp: TestSmtp;
  let server: TestServer;
  let service: SupabaseClient;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(backend, {
      env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, MAIL_FROM: `Chef Feva <bookings@cheffeva.test>`, ...FAST },
    });
    service = client(server, server.serviceKey);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('one address gets at most 3 messages a day whatever the client addresses; the chef gets every request', async () => {
    const start = smtp.received.length;
    const victim = 'victim@stranger.test';
    // Five requests, each from another client address (the insert rate limit is per address).
    for (const [i, email] of [victim, victim, 'Victim@Stranger.test', victim, victim].entries()) {
      const r = await client(server, server.anonKey)
        .from('bookings')
        .insert(booking(`Sender ${i + 1}`, email));
      expect(r.error).toBeNull();
    }
    await settle(smtp, start + 8);
    const fresh = smtp.received.slice(start);
    expect(fresh.filter((m) => m.envelopeTo[0]!.toLowerCase() === victim)).toHaveLength(3);
    expect(fresh.filter((m) => m.envelopeTo[0] === OWNER)).toHaveLength(5);

    const { data } = await service
      .from('outbox')
      .select('status, attempts, last_error')
      .ilike('recipient', victim)
      .order('created_at');
    const rows = data as { status: string; attempts: number; last_error: string | null }[];
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'failed')).toEqual([
      { status: 'failed', attempts: 0, last_error: HELD },
      { status: 'failed', attempts: 0, last_error: HELD },
    ]);

    // A recipe the stranger's address "wrote" also counts: its anonymous submission is the visitor's
    // doing. What the chef does is not held (the chef decided it): the approval goes.
    const recipe = await client(server, server.anonKey).from('community_recipes').insert({
      title: 'Limit soup',
      ingredients: 'Water',
      instructions: 'Boil.',
      status: 'pending',
      author_email: victim,
    });
    expect(recipe.error).toBeNull();
    const { data: pending } = await service.from('community_recipes').select('id').eq('title', 'Limit soup');
    expect(
      (await service.from('community_recipes').update({ status: 'approved' }).eq('id', pending![0]!.id)).error,
    ).toBeNull();
    // The chef hears of the recipe, the author gets the approval: two more messages.
    await settle(smtp, start + 10);
    expect(smtp.received[start + 8]!.envelopeTo).toEqual([OWNER]);
    expect(smtp.received[start + 9]!.envelopeTo).toEqual([victim]);
    const approval = await service
      .from('outbox')
      .select('status, visitor_caused')
      .eq('event', 'recipe_approved')
      .eq('recipient', victim);
    expect(approval.data).toEqual([{ status: 'sent', visitor_caused: false }]);
  });

  it('what the chef sends a client in a day (confirmations, quotes, receipts) is never held', async () => {
    const start = smtp.received.length;
    const email = 'busy@client.test';
    // Three requests of the client's own: three acknowledgements, the day's visitor-caused limit.
    for (const day of [50, 51, 52]) {
      const r = await client(server, server.anonKey)
        .from('bookings')
        .insert(booking('Busy Client', email, { booking_date: inDays(day) }));
      expect(r.error).toBeNull();
    }
    const { data: rows } = await service.from('bookings').select('id').eq('email', email).order('booking_date');
    const ids = (rows as { id: string }[]).map((r) => r.id);
    expect(ids).toHaveLength(3);
    await settle(smtp, start + 6);
    // The chef confirms all three and cancels one: four more messages to the client, all sent.
    for (const id of ids)
      expect((await service.from('bookings').update({ status: 'confirmed' }).eq('id', id)).error).toBeNull();
    expect(
      (await service.from('bookings').update({ status: 'cancelled', status_reason: 'Moved.' }).eq('id', ids[2]!)).error,
    ).toBeNull();
    await settle(smtp, start + 10);
    expect(smtp.received.slice(start).filter((m) => m.envelopeTo[0] === email)).toHaveLength(7);
    const { data } = await service
      .from('outbox')
      .select('event, status, visitor_caused')
      .eq('recipient', email)
      .order('created_at');
    expect(data).toEqual([
      ...Array(3).fill({ event: 'booking_acknowledged', status: 'sent', visitor_caused: true }),
      ...Array(3).fill({ event: 'booking_confirmed', status: 'sent', visitor_caused: false }),
      { event: 'booking_cancelled', status: 'sent', visitor_caused: false },
    ]);
    // A fourth request of their own is still held.
    const fourth = await client(server, server.anonKey)
      .from('bookings')
      .insert(booking('Busy Client', email, { booking_date: inDays(53) }));
    expect(fourth.error).toBeNull();
    const held = await service
      .from('outbox')
      .select('status, last_error')
      .eq('recipient', email)
      .eq('event', 'booking_acknowledged')
      .eq('status', 'failed');
    expect(held.data).toEqual([{ status: 'failed', last_error: HELD }]);
    // The chef still hears of it.
    await settle(smtp, start + 11);
    expect(smtp.received[start + 10]!.envelopeTo).toEqual([OWNER]);
  });

  it('a visitor’s messages carry booking facts, nothing they typed; their name once the chef confirmed', async () => {
    const start = smtp.received.length;
    const email = 'facts@visitor.test';
    const r = await client(server, server.anonKey).from('bookings').insert(booking('Ada Facts', email));
    expect(r.error).toBeNull();
    await settle(smtp, start + 2);
    const ack = smtp.received.slice(start).find((m) => m.envelopeTo[0] === email)!;
    const chef = smtp.received.slice(start).find((m) => m.envelopeTo[0] === OWNER)!;
    for (const part of [ack.parsed.text!, ack.parsed.html as string, ack.raw]) {
      expect(part).not.toContain('evil.test');
      expect(part).not.toContain('555 0199');
    }
    // Nobody has shown yet that the mailbox is Ada's: no name (issue 38, F1).
    expect(ack.parsed.text).toContain('THANK YOU\n');
    expect(ack.parsed.text).not.toContain('Ada Facts'.toUpperCase());
    expect(ack.parsed.text).toContain('Private Chef Service');
    expect(ack.parsed.text).toContain('7:30 PM');
    // The chef's copy has all of it.
    expect(chef.parsed.text).toContain('http://evil.test/pay');
    expect(chef.parsed.text).toContain('Your account is locked');

    // The database keeps it out of the visitor's row too (the Edge Function on hosted Supabase
    // composes from the same row).
    const { data } = await service.from('outbox').select('event, payload').eq('recipient', email);
    const payload = (data as { event: string; payload: Record<string, unknown> }[])[0]!.payload;
    expect(payload).not.toHaveProperty('message');
    expect(payload).not.toHaveProperty('location');
    expect(payload).not.toHaveProperty('phone');
    expect(payload).toMatchObject({
      name: '',
      guests: 4,
      service_type: 'Private Chef Service',
      booking_date: inDays(40),
    });

    // Once the chef confirmed it, the invitation has the place (the chef saw it), still no message.
    const { data: rows } = await service.from('bookings').select('id').eq('email', email);
    expect((await service.from('bookings').update({ status: 'confirmed' }).eq('id', rows![0]!.id)).error).toBeNull();
    await settle(smtp, start + 3);
    const confirmed = smtp.received[start + 2]!;
    expect(confirmed.envelopeTo).toEqual([email]);
    expect(confirmed.calendar).toContain('LOCATION:Your account is locked');
    expect(confirmed.parsed.text).not.toContain('Your payment failed');
    expect(confirmed.parsed.text).toContain(', ADA FACTS');
  });
});

describe.each(backends)('the demo data ($name)', (backend) => {
  let smtp: TestSmtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(backend, { seed: true, env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, ...FAST } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('sends nothing, now or later (reminders, status changes); real requests still reach the chef', async () => {
    const service = client(server, server.serviceKey);
    // Several passes of the sender.
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received).toHaveLength(0);
    expect((await service.from('outbox').select('id', { count: 'exact', head: true })).count).toBe(0);
    const reminders = await server.db.tx(null, (sql) =>
      sql<{ n: number }>(`select private.outbox_enqueue_reminders(interval '0') as n`),
    );
    expect(Number(reminders.rows[0]!.n)).toBe(0);
    const { data: demo } = await service.from('bookings').select('id').eq('status', 'new').limit(1);
    expect((await service.from('bookings').update({ status: 'confirmed' }).eq('id', demo![0]!.id)).error).toBeNull();
    expect((await service.from('outbox').select('id', { count: 'exact', head: true })).count).toBe(0);

    const r = await client(server, server.anonKey).from('bookings').insert(booking('Real Guest', 'real@visitor.test'));
    expect(r.error).toBeNull();
    await settle(smtp, 2);
    expect(smtp.received.map((m) => m.envelopeTo[0]).sort()).toEqual([OWNER, 'real@visitor.test'].sort());
  });
});
