import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPgError } from '../src/rest/pg-errors.ts';
import { withoutAddresses } from '../src/mail/drain.ts';
import { ApiError } from '../src/http/errors.ts';
import { backends, client, pgliteTemplate, startTestServer } from './support/backend.ts';
import { startTestSmtp } from './support/smtp.ts';

/**
 * Issue 18, items 4 and 9: the data folder is the server user's alone; visitors' photos are cached
 * for an hour at most; a client that goes away is one line of the log, not a stack; the mail log
 * names no visitor; an error from inside a trigger shows no row in its details.
 */
const BUCKET = 'community_recipes';

/** Every path under dir (dir included) whose mode lets the group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o077) !== 0) found.push(`${path.relative(dir, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return found;
}

describe.each(backends)('the data folder ($name)', (backend) => {
  it.runIf(process.platform !== 'win32')(
    'is tightened at start with one log line, and what the server writes later is private too',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-private-'));
      try {
        // As an older version (or an unpacked copy) left it: world-readable and writable.
        if (backend.name === 'pglite')
          fs.cpSync(path.join(await pgliteTemplate(), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
        fs.mkdirSync(path.join(dataDir, 'storage', BUCKET), { recursive: true });
        fs.writeFileSync(path.join(dataDir, 'storage', BUCKET, 'old.png'), 'x');
        const chmodAll = (p: string) => {
          fs.chmodSync(p, fs.statSync(p).isDirectory() ? 0o777 : 0o666);
          if (fs.statSync(p).isDirectory()) for (const name of fs.readdirSync(p)) chmodAll(path.join(p, name));
        };
        chmodAll(dataDir);
        expect(openToOthers(dataDir).length).toBeGreaterThan(3);

        const lines: string[] = [];
        const server = await startTestServer(backend, { dataDir, log: (line) => lines.push(line) });
        try {
          expect(lines.filter((l) => l.includes('was open to other users'))).toHaveLength(1);
          expect(lines.find((l) => l.includes('was open to other users'))).toMatch(
            new RegExp(
              `^  data: +${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} was open to other users: \\d+ files and folders are now this user's only$`,
            ),
          );
          expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
          // Writes after the start: a booking (database files, write-ahead log), a photo, the secret.
          const anon = client(server, server.anonKey);
          const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
            .png()
            .toBuffer();
          expect(
            (
              await anon.storage
                .from(BUCKET)
                .upload('1700000000000_new.png', new Blob([png], { type: 'image/png' }), { contentType: 'image/png' })
            ).error,
          ).toBeNull();
          const booking = await anon.from('bookings').insert({
            name: 'Private',
            email: 'private@visitor.test',
            phone: '1',
            booking_date: new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10),
            booking_time: '12:00',
            guests: 2,
            service_type: 'Menu Consultation',
            location: 'Home',
          });
          expect(booking.error).toBeNull();
          expect(openToOthers(dataDir)).toEqual([]);
        } finally {
          await server.stop();
        }
        // Already private: the next start says nothing about it.
        const again: string[] = [];
        const second = await startTestServer(backend, { dataDir, log: (line) => again.push(line) });
        await second.stop();
        expect(again.filter((l) => l.includes('was open to other users'))).toEqual([]);
        expect(openToOthers(dataDir)).toEqual([]);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe.each(backends)('answers and logs ($name)', (backend) => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('serves visitors’ photos with at most an hour of caching, whatever the upload asked for', async () => {
    const server = await startTestServer(backend);
    try {
      const anon = client(server, server.anonKey);
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const cases: [string, Record<string, string> | undefined, string | undefined, string][] = [
        ['1700000000000_year.png', undefined, '31536000', 'max-age=3600'],
        ['1700000000000_ten.png', undefined, '600', 'max-age=600'],
        [
          '1700000000000_immutable.png',
          { 'cache-control': 'public, max-age=999999999, immutable' },
          undefined,
          'max-age=3600',
        ],
      ];
      for (const [name, headers, cacheControl, served] of cases) {
        if (headers) {
          const res = await fetch(`${server.url}/storage/v1/object/${BUCKET}/${name}`, {
            method: 'POST',
            headers: { apikey: server.anonKey, 'content-type': 'image/png', ...headers },
            body: png,
          });
          expect(res.status).toBe(200);
        } else {
          const { error } = await anon.storage
            .from(BUCKET)
            .upload(name, new Blob([png], { type: 'image/png' }), { contentType: 'image/png', cacheControl });
          expect(error).toBeNull();
        }
        const res = await fetch(`${server.url}/storage/v1/object/public/${BUCKET}/${name}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control'), name).toBe(served);
      }
    } finally {
      await server.stop();
    }
  });

  it('a client that goes away mid-request is one info line, no error, no stack', async () => {
    const server = await startTestServer(backend);
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { hostname, port } = new URL(server.url);
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          `POST /rest/v1/bookings HTTP/1.1\r\nHost: ${hostname}\r\napikey: ${server.anonKey}\r\n` +
            `Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":`,
        );
        setTimeout(() => socket.destroy(), 200);
      });
      const until = Date.now() + 5000;
      while (info.mock.calls.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      expect(info.mock.calls).toEqual([['[POST /rest/v1/bookings] the client went away before the answer']]);
      expect(error).not.toHaveBeenCalled();
    } finally {
      await server.stop();
    }
  });

  it('the mail log names no visitor address (the outbox keeps it for the chef)', async () => {
    const smtp = await startTestSmtp();
    const lines: string[] = [];
    const server = await startTestServer(backend, {
      env: { SMTP_URL: smtp.url, OWNER_EMAIL: 'chef@cheffeva.test', MAIL_POLL_SECONDS: '0.2' },
      log: (line) => lines.push(line),
    });
    try {
      const r = await client(server, server.anonKey)
        .from('bookings')
        .insert({
          name: 'Demo',
          email: 'someone.private@example.com',
          phone: '1',
          booking_date: new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10),
          booking_time: '12:00',
          guests: 2,
          service_type: 'Menu Consultation',
          location: 'Home',
        });
      expect(r.error).toBeNull();
      const until = Date.now() + 10_000;
      while (!lines.some((l) => l.includes('cannot be sent')) && Date.now() < until)
        await new Promise((res) => setTimeout(res, 100));
      const failure = lines.find((l) => l.includes('cannot be sent'));
      expect(failure).toMatch(
        /^mail: booking-acknowledged\.[0-9a-f-]{36}\.visitor\.1 cannot be sent: <address> is a reserved example address/,
      );
      expect(lines.join('\n')).not.toContain('someone.private');
      const { data } = await client(server, server.serviceKey)
        .from('outbox')
        .select('last_error')
        .eq('event', 'booking_acknowledged');
      expect(data).toEqual([
        {
          last_error:
            'someone.private@example.com is a reserved example address (demo data): it cannot be mailed'.replace(
              'be mailed',
              'receive mail',
            ),
        },
      ]);
    } finally {
      await server.stop();
      await smtp.stop();
    }
  });
});

describe('what a log line and an error may carry', () => {
  it('withoutAddresses takes every address out of a line', () => {
    expect(withoutAddresses('EENVELOPE 550 5.1.1 <a.b+c@d.test>: Recipient address rejected; cc x@y.test')).toBe(
      'EENVELOPE 550 5.1.1 <<address>>: Recipient address rejected; cc <address>',
    );
  });

  it('an error from a statement a trigger ran keeps its details in the database', () => {
    const inside = Object.assign(
      new Error('new row for relation "outbox" violates check constraint "outbox_recipient_format"'),
      {
        code: '23514',
        detail: 'Failing row contains (…, booking-received…, {"confirm_token": "ab12…"}).',
        where:
          'SQL statement "insert into public.outbox …"\nPL/pgSQL function private.bookings_outbox() line 20 at SQL statement',
      },
    );
    const answer = fromPgError(inside, 'anon') as ApiError;
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: '23514',
      message: 'new row for relation "outbox" violates check constraint "outbox_recipient_format"',
      details: null,
      hint: null,
    });
    // A function's own RAISE, and a check on the row the request sent, keep theirs.
    const own = Object.assign(new Error('booking_date must not be in the past'), {
      code: '23514',
      detail: 'booking_date 2020-01-01 is before today',
      where: 'PL/pgSQL function public.bookings_date_not_past() line 3 at RAISE',
    });
    expect((fromPgError(own, 'anon') as ApiError).body).toMatchObject({
      details: 'booking_date 2020-01-01 is before today',
    });
  });
});
