import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backends, client, startTestServer, withDatabase, type TestServer } from './support/backend.ts';
import { startTestSmtp, type TestSmtp } from './support/smtp.ts';
import { startEdgeFunction } from './support/edge-function.ts';

/**
 * The Edge Function that drains the outbox on hosted Supabase (supabase/functions/mail-outbox), run
 * under Deno (the `deno` package) against the same outbox on PostgreSQL and the same SMTP test
 * server. The local server here has no SMTP_URL, so only the function sends.
 */
const postgres = backends.find((b) => b.name === 'postgres');
const OWNER = 'chef@cheffeva.test';
const SECRET = 'hook-secret-for-the-test-0123456789';
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort() {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe.skipIf(!postgres)('the Edge Function under Deno drains the outbox (postgres)', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let fn: ChildProcess;
  let fnUrl: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(postgres!, { env: { MAIL_POLL_SECONDS: '0.2' } });
    anon = client(server, server.anonKey);
    service = client(server, server.serviceKey);
    const { rows } = await server.db.tx(null, (sql) => sql<{ db: string }>('select current_database() as db'));
    const port = await freePort();
    fnUrl = `http://127.0.0.1:${port}`;
    const config = 'server/test/support/deno-node-modules.jsonc';
    fn = await startEdgeFunction(['--allow-all', '--config', config, 'supabase/functions/mail-outbox/index.ts'], {
      SUPABASE_DB_URL: withDatabase(postgres!.adminUrl!, rows[0]!.db),
      SMTP_URL: smtp.url,
      OWNER_EMAIL: OWNER,
      MAIL_FROM: 'Chef Feva <bookings@cheffeva.test>',
      SITE_URL: 'https://cheffeva.test',
      MAIL_HOOK_SECRET: SECRET,
      MAIL_FUNCTION_PORT: String(port),
      MAIL_RETRY_BASE_SECONDS: '0.2',
      MAIL_RETRY_MAX_SECONDS: '1',
    });
  });
  afterAll(async () => {
    fn?.kill('SIGTERM');
    await server?.stop();
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
    for (let i = 1; i <= 3; i++) expect((await anon.from('bookings').insert(booking(i))).error).toBeNull();
    const { data } = await service.from('bookings').select('id').eq('email', 'edge1@visitor.test');
    const id = data![0]!.id as string;
    expect((await service.from('bookings').update({ status: 'confirmed' }).eq('id', id)).error).toBeNull();

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
    await smtp.stop();
    for (let i = 4; i <= 5; i++) expect((await anon.from('bookings').insert(booking(i))).error).toBeNull();
    const down = await invoke();
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ sent: 0, retrying: 1 });
    await smtp.start();
    await sleep(1500); // the back-off: 0.2 s, at most 1 s
    // Two calls at once: the claim gives each message to one of them only.
    const [a, b] = await Promise.all([invoke(), invoke()]);
    expect(Number(a.body.sent) + Number(b.body.sent)).toBe(4);
    expect(smtp.received).toHaveLength(11);
    const ids = smtp.received.map((r) => r.parsed.messageId);
    expect(new Set(ids).size).toBe(11);
    const { data } = await service.from('outbox').select('status');
    expect(data!.every((r) => r.status === 'sent')).toBe(true);
  });
});
