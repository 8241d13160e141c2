import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, backends, client, startTestServer, TEST_JWT_SECRET, withDatabase, type Backend } from './support/backend.ts';
import { startTestSmtp, type TestSmtp } from './support/smtp.ts';

/**
 * Mail survives failures: the SMTP server down for a while, and the product killed (SIGKILL) after
 * the database took the messages but before they were sent, and in the middle of a send. Afterwards
 * every message has arrived, and none twice. Back-off is scaled down (0.2 s doubling to 1 s) so that
 * "down for a while" is 3 s here; the figures are printed.
 */
const OWNER = 'chef@cheffeva.test';
const FAST = { MAIL_POLL_SECONDS: '0.2', MAIL_RETRY_BASE_SECONDS: '0.2', MAIL_RETRY_MAX_SECONDS: '1' };
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const booking = (i: number) => ({
  name: `Guest ${i}`,
  email: `guest${i}@visitor.test`,
  phone: '+1 555 0100',
  booking_date: inDays(20 + i),
  booking_time: '18:00',
  guests: 4,
  service_type: 'Event Catering',
  location: 'Atlanta',
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each idempotency key (the Message-ID) once, and exactly the expected number of them. */
function tally(smtp: TestSmtp) {
  const ids = smtp.received.map((r) => r.parsed.messageId!);
  const unique = new Set(ids);
  return { delivered: ids.length, unique: unique.size, duplicates: ids.length - unique.size };
}

async function waitQuiet(smtp: TestSmtp, count: number) {
  await smtp.waitFor(count, 30_000);
  await sleep(1500); // any duplicate would come now: several polls and retry delays
}

describe.each(backends)('mail failures ($name)', (backend) => {
  it('the SMTP server down for 3 s, then back: everything arrives, once', async () => {
    const smtp = await startTestSmtp();
    await smtp.stop();
    const server = await startTestServer(backend, { env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, ...FAST } });
    try {
      const anon = client(server, server.anonKey);
      for (let i = 1; i <= 5; i++) expect((await anon.from('bookings').insert(booking(i))).error).toBeNull();
      await sleep(3000);
      const { rows } = await server.db.tx(null, (sql) =>
        sql<{ status: string; attempts: number; last_error: string | null }>('select status, attempts, last_error from public.outbox'),
      );
      expect(rows).toHaveLength(10);
      expect(rows.every((r) => r.status === 'pending')).toBe(true);
      const attempts = rows.reduce((n, r) => n + r.attempts, 0);
      expect(attempts).toBeGreaterThanOrEqual(3);
      expect(rows.some((r) => /ECONNREFUSED|ECONNECTION|ESOCKET/.test(r.last_error ?? ''))).toBe(true);

      await smtp.start();
      await waitQuiet(smtp, 10);
      const t = tally(smtp);
      console.log(`SMTP down 3 s (${backend.name}): 10 messages, ${attempts} failed attempts while down, delivered ${t.delivered}, duplicates ${t.duplicates}, lost ${10 - t.unique}`);
      expect(t).toEqual({ delivered: 10, unique: 10, duplicates: 0 });
    } finally {
      await server.stop();
      await smtp.stop();
    }
  });

  describe('kill -9 of the product', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-mail-kill-'));
    let database: string | undefined;
    afterAll(async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (database) await dropDatabase(backend.adminUrl!, database);
    });

    /** The real product, `npm start`'s server, in a process of its own. */
    async function product(b: Backend, smtp: TestSmtp, extra: Record<string, string> = {}) {
      if (b.name === 'postgres' && !database) database = await createDatabase(b.adminUrl!);
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: path.join(dataDir, 'no-site'),
        SEED: 'false',
        JWT_SECRET: TEST_JWT_SECRET,
        TRUST_PROXY: 'true',
        RATE_LIMIT_INSERTS: '1000',
        SMTP_URL: smtp.url,
        OWNER_EMAIL: OWNER,
        ...FAST,
        ...extra,
        ...(database ? { DATABASE_URL: withDatabase(b.adminUrl!, database) } : {}),
      };
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      const { url, anonKey } = await new Promise<{ url: string; anonKey: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the product did not start:\n${out}`)), 60_000);
        child.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          const ready = /Ready in \d+ ms on (\S+)/.exec(out);
          const key = /anon key:\s+(\S+)\n/.exec(out);
          if (ready && key) {
            clearTimeout(timer);
            resolve({ url: ready[1]!, anonKey: key[1]! });
          }
        });
        child.once('exit', (code) => reject(new Error(`the product exited (${code}):\n${out}`)));
      });
      return {
        url,
        anonKey,
        kill() {
          child.kill('SIGKILL');
          return new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve())));
        },
        async stop() {
          if (child.exitCode !== null || child.signalCode) return;
          child.kill('SIGTERM');
          await new Promise((resolve) => child.once('exit', resolve));
        },
      };
    }

    it('killed after the database took the messages, before any was sent: after the restart all arrive, once', async () => {
      const smtp = await startTestSmtp();
      await smtp.stop(); // nothing can leave yet
      const first = await product(backend, smtp);
      const anon = client(first, first.anonKey);
      for (let i = 1; i <= 5; i++) expect((await anon.from('bookings').insert(booking(i))).error).toBeNull();
      await first.kill();

      await smtp.start();
      const second = await product(backend, smtp);
      try {
        await waitQuiet(smtp, 10);
        const t = tally(smtp);
        console.log(`kill -9 before sending (${backend.name}): 10 messages written, delivered ${t.delivered}, duplicates ${t.duplicates}, lost ${10 - t.unique}`);
        expect(t).toEqual({ delivered: 10, unique: 10, duplicates: 0 });
      } finally {
        await second.stop();
        await smtp.stop();
      }
    });

    it('killed in the middle of a send (the SMTP server had the message but had not accepted it): all arrive, once', async () => {
      const smtp = await startTestSmtp();
      const before = smtp.received.length;
      let killed: Promise<void> | undefined;
      // A lease of 2 s: the restarted product may take the message the dead one held after 2 s.
      const first = await product(backend, smtp, { MAIL_LEASE_SECONDS: '2' });
      const anon = client(first, first.anonKey);
      smtp.holdAt(5, () => {
        killed = first.kill();
      });
      for (let i = 11; i <= 15; i++) expect((await anon.from('bookings').insert(booking(i))).error).toBeNull();
      for (let n = 0; !killed && n < 300; n++) await sleep(50);
      expect(killed, 'the fifth message was held and the product killed').toBeDefined();
      await killed;
      await smtp.stop();
      const acceptedBefore = smtp.received.length - before;
      expect(acceptedBefore).toBe(4);

      await smtp.start();
      const second = await product(backend, smtp, { MAIL_LEASE_SECONDS: '2' });
      try {
        await waitQuiet(smtp, before + 10);
        const t = tally(smtp);
        console.log(
          `kill -9 mid-send (${backend.name}): 10 messages written, ${acceptedBefore} accepted before the kill, 1 cut off mid-send, ` +
            `${smtp.seen - before} transmissions, delivered ${t.delivered}, duplicates ${t.duplicates}, lost ${10 - t.unique}`,
        );
        expect(t).toEqual({ delivered: before + 10, unique: before + 10, duplicates: 0 });
      } finally {
        await second.stop();
        await smtp.stop();
      }
    });
  });
});
