import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { EMAIL_ADDRESS_CASES } from '../../web/app/lib/email-address-cases.ts';
import { EMAIL_ADDRESS_PATTERN, isEmailAddress, mailtoHref } from '../../web/app/lib/email-address.ts';
import { parseAddress, PermanentMailError } from '../src/mail/compose.ts';
import { parseMailConfig } from '../src/mail/settings.ts';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';
import { inDays } from '../../test-support/fixtures.ts';

/**
 * One address rule (issue 18, items 5 and 6): what the bookings, messages, subscribers and outbox
 * tables keep is exactly what the sender can send to, so a visitor's request always reaches the chef
 * by mail; and the console's `mailto:` links cannot be bent into a message with another recipient.
 */
// The schema the migrations build (scripts/gen-schema.ts): the function as it stands now.
const schema = fs.readFileSync(path.resolve(import.meta.dirname, '../../supabase/schema.sql'), 'utf8');

describe('the address rule in JavaScript', () => {
  it('the database function carries the same pattern as web/app/lib/email-address.ts', () => {
    // In SQL a quote inside a string is doubled.
    const body = /CREATE FUNCTION private\.is_email_address\(address text\)[\s\S]*?\n\$_?\$;/.exec(schema)?.[0];
    expect(body).toContain(`address operator(pg_catalog.~) '${EMAIL_ADDRESS_PATTERN.replaceAll("'", "''")}'`);
  });

  it.each(EMAIL_ADDRESS_CASES.accepted)('takes %j, and so does the sender', (address) => {
    expect(isEmailAddress(address)).toBe(true);
    expect(parseAddress(address, 'The recipient').address).toBe(address);
  });

  it.each(EMAIL_ADDRESS_CASES.refused)('refuses %j, and so does the sender', (address) => {
    expect(isEmailAddress(address)).toBe(false);
    expect(() => parseAddress(address, 'The recipient')).toThrow(PermanentMailError);
  });

  it('OWNER_EMAIL follows it', () => {
    expect(parseMailConfig({ OWNER_EMAIL: 'chef@cheffeva.test' }).ownerEmail).toBe('chef@cheffeva.test');
    expect(() => parseMailConfig({ OWNER_EMAIL: 'a(comment)@cheffeva.test' })).toThrow(
      /OWNER_EMAIL: must be one e-mail address/,
    );
  });

  it('a mailto: link is built from the encoded address: no Cc, no body, one recipient', () => {
    const hostile = '?cc=attacker%40evil.test&body=Pay here&x=@d.test';
    const href = mailtoHref(hostile, 'Your booking request: Private Chef Service');
    expect(href).toBe(
      'mailto:%3Fcc%3Dattacker%2540evil.test%26body%3DPay%20here%26x%3D@d.test?subject=Your%20booking%20request%3A%20Private%20Chef%20Service',
    );
    const url = new URL(href);
    expect([...url.searchParams.keys()]).toEqual(['subject']);
    expect(decodeURIComponent(url.pathname)).toBe(hostile);
    expect(mailtoHref("o'brien+tag@example.ie", 'Re: hi')).toBe("mailto:o'brien%2Btag@example.ie?subject=Re%3A%20hi");
  });
});

describe.each(backends)('the address rule in the database ($name)', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer(backend);
    anon = client(server, server.anonKey);
    service = client(server, server.serviceKey);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const sqlSays = async (address: string) => {
    const { rows } = await server.db.tx(null, (sql) =>
      sql<{ ok: boolean }>('select private.is_email_address($1) as ok', [address]),
    );
    return rows[0]!.ok;
  };

  it('private.is_email_address says what isEmailAddress says, for every case', async () => {
    for (const address of EMAIL_ADDRESS_CASES.accepted) expect(await sqlSays(address), address).toBe(true);
    for (const address of EMAIL_ADDRESS_CASES.refused) expect(await sqlSays(address), address).toBe(false);
  });

  it('bookings, messages and the newsletter refuse what the sender cannot send to, with no other row in the details', async () => {
    for (const email of ['a(comment)@d.test', 'a\\b@d.test', '?cc=attacker%40evil.test&body=x&x=@d.test']) {
      const booking = await anon.from('bookings').insert({
        name: 'Mallory',
        email,
        phone: '+1 555 0100',
        booking_date: inDays(20),
        booking_time: '18:00',
        guests: 2,
        service_type: 'Menu Consultation',
        location: 'Atlanta',
      });
      expect(booking.error?.code, email).toBe('23514');
      expect(booking.error?.message).toBe(
        'new row for relation "bookings" violates check constraint "bookings_email_format"',
      );
      expect(JSON.stringify(booking.error)).not.toMatch(/confirm_token|booking_acknowledged|outbox/);
      const message = await anon.from('contact_messages').insert({ name: 'M', email, subject: 'Hi', message: 'Hello' });
      expect(message.error?.message).toBe(
        'new row for relation "contact_messages" violates check constraint "contact_messages_email_format"',
      );
      const subscriber = await anon.from('newsletter_subscribers').insert({ email });
      expect(subscriber.error?.code).toBe('23514');
    }
    const { count } = await service.from('bookings').select('id', { count: 'exact', head: true }).eq('name', 'Mallory');
    expect(count).toBe(0);
  });

  it('every address a booking may carry becomes an outbox row the sender takes', async () => {
    for (const email of EMAIL_ADDRESS_CASES.accepted) {
      const r = await anon.from('bookings').insert({
        name: 'Rule Guest',
        email,
        phone: '+1 555 0100',
        booking_date: inDays(20),
        booking_time: '18:00',
        guests: 2,
        service_type: 'Menu Consultation',
        location: 'Atlanta',
      });
      expect(r.error, email).toBeNull();
    }
    const { data } = await service.from('outbox').select('recipient').eq('event', 'booking_acknowledged');
    const recipients = (data as { recipient: string }[]).map((r) => r.recipient);
    for (const email of EMAIL_ADDRESS_CASES.accepted) {
      expect(recipients).toContain(email);
      expect(parseAddress(email, 'The recipient').address).toBe(email);
    }
  });

  it('the new functions and the demo list are out of the API’s reach, for every role', async () => {
    const signUp = await client(server, server.anonKey).auth.signUp({
      email: `rule-${crypto.randomUUID()}@member.test`,
      password: 'rule-pass-1',
    });
    const member = client(server, server.anonKey, { accessToken: signUp.data.session!.access_token });
    for (const who of [anon, member, service]) {
      for (const [fn, args] of [
        ['is_email_address', { address: 'a@b.test' }],
        ['recipe_photo_deletable', { photo: 'x.png' }],
        ['visitor_mail_per_day', {}],
        ['outbox_guard', {}],
        ['newsletter_subscribers_once', {}],
      ] as const) {
        const r = await who.rpc(fn, args);
        expect(r.status, fn).toBe(404);
      }
      const demo = await who.from('demo_subjects').select('*');
      expect(demo.status).toBe(404);
    }
  });

  it('a recipe author address follows the same rule', async () => {
    const recipe = { title: 'Rule soup', ingredients: 'Water', instructions: 'Boil.', status: 'pending' };
    const bad = await anon.from('community_recipes').insert({ ...recipe, author_email: 'a(comment)@d.test' });
    expect(bad.error?.message).toBe(
      'new row for relation "community_recipes" violates check constraint "community_recipes_author_email_format"',
    );
    expect(
      (await anon.from('community_recipes').insert({ ...recipe, author_email: "o'brien@example.ie" })).error,
    ).toBeNull();
  });
});
