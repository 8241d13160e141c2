import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { startTestSmtp, type Received, type TestSmtp } from './support/smtp.ts';
import { inDays } from '../../test-support/fixtures.ts';

/**
 * Visitor mail counted by mailbox, with no stranger's words in it (issue 38, F1 and F3;
 * supabase/migrations/20261128100000_visitor_mail_by_mailbox.sql): sub-addresses and Gmail's dots
 * land in one mailbox and count as one; until the mailbox has shown it is the visitor's own (a
 * confirmation), mail to it has no name in its greeting or its To header; and the confirmation
 * itself, by the chef's e-mailed link or the client's acceptance of a quote, is never held behind
 * a stranger's requests. Through the real server, its database and an SMTP server.
 */
const OWNER = 'chef@cheffeva.test';
const FAST = {
  MAIL_POLL_SECONDS: '0.2',
  MAIL_RETRY_BASE_SECONDS: '0.2',
  MAIL_RETRY_MAX_SECONDS: '1',
  MAIL_LEASE_SECONDS: '30',
};
const HELD = 'Not sent: 3 messages already went to this address in the last 24 hours (the limit on mail to visitors).';
/** 120 characters of a stranger's text, as the probe sent in the name. */
const STRANGER =
  'Your account is suspended. Call +1 555 0100 or visit evil.test/unlock to restore it within 24 hours. Chef Feva Security';

function booking(name: string, email: string, day = 40) {
  return {
    name,
    email,
    phone: '+1 555 0199',
    booking_date: inDays(day),
    booking_time: '19:30',
    guests: 4,
    service_type: 'Private Chef Service',
    location: 'Atlanta',
  };
}

