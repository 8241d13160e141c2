import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/backend.ts';

/**
 * Requests too large in their body, URL or headers get an answer (413, 414, 431) that says
 * `Connection: close`, and the connection then closes cleanly: the client reads the whole answer
 * and an orderly end, never a reset, even while it is still sending.
 */

interface Exchange {
  head: string;
  body: string;
  /** How the connection ended: 'end' (orderly) or the socket error's code. */
  ended: string;
}

describe('answers to oversized requests', () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer({ name: 'pglite' });
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Sends `head`, then `bodyBytes` in 64 kB pieces every few milliseconds, as a slow upload does. */
  const exchange = (head: string, bodyBytes = 0) =>
    new Promise<Exchange>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      let ended = '';
      socket.on('data', (d: Buffer) => chunks.push(d));
      socket.on('error', (err: NodeJS.ErrnoException) => (ended ||= err.code ?? 'error'));
      socket.on('end', () => (ended ||= 'end'));
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('latin1');
        const split = text.indexOf('\r\n\r\n');
        resolve({ head: text.slice(0, split), body: text.slice(split + 4), ended });
      });
      socket.write(head);
      let sent = 0;
      const piece = Buffer.alloc(64 * 1024, 'a');
      const more = () => {
        if (sent >= bodyBytes || socket.destroyed || !socket.writable) return;
        sent += piece.length;
        socket.write(piece, () => setTimeout(more, 5));
      };
      more();
    });

  const status = (head: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const header = (head: string, name: string) =>
    new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim().toLowerCase();

  it('answers 413 with Connection: close and closes without a reset while the body still arrives', async () => {
    const size = 3 * 1024 * 1024;
    for (const [path, type] of [
      ['/rest/v1/bookings', 'application/json'],
      ['/auth/v1/signup', 'application/json'],
      ['/storage/v1/object/community_recipes/big.png', 'image/png'],
    ]) {
      const declared = path.startsWith('/storage') ? 60 * 1024 * 1024 : size;
      const r = await exchange(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\napikey: ${server.anonKey}\r\nContent-Type: ${type}\r\nContent-Length: ${declared}\r\n\r\n`,
        size,
      );
      expect({ path, status: status(r.head), connection: header(r.head, 'connection'), ended: r.ended }).toEqual({
        path,
        status: 413,
        connection: 'close',
        ended: 'end',
      });
      expect(header(r.head, 'keep-alive')).toBeUndefined();
      expect(Number(header(r.head, 'content-length'))).toBe(Buffer.byteLength(r.body));
    }
  });

  it('answers a URL over 16 kB with 414 and headers over 16 kB with 431, closing cleanly', async () => {
    for (const size of [20_000, 200_000]) {
      const url = await exchange(
        `GET /rest/v1/bookings?x=${'a'.repeat(size)} HTTP/1.1\r\nHost: localhost\r\napikey: ${server.anonKey}\r\n\r\n`,
      );
      expect({ size, status: status(url.head), connection: header(url.head, 'connection'), ended: url.ended }).toEqual({
        size,
        status: 414,
        connection: 'close',
        ended: 'end',
      });
      expect(JSON.parse(url.body)).toHaveProperty('message');

      const headers = await exchange(
        `GET /rest/v1/bookings HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(size)}\r\n\r\n`,
      );
      expect({
        size,
        status: status(headers.head),
        connection: header(headers.head, 'connection'),
        ended: headers.ended,
      }).toEqual({
        size,
        status: 431,
        connection: 'close',
        ended: 'end',
      });
    }
    // A page URL too: the site's paths have the same limit.
    const page = await exchange(`GET /${'p'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(status(page.head)).toBe(414);
    // And a URL just under the limit is served as usual.
    const ok = await fetch(`${server.url}/rest/v1/community_recipes?select=id&x=${'a'.repeat(15_000)}`, {
      headers: { apikey: server.anonKey },
    });
    expect(ok.status).toBe(400); // an unknown filter column: answered by the API, not refused as too long
  });
  it('answers a request whose body it does not read with Connection: close, and closes without a reset', async () => {
    // A 404 for an unknown table and a 401 for a bad key are answered before the body is read.
    const body = 300 * 1024;
    for (const [method, path, key] of [
      ['DELETE', '/rest/v1/no_such_table', server.anonKey],
      ['POST', '/rest/v1/bookings', 'not-a-key'],
    ]) {
      const r = await exchange(
        `${method} ${path} HTTP/1.1\r\nHost: localhost\r\napikey: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body}\r\n\r\n`,
        body,
      );
      expect({
        path,
        status: status(r.head) >= 400 && status(r.head) < 500,
        connection: header(r.head, 'connection'),
        ended: r.ended,
      }).toEqual({
        path,
        status: true,
        connection: 'close',
        ended: 'end',
      });
    }
  });
});
