import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MultipartError, parseMultipart } from '../src/storage/multipart.ts';
import { backends, freshAddress, startTestServer, type TestServer } from './support/backend.ts';

/**
 * The multipart reader of the Storage API (server/src/storage/multipart.ts, @fastify/busboy since decision
 * 0030): what supabase-js sends, bytes that look like the boundary, hostile envelopes; then the same
 * envelopes against the real upload route on each database.
 */

const BOUNDARY = '----formdata-test-7MA4YWxkTrZu0gW';
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function form(
  parts: { name: string; filename?: string; type?: string; body: string | Buffer }[],
  boundary = BOUNDARY,
): Buffer {
  const out: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    out.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    out.push(Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body));
    out.push(Buffer.from('\r\n'));
  }
  out.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}

describe('parseMultipart', () => {
  it('reads the file part and the fields as supabase-js sends them', async () => {
    const file = Buffer.from('the bytes of a photo');
    const body = form([
      { name: 'cacheControl', body: '3600' },
      { name: '', filename: 'blob', type: 'image/jpeg', body: file },
      { name: 'metadata', body: '{"caption":"Crème brûlée"}' },
    ]);
    const r = await parseMultipart(body, TYPE);
    expect(r.file!.type).toBe('image/jpeg');
    expect(r.file!.bytes.equals(file)).toBe(true);
    expect([...r.fields]).toEqual([
      ['cacheControl', '3600'],
      ['metadata', '{"caption":"Crème brûlée"}'],
    ]);
  });

  it('gives back exactly the bytes sent, when they contain most of the boundary, CR LF and dashes', async () => {
    // Every near-miss of the delimiter, each followed by a byte above 127 so that none completes it.
    const nearMisses = ['\r\n', '\r\n-', '\r\n--', `\r\n--${BOUNDARY.slice(0, -1)}`, `--${BOUNDARY}`, '\r', '\n--'];
    const file = Buffer.concat(
      Array.from({ length: 3000 }, (_, i) =>
        Buffer.concat([Buffer.from(nearMisses[i % nearMisses.length]!), Buffer.from([128 + (i % 128), 0, 255])]),
      ),
    );
    const r = await parseMultipart(
      form([{ name: '', filename: 'x.bin', type: 'application/octet-stream', body: file }]),
      TYPE,
    );
    expect(r.file!.bytes.length).toBe(file.length);
    expect(r.file!.bytes.equals(file)).toBe(true);
  });

  it('keeps the first file part and the first value of a field, as FormData.get does', async () => {
    const r = await parseMultipart(
      form([
        { name: 'cacheControl', body: '60' },
        { name: 'cacheControl', body: '9999' },
        { name: 'a', filename: 'first.png', type: 'image/png', body: 'first' },
        { name: 'b', filename: 'second.png', type: 'image/gif', body: 'second' },
      ]),
      TYPE,
    );
    expect(r.file!.bytes.toString()).toBe('first');
    expect(r.file!.type).toBe('image/png');
    expect(r.fields.get('cacheControl')).toBe('60');
  });

  it('takes a part as the file when it has a filename, empty or not, and never for its type alone', async () => {
    const r = await parseMultipart(
      form([
        { name: 'typed', type: 'application/octet-stream', body: 'a field, though typed as bytes' },
        { name: 'f', filename: '', type: 'image/png', body: 'the file' },
      ]),
      TYPE,
    );
    expect(r.file!.bytes.toString()).toBe('the file');
    expect(r.fields.get('typed')).toBe('a field, though typed as bytes');
  });

  it('does not cut a long field short', async () => {
    const long = 'x'.repeat(1024 * 1024 + 10);
    const r = await parseMultipart(
      form([
        { name: 'metadata', body: long },
        { name: '', filename: 'f', body: 'f' },
      ]),
      TYPE,
    );
    expect(r.fields.get('metadata')!.length).toBe(long.length);
  });

  it('takes a field named __proto__ as a field, without touching any prototype', async () => {
    const r = await parseMultipart(
      form([
        { name: '__proto__', body: '{"polluted":true}' },
        { name: '', filename: 'f', body: 'f' },
      ]),
      TYPE,
    );
    expect(r.fields.get('__proto__')).toBe('{"polluted":true}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers no file when only fields came', async () => {
    const r = await parseMultipart(form([{ name: 'cacheControl', body: '3600' }]), TYPE);
    expect(r.file).toBeUndefined();
  });

  it.each([
    ['no boundary', form([{ name: '', filename: 'f', body: 'f' }]), 'multipart/form-data'],
    [
      'a body cut off before its closing delimiter',
      form([{ name: '', filename: 'f', body: 'f'.repeat(100) }]).subarray(0, 150),
      TYPE,
    ],
    [
      'a part header without its blank line',
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"`),
      TYPE,
    ],
    ['not multipart', Buffer.from('{}'), 'application/json'],
  ])('refuses %s with a MultipartError', async (_what, body, type) => {
    await expect(parseMultipart(body, type)).rejects.toBeInstanceOf(MultipartError);
  });
});

describe.each(backends)('multipart uploads on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const upload = (name: string, body: Buffer, type = TYPE) =>
    fetch(`${server.url}/storage/v1/object/community_recipes/${name}`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${server.anonKey}`,
        'content-type': type,
        'x-forwarded-for': freshAddress(),
      },
      body: new Uint8Array(body),
    });

  it('stores the photo of a hand-built form with its cache time and metadata', async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#2e86de' } })
      .png()
      .toBuffer();
    const name = `${Date.now()}_multipart.png`;
    const res = await upload(
      name,
      form([
        { name: 'cacheControl', body: '120' },
        { name: '', filename: 'blob', type: 'image/png', body: png },
        { name: 'metadata', body: '{"caption":"Stuffed pineapples"}' },
      ]),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ Key: `community_recipes/${name}` });
    const row = await server.db.tx(null, (sql) =>
      sql<{ cache: string; user_metadata: unknown }>(
        `select metadata->>'cacheControl' as cache, user_metadata from storage.objects where bucket_id = 'community_recipes' and name = $1`,
        [name],
      ),
    );
    expect(row.rows).toEqual([{ cache: 'max-age=120', user_metadata: { caption: 'Stuffed pineapples' } }]);
    const served = await fetch(`${server.url}/storage/v1/object/public/community_recipes/${name}`);
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 20,
      height: 10,
    });
  });

  it.each([
    [
      'a body cut off before its closing delimiter',
      (b: Buffer) => b.subarray(0, b.length - 20),
      TYPE,
      'The multipart body could not be parsed',
    ],
    ['no boundary', (b: Buffer) => b, 'multipart/form-data', 'The multipart body could not be parsed'],
    ['only fields', () => form([{ name: 'cacheControl', body: '3600' }]), TYPE, 'No file found in the multipart body'],
  ])('answers 400 for %s, and stores nothing', async (_what, shape, type, message) => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const name = `${Date.now()}_broken.png`;
    const res = await upload(name, shape(form([{ name: '', filename: 'blob', type: 'image/png', body: png }])), type);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: '400', error: 'InvalidRequest', message });
    const rows = await server.db.tx(null, (sql) => sql('select 1 from storage.objects where name = $1', [name]));
    expect(rows.rows).toHaveLength(0);
  });
});
