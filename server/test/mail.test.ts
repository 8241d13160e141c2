import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { site } from '../../content/site.ts';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { startTestSmtp, type Received, type TestSmtp } from './support/smtp.ts';
import { inDays } from '../../test-support/fixtures.ts';

/**
 * Every message the site sends, through the real server, its real database triggers and a real SMTP
 * server: each arrives once, to the right person, with the right subject, text and calendar part.
 */
const OWNER = 'chef@cheffeva.test';
const FROM = 'Chef Feva <bookings@cheffeva.test>';
const FAST = {
  MAIL_POLL_SECONDS: '0.2',
  MAIL_RETRY_BASE_SECONDS: '0.2',
  MAIL_RETRY_MAX_SECONDS: '1',
  MAIL_LEASE_SECONDS: '30',
};

/** Each visitor's own day: a day holding a confirmed booking takes no other request (the calendar). */
const DAY: Record<string, number> = {
  'Ada Lovelace': 30,
  'Grace Hopper': 31,
  'Alan Turing': 32,
  'Katherine Johnson': 33,
  'Demo Visitor': 34,
  'Hedy Lamarr': 36,
};

function booking(name: string, email: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    email,
    phone: '+1 555 0100',
    booking_date: inDays(DAY[name] ?? 35),
    booking_time: '19:30',
    guests: 6,
    service_type: 'Private Chef Service',
    location: '12 Analytical Row, Atlanta',
    message: 'One guest is vegan.',
    ...extra,
  };
}

/** The calendar file's properties, unfolded (RFC 5545 folds long lines). */
function ics(text: string | undefined) {
  expect(text, 'a text/calendar part').toBeTruthy();
  const lines = text!.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const get = (name: string) =>
    lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))?.replace(/^[^:]*:/, '');
  return {
    method: get('METHOD'),
    uid: get('UID'),
    sequence: Number(get('SEQUENCE')),
    status: get('STATUS'),
    dtstart: get('DTSTART'),
  };
}

async function settle(smtp: TestSmtp, count: number) {
  await smtp.waitFor(count);
  // Long enough for a duplicate to arrive if there were one: several polls of the sender.
  await new Promise((r) => setTimeout(r, 800));
  expect(smtp.received.length).toBe(count);
}