describe.each(backends)('visitor mail by mailbox ($name)', (backend) => {
  let smtp: TestSmtp;
  let server: TestServer;
  let service: SupabaseClient;
  let owner: SupabaseClient;

  const toVisitor = (from: number, mailbox: RegExp) =>
    smtp.received.slice(from).filter((m) => mailbox.test(m.envelopeTo[0]!));
  async function settle(count: number) {
    await smtp.waitFor(count);
    // Several polls of the sender, for one more to arrive if there were one.
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received.length).toBe(count);
  }
  const request = async (name: string, email: string, day?: number) =>
    expect(
      (
        await client(server, server.anonKey)
          .from('bookings')
          .insert(booking(name, email, day))
      ).error,
    ).toBeNull();
  const displayName = (m: Received) => (m.parsed.to && !Array.isArray(m.parsed.to) ? m.parsed.to.value[0]!.name : '?');

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
      password: 'mailbox-password-1',
    });
    expect((await service.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error).toBeNull();
    owner = client(server, server.anonKey, { accessToken: data.session!.access_token });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('writes each address as its mailbox: lower case, no +tag, no dots at Gmail only', async () => {
    const { rows } = await server.db.tx(null, (sql) =>
      sql<{ box: string }>(
        `select private.mailbox(a) as box from unnest(array[
           'Victim+1@Stranger.test', 'victim@stranger.test', 'v.i.c.t.i.m@stranger.test',
           'J.Doe+news@Gmail.com', 'jdoe@googlemail.com', 'j.d.o.e@gmail.com', '+only@tag.test'
         ]) with ordinality as t(a, n) order by n`,
      ),
    );
    expect(rows.map((r) => r.box)).toEqual([
      'victim@stranger.test',
      'victim@stranger.test',
      'v.i.c.t.i.m@stranger.test',
      'jdoe@gmail.com',
      'jdoe@gmail.com',
      'jdoe@gmail.com',
      '@tag.test',
    ]);
  });

  it('six sub-addressed requests reach one mailbox three times, with no word of the stranger’s', async () => {
    const start = smtp.received.length;
    for (let i = 1; i <= 6; i++) await request(STRANGER, `${i % 2 ? 'victim' : 'Victim'}+${i}@stranger.test`);
    await settle(start + 9);
    const visitor = toVisitor(start, /^victim\+\d@stranger\.test$/i);
    expect(visitor).toHaveLength(3);
    expect(smtp.received.slice(start).filter((m) => m.envelopeTo[0] === OWNER)).toHaveLength(6);
    for (const m of visitor) {
      expect(displayName(m)).toBe('');
      expect(m.parsed.text).toContain('THANK YOU\n');
      for (const part of [m.parsed.text!, String(m.parsed.html), m.raw]) {
        expect(part).not.toContain('suspended');
        expect(part).not.toContain('evil.test');
      }
    }
    const { data } = await service
      .from('outbox')
      .select('status, last_error, payload')
      .ilike('recipient', 'victim+%@stranger.test')
      .order('created_at');
    const rows = (data as { status: string; last_error: string | null; payload: { name: string } }[]).map((r) => ({
      status: r.status,
      last_error: r.last_error,
      name: r.payload.name,
    }));
    expect(rows).toEqual([
      ...Array(3).fill({ status: 'sent', last_error: null, name: '' }),
      ...Array(3).fill({ status: 'failed', last_error: HELD, name: '' }),
    ]);
  });

  it('counts Gmail’s dotted and googlemail.com spellings as one mailbox; dots elsewhere are other mailboxes', async () => {
    const start = smtp.received.length;
    for (const email of ['j.doe@gmail.com', 'JDoe+x@googlemail.com', 'jd.o.e@gmail.com', 'jdoe@gmail.com'])
      await request('Jay', email);
    for (const email of ['a.lee@dots.test', 'alee@dots.test']) await request('Lee', email);
    await settle(start + 11);
    expect(toVisitor(start, /@(?:gmail|googlemail)\.com$/i)).toHaveLength(3);
    expect(toVisitor(start, /@dots\.test$/)).toHaveLength(2);
    const held = await service
      .from('outbox')
      .select('recipient')
      .eq('status', 'failed')
      .eq('attempts', 0)
      .ilike('recipient', '%mail.com');
    expect(held.data).toEqual([{ recipient: 'jdoe@gmail.com' }]);
  });

  /** A real request to `email`, then three fake ones to the same mailbox (the day's limit: 2 more sent, 1 held). */
  async function realThenFakes(name: string, email: string, fakes: string[], day: number) {
    const start = smtp.received.length;
    await request(name, email, day);
    await settle(start + 2);
    const chefMail = smtp.received.slice(start).find((m) => m.envelopeTo[0] === OWNER)!;
    for (const [i, fake] of fakes.entries()) await request(STRANGER, fake, day + 1 + i);
    await settle(start + 7);
    const id = ((await service.from('bookings').select('id').eq('email', email).single()).data as { id: string }).id;
    return { id, chefMail };
  }

  it('the chef’s e-mailed confirmation is never held behind fake requests, and proves the mailbox: the name comes back', async () => {
    const email = 'ada+events@client.test';
    const { id, chefMail } = await realThenFakes(
      'Ada Client',
      email,
      ['ada+0@client.test', 'ada+1@client.test', 'Ada@client.test'],
      50,
    );
    const token = /mail-action#token=([0-9a-f]{64})/.exec(String(chefMail.parsed.html))![1]!;
    const start = smtp.received.length;
    // The chef presses Confirm in the e-mail: an anonymous call, with the chef's link.
    const redeemed = await client(server, server.anonKey).rpc('redeem_mail_action', { token });
    expect(redeemed.data).toEqual({ done: true, status: 'confirmed' });
    await settle(start + 1);
    const confirmation = smtp.received[start]!;
    expect(confirmation.envelopeTo).toEqual([email]);
    expect(displayName(confirmation)).toBe('Ada Client');
    expect(confirmation.parsed.text).toMatch(/SEE YOU ON .*, ADA CLIENT/);
    const { data } = await service
      .from('outbox')
      .select('status, visitor_caused')
      .eq('subject_id', id)
      .eq('event', 'booking_confirmed');
    expect(data).toEqual([{ status: 'sent', visitor_caused: false }]);
  });

  it('the client’s own acceptance of a quote confirms and is never held behind fake requests', async () => {
    const email = 'grace@client.test';
    const { id } = await realThenFakes(
      'Grace Client',
      email,
      ['grace+a@client.test', 'Grace+b@client.test', 'grace+c@client.test'],
      60,
    );
    let start = smtp.received.length;
    const q = await owner.from('quotes').insert({ booking_id: id, price_cents: 12000 }).select('id').single();
    expect(q.error).toBeNull();
    expect(
      (
        await owner
          .from('quotes')
          .update({ status: 'sent' })
          .eq('id', (q.data as { id: string }).id)
      ).error,
    ).toBeNull();
    await settle(start + 1);
    const quoteMail = smtp.received[start]!;
    expect(quoteMail.envelopeTo).toEqual([email]);
    // Not proven yet: the chef's quote greets without the name the request carried.
    expect(displayName(quoteMail)).toBe('');
    expect(quoteMail.parsed.text).toContain('YOUR QUOTE\n');
    const token = /quote#token=([0-9a-f]{64})/.exec(String(quoteMail.parsed.html))![1]!;
    start = smtp.received.length;
    const accepted = await client(server, server.anonKey).rpc('accept_quote', {
      token,
      full_name: 'Grace Client',
      dietary: 'none',
      accept_terms: true,
    });
    expect(accepted.data).toMatchObject({ accepted: true });
    await settle(start + 2);
    const confirmation = smtp.received.slice(start).find((m) => m.envelopeTo[0] === email)!;
    expect(confirmation.parsed.subject).toMatch(/^Your booking on .* is confirmed$/);
    expect(displayName(confirmation)).toBe('Grace Client');
    const { data } = await service
      .from('outbox')
      .select('status, visitor_caused')
      .eq('subject_id', id)
      .eq('event', 'booking_confirmed');
    expect(data).toEqual([{ status: 'sent', visitor_caused: false }]);
  });
});
