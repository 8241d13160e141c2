import type { ChildProcess } from 'node:child_process';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { site } from '../../content/site.ts';
import { composeMail, type OutboxRow } from '../src/mail/compose.ts';
import { backends, client, startTestServer, withDatabase, type TestServer } from './support/backend.ts';
import { startEdgeFunction } from './support/edge-function.ts';
import { stopGroup } from '../../test-support/processes.ts';
import { freePort, inDays } from '../../test-support/fixtures.ts';

/**
 * The chef's private calendar feed: GET /functions/v1/calendar-feed/<secret>.ics on the local server
 * (both databases) and from the Edge Function supabase/functions/calendar-feed under Deno
 * (PostgreSQL). Parsed with ical.js, a maintained RFC 5545 parser: every confirmed booking is a
 * VEVENT with the invitation's UID; cancelled ones are gone; a new address revokes the old one.
 */
const FROM = 'Chef Feva <bookings@cheffeva.test>';
const SITE = 'https://cheffeva.test';
const wallClock = (day: string, time: string) => `${day} ${time}`;
const booking = (name: string, days: number, extra: Record<string, unknown> = {}) => ({
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@visitor.test`,
  phone: '+1 555 0142',
  booking_date: inDays(days),
  booking_time: '19:30',
  guests: 8,
  service_type: 'Event Catering',
  location: '12 Peachtree St, Atlanta',
  ...extra,
});

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  start: string;
  url: string;
}

/** Parses a feed with ical.js (throws on anything that is not iCalendar) and lists its events. */
function parseFeed(text: string): { name: string; method: string; events: ParsedEvent[] } {
  const cal = new ICAL.Component(ICAL.parse(text));
  expect(cal.name).toBe('vcalendar');
  expect(cal.getFirstPropertyValue('version')).toBe('2.0');
  expect(cal.getFirstPropertyValue('prodid')).toBeTruthy();
  return {
    name: String(cal.getFirstPropertyValue('x-wr-calname')),
    method: String(cal.getFirstPropertyValue('method')),
    events: cal.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      expect(v.getFirstPropertyValue('dtstamp')).toBeTruthy();
      return {
        uid: e.uid,
        summary: e.summary,
        description: e.description,
        location: e.location,
        // The instant, as the business's wall clock (the event is written in UTC).
        start: new Intl.DateTimeFormat('sv-SE', {
          timeZone: site.timeZone,
          dateStyle: 'short',
          timeStyle: 'short',
        }).format(e.startDate.toJSDate()),
        url: String(v.getFirstPropertyValue('url')),
      };
    }),
  };
}

describe.each(backends)('the calendar feed on $name', (backend) => {
  let server: TestServer;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let owner: SupabaseClient;
  let feedBase = '';

  beforeAll(async () => {
    server = await startTestServer(backend, { env: { MAIL_FROM: FROM, SITE_URL: SITE } });
    service = client(server, server.serviceKey);
    anon = client(server, server.anonKey);
    const c = client(server, server.anonKey);
    const { data } = await c.auth.signUp({
      email: `owner-${crypto.randomUUID()}@example.com`,
      password: 'feed-password-1',
    });
    expect((await service.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error).toBeNull();
    owner = client(server, server.anonKey, { accessToken: data.session!.access_token });
    feedBase = `${server.url}/functions/v1/calendar-feed`;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function newSecret() {
    const r = await owner.rpc('new_calendar_feed_secret');
    expect(r.error).toBeNull();
    expect(r.data).toMatch(/^[0-9a-f]{64}$/);
    return r.data as string;
  }
  async function store(name: string, days: number, extra: Record<string, unknown> = {}) {
    const r = await service
      .from('bookings')
      .insert(booking(name, days, extra))
      .select('id')
      .single();
    expect(r.error).toBeNull();
    return (r.data as { id: string }).id;
  }

  it('has no address until the owner makes one; a made-up or malformed one is a 404', async () => {
    for (const file of ['0'.repeat(64) + '.ics', 'not-a-secret.ics', 'a'.repeat(64), '%00.ics']) {
      const res = await fetch(`${feedBase}/${file}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(await res.text()).toBe('No calendar at this address\n');
    }
  });

  it('lists each confirmed booking as an event with the invitation’s UID; others are not in it', async () => {
    const secret = await newSecret();
    const confirmed = await store('Ada Lovelace', 21, { message: 'One guest is vegan.' });
    const pending = await store('Grace Hopper', 22);
    expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', confirmed)).error).toBeNull();

    const res = await fetch(`${feedBase}/${secret}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const feed = parseFeed(await res.text());
    expect(feed.name).toBe('Chef Feva bookings');
    expect(feed.method).toBe('PUBLISH');
    const consoleUrl = `${SITE}/console?section=bookings&booking=${confirmed}`;
    expect(feed.events).toEqual([
      {
        uid: `booking-${confirmed}@cheffeva.test`,
        summary: 'Event Catering: Ada Lovelace (8 guests)',
        description: [
          'Ada Lovelace, 8 guests',
          'Event Catering',
          'Location: 12 Peachtree St, Atlanta',
          'Phone: +1 555 0142',
          'E-mail: ada@visitor.test',
          'Special requests: One guest is vegan.',
          `In the console: ${consoleUrl}`,
        ].join('\n'),
        location: '12 Peachtree St, Atlanta',
        start: wallClock(inDays(21), '19:30'),
        url: consoleUrl,
      },
    ]);
    expect(feed.events.map((e) => e.uid)).not.toContain(`booking-${pending}@cheffeva.test`);

    // The same UID as the invitation the visitor received (composed from the outbox row as sent).
    const row = await service
      .from('outbox')
      .select('*')
      .eq('subject_id', confirmed)
      .eq('event', 'booking_confirmed')
      .single();
    const mail = await composeMail(row.data as OutboxRow, {
      from: FROM,
      ownerEmail: 'chef@cheffeva.test',
      siteUrl: SITE,
    });
    const invitation = new ICAL.Component(ICAL.parse(mail.calendar!.content)).getFirstSubcomponent('vevent')!;
    expect(invitation.getFirstPropertyValue('uid')).toBe(feed.events[0]!.uid);

    // Cancelled: gone.
    expect(
      (await owner.from('bookings').update({ status: 'cancelled', status_reason: 'Moved abroad' }).eq('id', confirmed))
        .error,
    ).toBeNull();
    const after = parseFeed(await (await fetch(`${feedBase}/${secret}.ics`)).text());
    expect(after.events).toEqual([]);
  });

  it('an event leads with the client’s stated allergies: in its title and first in its description', async () => {
    const secret = await newSecret();
    const id = await store('Hedy Lamarr', 24);
    const q = await owner.from('quotes').insert({ booking_id: id, price_cents: 10000 }).select('id').single();
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
    const dietary = 'Severe peanut allergy; one guest is vegan and the host avoids shellfish at all costs, please';
    const accepted = await anon.rpc('accept_quote', { token, full_name: 'Hedy Lamarr', dietary, accept_terms: true });
    expect(accepted.data).toMatchObject({ accepted: true });
    const event = parseFeed(await (await fetch(`${feedBase}/${secret}.ics`)).text()).events.find(
      (e) => e.uid === `booking-${id}@cheffeva.test`,
    )!;
    expect(event.summary).toBe(`Event Catering: Hedy Lamarr (8 guests) · Allergies: ${dietary.slice(0, 59)}…`);
    expect(event.description.split('\n')[0]).toBe(`ALLERGIES AND DIETARY NEEDS: ${dietary}`);
    expect(event.start).toBe(wallClock(inDays(24), '19:30'));
  });

  it('a new address revokes the old one; the secret is kept only as a hash', async () => {
    const old = await newSecret();
    expect((await fetch(`${feedBase}/${old}.ics`)).status).toBe(200);
    const fresh = await newSecret();
    expect(fresh).not.toBe(old);
    expect((await fetch(`${feedBase}/${old}.ics`)).status).toBe(404);
    expect((await fetch(`${feedBase}/${fresh}.ics`)).status).toBe(200);
    const { rows } = await server.db.tx(null, (sql) =>
      sql<{ n: number; plain: number }>(
        `select count(*)::int as n, count(*) filter (where encode(token_hash, 'hex') = $1 or token_hash = convert_to($1, 'UTF8'))::int as plain
           from private.calendar_feed_keys`,
        [fresh],
      ),
    );
    expect(rows[0]).toEqual({ n: 1, plain: 0 });
    // Only GET and HEAD.
    expect((await fetch(`${feedBase}/${fresh}.ics`, { method: 'POST' })).status).toBe(405);
    const head = await fetch(`${feedBase}/${fresh}.ics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // A visitor cannot make one.
    expect((await anon.rpc('new_calendar_feed_secret')).status).toBe(401);
    expect((await fetch(`${feedBase}/${fresh}.ics`)).status).toBe(200);
  });

  it('escapes what visitors typed (commas, semicolons, new lines) and stays valid', async () => {
    const secret = await newSecret();
    const id = await store('O’Brien; Smith, Jr.', 40, {
      email: 'obrien@visitor.test',
      location: 'Flat 2, 3 Main St; back door',
      message: 'Line one\nBEGIN:VEVENT\nLine, three;',
    });
    expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', id)).error).toBeNull();
    const feed = parseFeed(await (await fetch(`${feedBase}/${secret}.ics`)).text());
    const e = feed.events.find((x) => x.uid === `booking-${id}@cheffeva.test`)!;
    expect(e.summary).toBe('Event Catering: O’Brien; Smith, Jr. (8 guests)');
    expect(e.location).toBe('Flat 2, 3 Main St; back door');
    expect(e.description).toContain('Special requests: Line one\nBEGIN:VEVENT\nLine, three;');
    expect(feed.events.filter((x) => x.uid.startsWith('booking-'))).toHaveLength(feed.events.length);
  });

  describe.skipIf(backend.name !== 'postgres')('the Edge Function under Deno (PostgreSQL)', () => {
    let fn: ChildProcess;
    let fnUrl = '';

    beforeAll(async () => {
      const { rows } = await server.db.tx(null, (sql) => sql<{ db: string }>('select current_database() as db'));
      const port = await freePort();
      fnUrl = `http://127.0.0.1:${port}/calendar-feed`;
      fn = await startEdgeFunction(
        [
          '--allow-all',
          '--config',
          'server/test/support/deno-node-modules.jsonc',
          'supabase/functions/calendar-feed/index.ts',
        ],
        {
          SUPABASE_DB_URL: withDatabase(backend.adminUrl!, rows[0]!.db),
          MAIL_FROM: FROM,
          SITE_URL: SITE,
          CALENDAR_FUNCTION_PORT: String(port),
        },
      );
    }, 120_000);
    afterAll(async () => {
      if (fn) await stopGroup(fn);
    });

    it('answers as the local server does: the same events, 404 for a revoked address, private caching', async () => {
      const secret = await newSecret();
      const id = await store('Katherine Johnson', 50);
      expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', id)).error).toBeNull();
      const fromFn = await fetch(`${fnUrl}/${secret}.ics`);
      expect(fromFn.status).toBe(200);
      expect(fromFn.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(fromFn.headers.get('cache-control')).toBe('private, no-cache');
      const a = parseFeed(await fromFn.text());
      const b = parseFeed(await (await fetch(`${feedBase}/${secret}.ics`)).text());
      expect(a).toEqual(b);
      expect(a.events.map((e) => e.uid)).toContain(`booking-${id}@cheffeva.test`);

      expect(
        (await owner.from('bookings').update({ status: 'cancelled', status_reason: 'Rain' }).eq('id', id)).error,
      ).toBeNull();
      const gone = parseFeed(await (await fetch(`${fnUrl}/${secret}.ics`)).text());
      expect(gone.events.map((e) => e.uid)).not.toContain(`booking-${id}@cheffeva.test`);

      await newSecret();
      const revoked = await fetch(`${fnUrl}/${secret}.ics`);
      expect(revoked.status).toBe(404);
      expect(revoked.headers.get('cache-control')).toBe('private, no-cache');
      expect((await fetch(`${fnUrl}/not-a-secret.ics`)).status).toBe(404);
    });
  });
});
