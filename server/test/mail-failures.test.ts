import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  dropDatabase,
  backends,
  client,
  startTestServer,
  TEST_JWT_SECRET,
  withDatabase,
  type Backend,
} from './support/backend.ts';
import { startTestSmtp, type TestSmtp } from './support/smtp.ts';
import { bookingRow, inDays } from '../../test-support/fixtures.ts';
import { spawnProduct } from '../../test-support/product.ts';

/**
 * Mail survives failures: the SMTP server down for a while, and the product killed (SIGKILL) after
 * the database took the messages but before they were sent, and in the middle of a send. Afterwards
 * every message has arrived, and none twice. Back-off is scaled down (0.2 s doubling to 1 s) so that
 * "down for a while" is 3 s here; the figures are printed.
 */
const OWNER = 'chef@cheffeva.test';
const FAST = { MAIL_POLL_SECONDS: '0.2', MAIL_RETRY_BASE_SECONDS: '0.2', MAIL_RETRY_MAX_SECONDS: '1' };
const booking = (i: number) =>
  bookingRow(`Guest ${i}`, {
    email: `guest${i}@visitor.test`,
    booking_date: inDays(20 + i),
    booking_time: '18:00',
    service_type: 'Event Catering',
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

// Each kill test starts the product twice in a process of its own (PGlite's first start included).
const SLOW = { timeout: 120_000 };

describe.each(backends)('mail failures ($name)', (backend) => {
  it('the SMTP server down for 3 s, then back: everything arrives, once', SLOW, async () => {
    const smtp = await startTestSmtp();
    await smtp.stop();
    const server = await startTestServer(backend, { env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, ...FAST } });
    try {
      const anon = client(server, server.anonKey);
      for (let i = 1; i <= 5; i++) expect((await anon.from('bookings').insert(booking(i))).error).toBeNull();
      await sleep(3000);
      const { rows } = await server.db.tx(null, (sql) =>
        sql<{ status: string; attempts: number; last_error: string | null }>(
          'select status, attempts, last_error from public.outbox',
        ),
      );
      expect(rows).toHaveLength(10);
      // Waiting, or in the middle of an attempt that is about to fail: none sent, none given up.
      expect(rows.every((r) => r.status === 'pending' || r.status === 'sending')).toBe(true);
      const attempts = rows.reduce((n, r) => n + r.attempts, 0);
      expect(attempts).toBeGreaterThanOrEqual(3);
      expect(rows.some((r) => /ECONNREFUSED|ECONNECTION|ESOCKET/.test(r.last_error ?? ''))).toBe(true);

      await smtp.start();
      await waitQuiet(smtp, 10);
      const t = tally(smtp);
      console.log(
        `SMTP down 3 s (${backend.name}): 10 messages, ${attempts} failed attempts while down, delivered ${t.delivered}, duplicates ${t.duplicates}, lost ${10 - t.unique}`,
      );
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

    /** The real product, `npm start`'s server, in a process group of its own (test-support/product.ts). */
    async function product(b: Backend, smtp: TestSmtp, extra: Record<string, string> = {}) {
      if (b.name === 'postgres' && !database) database = await createDatabase(b.adminUrl!);
      return spawnProduct({
        dataDir,
        databaseUrl: database ? withDatabase(b.adminUrl!, database) : undefined,
        staticDir: path.join(dataDir, 'no-site'),
        env: {
          JWT_SECRET: TEST_JWT_SECRET,
          TRUST_PROXY: 'true',
          RATE_LIMIT_INSERTS: '1000',
          SMTP_URL: smtp.url,
          OWNER_EMAIL: OWNER,
          ...FAST,
          // A message the killed product was attempting is taken again once its lease ends: 2 s here.
          MAIL_LEASE_SECONDS: '2',
          ...extra,
        },
      });
    }

    it(
      'killed after the database took the messages, before any was sent: after the restart all arrive, once',
      SLOW,
      async () => {
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
          console.log(
            `kill -9 before sending (${backend.name}): 10 messages written, delivered ${t.delivered}, duplicates ${t.duplicates}, lost ${10 - t.unique}`,
          );
          expect(t).toEqual({ delivered: 10, unique: 10, duplicates: 0 });
        } finally {
          await second.stop();
          await smtp.stop();
        }
      },
    );

    it(
      'killed in the middle of a send (the SMTP server had the message but had not accepted it): all arrive, once',
      SLOW,
      async () => {
        const smtp = await startTestSmtp();
        const before = smtp.received.length;
        let killed: Promise<void> | undefined;
        const first = await product(backend, smtp);
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
        const second = await product(backend, smtp);
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
      },
    );
  });
});
