import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, pgliteTemplate, startTestServer, withDatabase } from './support/backend.ts';
import { servePglite } from './support/pglite-wire.ts';
import { startTestSmtp, type TestSmtp } from './support/smtp.ts';
import { startEdgeFunction } from './support/edge-function.ts';
import { stopGroup } from '../../test-support/processes.ts';
import { freePort, inDays } from '../../test-support/fixtures.ts';

/**
 * The Edge Function that drains the outbox on hosted Supabase (supabase/functions/mail-outbox), run
 * under Deno (the `deno` package) against a real outbox and the SMTP test server: on PGlite on every
 * machine (the database served over PostgreSQL's wire protocol by support/pglite-wire.ts), and on
 * PostgreSQL when TEST_DATABASE_URL is set (there the local server fills the outbox, and has no
 * SMTP_URL, so only the function sends).
 */
const postgres = backends.find((b) => b.name === 'postgres');
const OWNER = 'chef@cheffeva.test';
const SECRET = 'hook-secret-for-the-test-0123456789';
const booking = (i: number) => ({
  name: `Edge Guest ${i}`,
  email: `edge${i}@visitor.test`,
  phone: '+1 555 0100',
  booking_date: inDays(10 + i),
  booking_time: '12:00',
  guests: 2,
  service_type: 'Cooking Class',
  location: 'Atlanta',
});
type Booking = ReturnType<typeof booking>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A migrated database with an outbox, as the function reaches it, and the site's own writes to it. */
interface Outbox {
  databaseUrl: string;
  /** A visitor's booking request (as anon, through RLS). */
  book(b: Booking): Promise<void>;
  /** The chef confirms the booking of `email` (as the service role); its id. */
  confirm(email: string): Promise<string>;
  /** Every outbox row's status. */
  statuses(): Promise<string[]>;
  stop(): Promise<void>;
}

/** On PostgreSQL: the local server, through supabase-js, as the site writes. */
async function postgresOutbox(): Promise<Outbox> {
  const server = await startTestServer(postgres!, { env: { MAIL_POLL_SECONDS: '0.2' } });
  const anon = client(server, server.anonKey);
  const service = client(server, server.serviceKey);
  const { rows } = await server.db.tx(null, (sql) => sql<{ db: string }>('select current_database() as db'));
  return {
    databaseUrl: withDatabase(postgres!.adminUrl!, rows[0]!.db),
    async book(b) {
      expect((await anon.from('bookings').insert(b)).error).toBeNull();
    },
    async confirm(email) {
      const { data } = await service.from('bookings').select('id').eq('email', email);
      const id = data![0]!.id as string;
      expect((await service.from('bookings').update({ status: 'confirmed' }).eq('id', id)).error).toBeNull();
      return id;
    },
    async statuses() {
      const { data } = await service.from('outbox').select('status');
      return data!.map((r) => r.status as string);
    },
    stop: () => server.stop(),
  };
}

/**
 * On PGlite: a copy of the migrated template, written to in process with the API roles' settings
 * (as server/src/db/index.ts starts a request's transaction) and served to Deno over a socket.
 */
