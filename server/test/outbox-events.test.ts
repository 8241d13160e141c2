import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { OUTBOX_EVENTS, parseOutboxPayload } from '../src/mail/outbox-events.ts';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { startTestSmtp, type TestSmtp } from './support/smtp.ts';
import { inDays } from '../../test-support/fixtures.ts';

/**
 * One schema per outbox event (server/src/mail/outbox-events.ts), checked against what the real
 * triggers and functions write: this makes the database produce every event the outbox knows (its
 * check constraint outbox_event_known), checks each payload against its event's schema, and lets the
 * real sender deliver them all to a real SMTP server. A payload that does not match is marked failed
 * with the reason and never reaches SMTP (docs/decisions/0026-one-source-per-contract.md).
 */
const OWNER = 'chef@cheffeva.test';
const FAST = {
  MAIL_POLL_SECONDS: '0.2',
  MAIL_RETRY_BASE_SECONDS: '0.2',
  MAIL_RETRY_MAX_SECONDS: '1',
  MAIL_LEASE_SECONDS: '30',
};

interface OutboxRecord {
  id: string;
  idempotency_key: string;
  event: string;
  recipient: string;
  subject_id: string | null;
  payload: unknown;
  status: string;
  last_error: string | null;
}

describe.each(backends)('outbox events and their schemas ($name)', (backend) => {
  let smtp: TestSmtp;
  let server: TestServer;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let owner: SupabaseClient;
  let nextDay = 20;

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
    anon = client(server, server.anonKey);
    const c = client(server, server.anonKey);
    const { data } = await c.auth.signUp({
      email: `owner-${crypto.randomUUID()}@cheffeva.test`,
      password: 'outbox-events-password-1',
    });
    expect((await service.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error).toBeNull();
    owner = client(server, server.anonKey, { accessToken: data.session!.access_token });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  /** A booking written by the service role (its own day unless given), returning its id. */
  async function booking(name: string, extra: Record<string, unknown> = {}): Promise<string> {
    const r = await service
      .from('bookings')
      .insert({
        name,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}@client.test`,
        phone: '+1 555 0100',
        booking_date: inDays(nextDay++),
        booking_time: '19:00',
        guests: 8,
        service_type: 'Private Chef Service',
        location: '1 Peachtree St, Atlanta',
        message: 'No nuts, please.',
        ...extra,
      })
      .select('id')
      .single();
    expect(r.error).toBeNull();
    return (r.data as { id: string }).id;
  }
  const setStatus = async (id: string, status: string, reason?: string) =>
    expect(
      (
        await service
          .from('bookings')
          .update({ status, status_reason: reason ?? null })
          .eq('id', id)
      ).error,
    ).toBeNull();

  /** A sent quote on the booking and the client's link token (from its quote_sent message). */
  async function sentQuote(bookingId: string): Promise<{ id: string; token: string }> {
    const q = await owner
      .from('quotes')
      .insert({ booking_id: bookingId, pricing: 'per_guest', price_cents: 10000 })
      .select('id')
      .single();
    expect(q.error).toBeNull();
    const id = (q.data as { id: string }).id;
    expect((await owner.from('quotes').update({ status: 'sent' }).eq('id', id)).error).toBeNull();
    const m = await service.from('outbox').select('payload').eq('event', 'quote_sent').eq('subject_id', id).single();
    return { id, token: (m.data as { payload: { quote_token: string } }).payload.quote_token };
  }
  const accept = async (token: string, name: string) =>
    (await anon.rpc('accept_quote', { token, full_name: name, dietary: 'Shellfish allergy', accept_terms: true }))
      .data as { accepted: boolean };

  it('every event the outbox knows comes from the real triggers, matches its schema, and is sent', async () => {
    // Only what this test makes counts (another test may have written before it).
    const earlier = new Set(((await service.from('outbox').select('id')).data as { id: string }[]).map((r) => r.id));
    const receivedEarlier = smtp.received.length;
    // Bookings: a visitor's request (received, acknowledged), confirmed then cancelled (invitation and
    // its cancellation), declined, cancelled before confirming, and one on a blocked day.
    const request = await anon.from('bookings').insert({
      name: 'Ada Visitor',
      email: 'ada.visitor@client.test',
      phone: '+1 555 0101',
      booking_date: inDays(nextDay++),
      booking_time: '18:30',
      guests: 6,
      service_type: 'Private Chef Service',
      location: '12 Analytical Way',
      message: 'A birthday.',
    });
    expect(request.error).toBeNull();
    const confirmed = await booking('Confirmed Then Cancelled');
    await setStatus(confirmed, 'confirmed');
    await setStatus(confirmed, 'cancelled', 'The client moved away.');
    const declined = await booking('Declined Client');
    await setStatus(declined, 'declined', 'Fully booked that week.');
    await setStatus(declined, 'contacted');
    await setStatus(declined, 'cancelled', 'The client changed plans.');
    const blockedDay = inDays(nextDay++);
    expect((await owner.from('blocked_dates').insert({ starts_on: blockedDay, ends_on: blockedDay })).error).toBeNull();
    await booking('Blocked Day Client', { booking_date: blockedDay });

    // Community recipes (one with an author address, approved) and a contact message.
    const recipe = (title: string, extra: Record<string, unknown> = {}) => ({
      title,
      description: 'Bright and hot.',
      ingredients: '2 mangoes\n1 lime',
      instructions: 'Slice.\nToss.',
      submitted_by: 'Keisha',
      status: 'pending',
      ...extra,
    });
    expect(
      (await anon.from('community_recipes').insert(recipe('Mango Chow', { author_email: 'keisha@visitor.test' })))
        .error,
    ).toBeNull();
    expect(
      (await anon.from('community_recipes').insert(recipe('Quiet Stew', { description: null, submitted_by: null })))
        .error,
    ).toBeNull();
    const chow = await service.from('community_recipes').select('id').eq('title', 'Mango Chow').single();
    expect(
      (
        await service
          .from('community_recipes')
          .update({ status: 'approved' })
          .eq('id', (chow.data as { id: string }).id)
      ).error,
    ).toBeNull();
    expect(
      (
        await anon
          .from('contact_messages')
          .insert({ name: 'Grace', email: 'grace@visitor.test', subject: 'Catering', message: 'For 40 people?' })
      ).error,
    ).toBeNull();

    // A member's new address (the local server's auth API queues the link).
    const member = client(server, server.anonKey);
    expect(
      (await member.auth.signUp({ email: `member-${crypto.randomUUID()}@member.test`, password: 'member-pass-1' }))
        .error,
    ).toBeNull();
    expect((await member.auth.updateUser({ email: `new-${crypto.randomUUID()}@member.test` })).error).toBeNull();

    // Quotes: sent, changes asked for, accepted (with a payment, its receipt, and a balance due within
    // the reminder days), one whose deposit is late, one refused because its day filled meanwhile.
    const paying = await booking('Paying Client', { booking_date: inDays(9) });
    const pq = await sentQuote(paying);
    expect(
      (await anon.rpc('request_quote_changes', { token: pq.token, message: 'Could the main be vegetarian?' })).error,
    ).toBeNull();
    expect(await accept(pq.token, 'Paying Client')).toMatchObject({ accepted: true });
    expect(
      (
        await owner.from('payments').insert({
          booking_id: paying,
          kind: 'deposit',
          amount_cents: 24000,
          received_on: inDays(0),
          method: 'cash_app',
        })
      ).error,
    ).toBeNull();
    // A card payment as Stripe's webhook records it (the service role): the chef is told.
    expect(
      (
        await service.from('payments').insert({
          booking_id: paying,
          kind: 'balance',
          amount_cents: 1000,
          received_on: inDays(0),
          method: 'card',
          provider_reference: `pi_${crypto.randomUUID().replaceAll('-', '')}`,
        })
      ).error,
    ).toBeNull();
    const slow = await booking('Slow Payer');
    const sq = await sentQuote(slow);
    expect(await accept(sq.token, 'Slow Payer')).toMatchObject({ accepted: true });
    await server.db.tx(null, async (sql) => {
      await sql(`set local session_replication_role = replica`);
      await sql(`update public.quotes set deposit_due_on = current_date - 3 where id = $1`, [sq.id]);
    });
    const fullDay = inDays(nextDay++);
    const late = await booking('Late Acceptor', { booking_date: fullDay });
    const lq = await sentQuote(late);
    await setStatus(await booking('Earlier Client', { booking_date: fullDay }), 'confirmed');
    expect(await accept(lq.token, 'Late Acceptor')).toMatchObject({ accepted: false });

    // An event tomorrow in the business's day: the chef's reminder the day before.
    const tomorrow = (
      await server.db.tx(null, (sql) => sql<{ d: string }>(`select (private.business_today() + 1)::text as d`))
    ).rows[0]!.d;
    await setStatus(await booking('Tomorrow Client', { booking_date: tomorrow }), 'confirmed');

    // The senders' reminders: of waiting requests and recipes, of payments, of tomorrow's events.
    await server.db.tx(null, (sql) =>
      sql(
        `select private.outbox_enqueue_reminders(interval '0 seconds') + private.payments_enqueue_reminders() + private.chef_enqueue_day_before()`,
      ),
    );

    const rows = (
      (
        await service
          .from('outbox')
          .select('id, idempotency_key, event, recipient, subject_id, payload, status, last_error')
      ).data as OutboxRecord[]
    ).filter((r) => !earlier.has(r.id));
    expect(new Set(rows.map((r) => r.event))).toEqual(new Set(OUTBOX_EVENTS));
    for (const r of rows) {
      const parsed = parseOutboxPayload(r.event, r.payload);
      expect(parsed, `${r.event} to ${r.recipient}`).toEqual({
        ok: true,
        message: { event: r.event, payload: r.payload },
      });
    }
    // Every key is written by private.outbox_key: event, subject, recipient kind, occurrence (the
    // e-mail change's is the auth API's own: one per request).
    for (const r of rows) {
      const kind = r.recipient === 'owner' ? 'owner' : r.event === 'recipe_approved' ? 'author' : 'visitor';
      // The day-before reminder's key also names the event's day (a booking moved is reminded again).
      const day = r.event === 'event_tomorrow' ? `\\.${tomorrow}` : '';
      const key =
        r.event === 'email_change'
          ? /^email-change\.[0-9a-f-]{36}\.[0-9a-f]{16}$/
          : new RegExp(`^${r.event.replaceAll('_', '-')}\\.${r.subject_id}\\.${kind}\\.1${day}$`);
      expect(r.idempotency_key).toMatch(key);
    }
    // Both forms of a cancellation and the blocked-day note were among them.
    const cancellations = rows
      .filter((r) => r.event === 'booking_cancelled')
      .map((r) => (r.payload as { calendar?: { method: string } }).calendar?.method ?? 'none');
    expect(cancellations.sort()).toEqual(['CANCEL', 'none']);
    expect(
      rows
        .filter((r) => r.event === 'booking_received')
        .map((r) => (r.payload as { day_unavailable?: string }).day_unavailable ?? 'open')
        .sort(),
    ).toEqual(['blocked', 'open', 'open', 'open', 'open', 'open', 'open', 'open', 'open']);

    // The real sender delivers every one of them (none failed on its payload).
    await smtp.waitFor(receivedEarlier + rows.length, 60_000);
    const keys = new Set(rows.map((r) => r.idempotency_key));
    const outboxNow = async () =>
      ((await service.from('outbox').select('id, event, status, last_error')).data as OutboxRecord[]).filter(
        (r) => !earlier.has(r.id),
      );
    // The sender marks a row sent after the SMTP server has answered, so the last one may still be
    // 'sending' for a moment after its message arrived.
    await expect
      .poll(async () => (await outboxNow()).filter((r) => r.status !== 'sent'), { timeout: 10_000 })
      .toEqual([]);
    const after = await outboxNow();
    expect(after).toHaveLength(rows.length);
    // Each exactly once (the Message-ID is the key).
    const delivered = smtp.received
      .map((r) => /^<(.+)@cheffeva\.test>$/.exec(r.parsed.messageId ?? '')?.[1] ?? '')
      .filter((k) => keys.has(k));
    expect(delivered.sort()).toEqual([...keys].sort());
  }, 180_000);

  it('the same event for the same booking again gets the next key, from private.outbox_next_key', async () => {
    const id = await booking('Twice Declined');
    await setStatus(id, 'declined', 'Fully booked.');
    await setStatus(id, 'contacted');
    await setStatus(id, 'declined', 'Still fully booked.');
    const { data } = await service
      .from('outbox')
      .select('idempotency_key')
      .eq('subject_id', id)
      .order('created_at')
      .order('idempotency_key');
    expect((data as { idempotency_key: string }[]).map((r) => r.idempotency_key).sort()).toEqual(
      [
        `booking-acknowledged.${id}.visitor.1`,
        `booking-declined.${id}.visitor.1`,
        `booking-declined.${id}.visitor.2`,
        `booking-received.${id}.owner.1`,
      ].sort(),
    );
  });

  it('a payload that does not match its schema is marked failed with the reason and never sent', async () => {
    const subject = crypto.randomUUID();
    // A contact message whose payload lost its text (as a migration that forgot a key would write it).
    await server.db.tx(null, (sql) =>
      sql(
        `insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
         values ($1, 'contact_received', 'owner', $2::uuid, jsonb_build_object('id', $2::uuid, 'created_at', now(), 'name', 'Grace', 'email', 'grace@visitor.test', 'subject', 'Hello', 'mesage', 'typo'))`,
        [`contact-received.${subject}.owner.1`, subject],
      ),
    );
    let row: OutboxRecord | undefined;
    for (let i = 0; i < 100 && row?.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      row = ((await service.from('outbox').select('status, last_error').eq('subject_id', subject).single()).data ??
        undefined) as OutboxRecord | undefined;
    }
    expect(row).toEqual({
      status: 'failed',
      last_error:
        'the contact_received payload does not match its schema (server/src/mail/outbox-events.ts): message: Invalid input: expected string, received undefined; (payload): Unrecognized key: "mesage"',
    });
    // Nothing of it reached SMTP (its Message-ID is its key).
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter((r) => r.parsed.messageId?.includes(`contact-received.${subject}.`))).toEqual([]);
  });

  it('names an unknown event and checks nothing else', () => {
    expect(parseOutboxPayload('booking_exploded', {})).toEqual({
      ok: false,
      reason: 'unknown event "booking_exploded"',
    });
    expect(parseOutboxPayload('toString', {})).toEqual({ ok: false, reason: 'unknown event "toString"' });
  });
});