function only(received: Received[], filter: (r: Received) => boolean) {
  const found = received.filter(filter);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe.each(backends)('e-mail through the outbox ($name)', (backend) => {
  let smtp: TestSmtp;
  let server: TestServer;
  let anon: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(backend, {
      env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, MAIL_FROM: FROM, ...FAST },
    });
    anon = client(server, server.anonKey);
    service = client(server, server.serviceKey);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('a booking request: the chef is told, the visitor acknowledged; confirmed, cancelled: invitation and cancellation with one UID', async () => {
    const start = smtp.received.length;
    const { error } = await anon.from('bookings').insert(booking('Ada Lovelace', 'ada@visitor.test'));
    expect(error).toBeNull();
    await settle(smtp, start + 2);
    const fresh = smtp.received.slice(start);

    const toChef = only(fresh, (r) => r.envelopeTo.includes(OWNER));
    expect(toChef.envelopeTo).toEqual([OWNER]);
    expect(toChef.parsed.subject).toMatch(/^New booking request: Ada Lovelace, .+ \(6 guests\)$/);
    expect(toChef.parsed.text).toContain('ada@visitor.test');
    expect(toChef.parsed.text).toContain('One guest is vegan.');
    expect(toChef.parsed.replyTo?.value[0]?.address).toBe('ada@visitor.test');
    expect(toChef.parsed.html).toContain('/mail-action#token=');
    expect(toChef.parsed.html).toMatch(/\/console\?section=bookings&amp;booking=[0-9a-f-]{36}/);

    const ack = only(fresh, (r) => r.envelopeTo.includes('ada@visitor.test'));
    expect(ack.envelopeTo).toEqual(['ada@visitor.test']);
    expect(ack.parsed.subject).toMatch(/^We received your booking request for /);
    expect(ack.parsed.text).toContain('It is not confirmed yet.');
    expect(ack.parsed.text).toContain('answers within 24 hours');
    expect(ack.calendar).toBeUndefined();
    expect(ack.parsed.messageId).toMatch(/^<booking-acknowledged\.[0-9a-f-]{36}\.visitor\.1@cheffeva\.test>$/);

    const { data: rows } = await service.from('bookings').select('id').eq('email', 'ada@visitor.test');
    const id = rows![0]!.id as string;

    expect((await service.from('bookings').update({ status: 'confirmed' }).eq('id', id)).error).toBeNull();
    await settle(smtp, start + 3);
    const confirmed = smtp.received[start + 2]!;
    expect(confirmed.envelopeTo).toEqual(['ada@visitor.test']);
    expect(confirmed.parsed.subject).toMatch(/ is confirmed$/);
    const invite = ics(confirmed.calendar);
    expect(invite).toMatchObject({
      method: 'REQUEST',
      uid: `booking-${id}@cheffeva.test`,
      sequence: 0,
      status: 'CONFIRMED',
    });
    // In UTC, at 19:30 on the booking's day in the business's time zone.
    const utc = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})00Z$/.exec(invite.dtstart ?? '');
    expect(utc, invite.dtstart).not.toBeNull();
    const at = new Date(Date.UTC(+utc![1]!, +utc![2]! - 1, +utc![3]!, +utc![4]!, +utc![5]!));
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: site.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(wall.format(at)).toBe(`${inDays(30)} 19:30`);

    const cancel = await service
      .from('bookings')
      .update({ status: 'cancelled', status_reason: 'The chef is ill.' })
      .eq('id', id);
    expect(cancel.error).toBeNull();
    await settle(smtp, start + 4);
    const cancelled = smtp.received[start + 3]!;
    expect(cancelled.envelopeTo).toEqual(['ada@visitor.test']);
    expect(cancelled.parsed.subject).toMatch(/ is cancelled$/);
    expect(cancelled.parsed.text).toContain('Reason: The chef is ill.');
    expect(ics(cancelled.calendar)).toMatchObject({
      method: 'CANCEL',
      uid: `booking-${id}@cheffeva.test`,
      sequence: 1,
      status: 'CANCELLED',
    });

    // Taken up again and confirmed once more: the same event, a later SEQUENCE.
    expect((await service.from('bookings').update({ status: 'contacted' }).eq('id', id)).error).toBeNull();
    expect((await service.from('bookings').update({ status: 'confirmed' }).eq('id', id)).error).toBeNull();
    await settle(smtp, start + 5);
    expect(ics(smtp.received[start + 4]!.calendar)).toMatchObject({
      method: 'REQUEST',
      uid: `booking-${id}@cheffeva.test`,
      sequence: 2,
    });
  });

  it('a declined request: the reason, no calendar; a cancelled request that was never confirmed: no calendar', async () => {
    const start = smtp.received.length;
    await anon.from('bookings').insert(booking('Grace Hopper', 'grace@visitor.test'));
    await anon.from('bookings').insert(booking('Alan Turing', 'alan@visitor.test'));
    await settle(smtp, start + 4);
    const { data } = await service
      .from('bookings')
      .select('id, email')
      .in('email', ['grace@visitor.test', 'alan@visitor.test']);
    const idOf = (email: string) => data!.find((r) => r.email === email)!.id as string;
    await service
      .from('bookings')
      .update({ status: 'declined', status_reason: 'Fully booked that week.' })
      .eq('id', idOf('grace@visitor.test'));
    await service
      .from('bookings')
      .update({ status: 'cancelled', status_reason: 'Asked by the visitor.' })
      .eq('id', idOf('alan@visitor.test'));
    await settle(smtp, start + 6);
    const fresh = smtp.received.slice(start + 4);
    const declined = only(fresh, (r) => r.envelopeTo.includes('grace@visitor.test'));
    expect(declined.parsed.subject).toMatch(/^About your booking request for /);
    expect(declined.parsed.text).toContain('Reason: Fully booked that week.');
    expect(declined.calendar).toBeUndefined();
    const cancelled = only(fresh, (r) => r.envelopeTo.includes('alan@visitor.test'));
    expect(cancelled.parsed.text).toContain('Reason: Asked by the visitor.');
    expect(cancelled.calendar).toBeUndefined();
  });

  it('community recipes: the chef is told; the author hears of the approval only when they left an address, which stays private', async () => {
    const start = smtp.received.length;
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
    expect((await anon.from('community_recipes').insert(recipe('Quiet Stew'))).error).toBeNull();
    await settle(smtp, start + 2);
    const fresh = smtp.received.slice(start);
    for (const r of fresh) expect(r.envelopeTo).toEqual([OWNER]);
    const chow = only(fresh, (r) => r.parsed.subject === 'New community recipe to review: Mango Chow');
    expect(chow.parsed.text).toContain('2 mangoes');
    expect(chow.parsed.text).toContain('The author asked to hear back');
    expect(chow.parsed.text).not.toContain('keisha@visitor.test');

    const { data } = await service
      .from('community_recipes')
      .select('id, title, author_email')
      .in('title', ['Mango Chow', 'Quiet Stew']);
    expect(data!.map((r) => r.author_email)).toEqual([null, null]);
    for (const r of data!)
      expect((await service.from('community_recipes').update({ status: 'approved' }).eq('id', r.id)).error).toBeNull();
    await settle(smtp, start + 3);
    const approved = smtp.received[start + 2]!;
    expect(approved.envelopeTo).toEqual(['keisha@visitor.test']);
    // The mailbox never showed it is Keisha's (issue 38, F1): no title or name she typed goes to it.
    expect(approved.parsed.subject).toBe('Your recipe is on the site');
    expect(approved.parsed.text).toContain('Chef Feva approved your recipe. It is now on the community recipes page.');
    expect(approved.raw).not.toContain('Keisha');
    expect(approved.raw).not.toContain('Mango');

    // Approved recipes are public: the address is nowhere in what visitors can read.
    const { data: list } = await anon.from('community_recipes').select('*').eq('title', 'Mango Chow');
    expect(JSON.stringify(list)).not.toContain('keisha@visitor.test');
  });

  it('a contact message is sent to the chef, with the visitor as Reply-To', async () => {
    const start = smtp.received.length;
    const { error } = await anon.from('contact_messages').insert({
      name: 'Mary Seacole',
      email: 'mary@visitor.test',
      subject: 'Wedding in June',
      message: 'Do you cater for 90?',
    });
    expect(error).toBeNull();
    await settle(smtp, start + 1);
    const m = smtp.received[start]!;
    expect(m.envelopeTo).toEqual([OWNER]);
    expect(m.parsed.subject).toBe('New message from Mary Seacole: Wedding in June');
    expect(m.parsed.text).toContain('Do you cater for 90?');
    expect(m.parsed.replyTo?.value[0]?.address).toBe('mary@visitor.test');
  });

  it('line breaks in names and subjects cannot add headers or recipients', async () => {
    const start = smtp.received.length;
    const { error } = await anon.from('contact_messages').insert({
      name: 'Eve\r\nBcc: thief@elsewhere.test',
      email: 'eve@visitor.test',
      subject: 'Hi\r\nBcc: thief@elsewhere.test\r\nX-Injected: yes',
      message: 'Hello',
    });
    expect(error).toBeNull();
    await settle(smtp, start + 1);
    const m = smtp.received[start]!;
    expect(m.envelopeTo).toEqual([OWNER]);
    expect(m.parsed.headers.has('x-injected')).toBe(false);
    expect(m.parsed.headers.has('bcc')).toBe(false);
    expect(m.parsed.subject).toBe(
      'New message from Eve Bcc: thief@elsewhere.test: Hi Bcc: thief@elsewhere.test X-Injected: yes',
    );
    const headerBlock = m.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headerBlock).not.toMatch(/^(Bcc|X-Injected):/im);
  });

  it('a request still new, or a recipe still pending, after the reminder delay: one reminder each to the chef, once', async () => {
    const start = smtp.received.length;
    await anon.from('bookings').insert(booking('Katherine Johnson', 'katherine@visitor.test'));
    await anon.from('community_recipes').insert({
      title: 'Slow Oxtail',
      ingredients: 'oxtail',
      instructions: 'Simmer.',
      submitted_by: 'Dorothy',
      status: 'pending',
    });
    await settle(smtp, start + 3);
    await server.db.tx(null, async (sql) => {
      await sql(
        `update public.bookings set created_at = now() - interval '25 hours' where email = 'katherine@visitor.test'`,
      );
      await sql(
        `update public.community_recipes set created_at = now() - interval '3 days' where title = 'Slow Oxtail'`,
      );
    });
    await settle(smtp, start + 5);
    const reminders = smtp.received.slice(start + 3);
    for (const r of reminders) expect(r.envelopeTo).toEqual([OWNER]);
    const booked = only(reminders, (r) => /^Waiting for an answer: Katherine Johnson, /.test(r.parsed.subject ?? ''));
    expect(booked.parsed.text).toContain('25 hours ago');
    const recipe = only(reminders, (r) => r.parsed.subject === 'Still waiting for review: Slow Oxtail');
    expect(recipe.parsed.text).toContain('"Slow Oxtail" by Dorothy has been waiting for review for 3 days.');
    // Later passes add nothing more.
    await new Promise((r) => setTimeout(r, 3000));
    await settle(smtp, start + 5);
  });

  it('every message went to the chef or to an address a visitor gave for themselves, and the outbox holds each once, sent', async () => {
    // Its own booking, so that there is mail to check when it runs alone; with the tests above, theirs too.
    const start = smtp.received.length;
    expect((await anon.from('bookings').insert(booking('Hedy Lamarr', 'hedy@visitor.test'))).error).toBeNull();
    await settle(smtp, start + 2);
    expect(
      smtp.received
        .slice(start)
        .map((r) => r.envelopeTo.join())
        .sort(),
    ).toEqual([OWNER, 'hedy@visitor.test']);
    const allowed = new Set([
      OWNER,
      ...['ada', 'grace', 'alan', 'keisha', 'katherine', 'hedy'].map((n) => `${n}@visitor.test`),
    ]);
    for (const r of smtp.received) for (const to of r.envelopeTo) expect(allowed.has(to), to).toBe(true);
    const ids = smtp.received.map((r) => r.parsed.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    const { data } = await service.from('outbox').select('status, attempts');
    expect(data!.length).toBe(smtp.received.length);
    expect(data!.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('demo visitors (reserved example.com addresses) are never mailed: their message fails at once, the chef’s goes', async () => {
    const start = smtp.received.length;
    expect((await anon.from('bookings').insert(booking('Demo Visitor', 'demo.visitor@example.com'))).error).toBeNull();
    await settle(smtp, start + 1);
    expect(smtp.received[start]!.envelopeTo).toEqual([OWNER]);
    const { data } = await service
      .from('outbox')
      .select('status, last_error')
      .eq('recipient', 'demo.visitor@example.com');
    expect(data).toEqual([
      {
        status: 'failed',
        last_error: 'demo.visitor@example.com is a reserved example address (demo data): it cannot receive mail',
      },
    ]);
  });
});