async function pgliteOutbox(): Promise<Outbox> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-edge-pglite-'));
  fs.cpSync(path.join(await pgliteTemplate(), 'pglite'), dir, { recursive: true });
  const db = new PGlite(dir);
  await db.exec(`set timezone to 'UTC'`);
  const wire = await servePglite(db);
  const as = <R>(role: 'anon' | 'service_role', text: string, params: unknown[]) =>
    db.transaction(async (t) => {
      await t.query(`select set_config('request.jwt.claims', $1, true), set_config('role', $2, true)`, [
        JSON.stringify({ role }),
        role,
      ]);
      return (await t.query<R>(text, params)).rows;
    });
  return {
    databaseUrl: wire.url,
    async book(b) {
      await as(
        'anon',
        `insert into public.bookings (name, email, phone, booking_date, booking_time, guests, service_type, location)
        values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [b.name, b.email, b.phone, b.booking_date, b.booking_time, b.guests, b.service_type, b.location],
      );
    },
    async confirm(email) {
      const rows = await as<{ id: string }>(
        'service_role',
        `update public.bookings set status = 'confirmed' where email = $1 returning id`,
        [email],
      );
      expect(rows).toHaveLength(1);
      return rows[0]!.id;
    },
    async statuses() {
      return (await as<{ status: string }>('service_role', 'select status from public.outbox', [])).map(
        (r) => r.status,
      );
    },
    async stop() {
      await wire.close();
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const variants = [
  { name: 'pglite', available: true, open: pgliteOutbox },
  { name: 'postgres', available: !!postgres, open: postgresOutbox },
];

// PostgreSQL only where TEST_DATABASE_URL is set.
describe.for(variants.filter((v) => v.available))(
  'the Edge Function under Deno drains the outbox ($name)',
  (variant) => {
    let smtp: TestSmtp;
    let outbox: Outbox;
    let fn: ChildProcess;
    let fnUrl: string;

    beforeAll(async () => {
      smtp = await startTestSmtp();
      outbox = await variant.open();
      const port = await freePort();
      fnUrl = `http://127.0.0.1:${port}`;
      const config = 'server/test/support/deno-node-modules.jsonc';
      fn = await startEdgeFunction(['--allow-all', '--config', config, 'supabase/functions/mail-outbox/index.ts'], {
        SUPABASE_DB_URL: outbox.databaseUrl,
        SMTP_URL: smtp.url,
        OWNER_EMAIL: OWNER,
        MAIL_FROM: 'Chef Feva <bookings@cheffeva.test>',
        SITE_URL: 'https://cheffeva.test',
        MAIL_HOOK_SECRET: SECRET,
        MAIL_FUNCTION_PORT: String(port),
        MAIL_RETRY_BASE_SECONDS: '0.2',
        MAIL_RETRY_MAX_SECONDS: '1',
      });
    }, 180_000);
    afterAll(async () => {
      if (fn) await stopGroup(fn);
      await outbox?.stop();
      await smtp?.stop();
    });

    const invoke = async (secret = SECRET, method = 'POST') => {
      const res = await fetch(fnUrl, { method, headers: { 'x-mail-hook-secret': secret } });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    it('answers only the schedule and the webhook (the secret), and only to POST', async () => {
      expect((await invoke('wrong')).status).toBe(401);
      expect((await invoke(SECRET, 'GET')).status).toBe(405);
      expect(smtp.received).toHaveLength(0);
    });

    it('sends what waits, each once, with the calendar invitation; a second call sends nothing more', async () => {
      for (let i = 1; i <= 3; i++) await outbox.book(booking(i));
      const id = await outbox.confirm('edge1@visitor.test');

      const first = await invoke();
      expect(first).toEqual({ status: 200, body: { reminders: 0, sent: 7, retrying: 0, failed: 0 } });
      expect(smtp.received).toHaveLength(7);
      expect(smtp.received.filter((r) => r.envelopeTo[0] === OWNER)).toHaveLength(3);
      const confirmation = smtp.received.find((r) => r.calendar);
      expect(confirmation!.envelopeTo).toEqual(['edge1@visitor.test']);
      expect(confirmation!.calendar).toContain('METHOD:REQUEST');
      expect(confirmation!.calendar!.replace(/\r?\n[ \t]/g, '')).toContain(`UID:booking-${id}@cheffeva.test`);
      expect(confirmation!.calendar).toContain('SEQUENCE:0');
      const chef = smtp.received.find((r) => r.envelopeTo[0] === OWNER)!;
      expect(chef.parsed.html).toContain('https://cheffeva.test/mail-action#token=');

      expect((await invoke()).body).toMatchObject({ sent: 0 });
      expect(smtp.received).toHaveLength(7);
    });

    it('with the SMTP server down the messages wait; once it is back, the next calls send each once', async () => {
      // Whatever an earlier test sent stays sent; this one counts from here.
      const before = smtp.received.length;
      await smtp.stop();
      for (let i = 4; i <= 5; i++) await outbox.book(booking(i));
      const down = await invoke();
      expect(down.status).toBe(200);
      expect(down.body).toMatchObject({ sent: 0, retrying: 1 });
      await smtp.start();
      await sleep(1500); // the back-off: 0.2 s, at most 1 s
      // Two calls at once: the claim gives each message to one of them only.
      const [a, b] = await Promise.all([invoke(), invoke()]);
      expect(Number(a.body.sent) + Number(b.body.sent)).toBe(4);
      const now = smtp.received.slice(before);
      expect(now).toHaveLength(4);
      expect(now.map((r) => r.envelopeTo[0]).sort()).toEqual([
        OWNER,
        OWNER,
        'edge4@visitor.test',
        'edge5@visitor.test',
      ]);
      const ids = smtp.received.map((r) => r.parsed.messageId);
      expect(new Set(ids).size).toBe(smtp.received.length);
      expect(new Set(await outbox.statuses())).toEqual(new Set(['sent']));
    });
  },
);
