import type { SupabaseClient } from '@supabase/supabase-js';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, client, freshAddress, startTestServer, type TestServer } from './support/backend.ts';

/**
 * /storage/v1 through supabase-js, against the real server, on PGlite and (when
 * TEST_DATABASE_URL is set) on a fresh PostgreSQL database. The `community_recipes` bucket comes
 * from the migrations: public, images only, 10 MB, anyone may insert into it and read from it.
 */

const BUCKET = 'community_recipes';

let counter = 0;
const unique = (name: string) => `${Date.now()}${++counter}_${name}`;

interface Harness {
  server: TestServer;
  anon: SupabaseClient;
  service: SupabaseClient;
}

function harness(server: TestServer): Harness {
  return { server, anon: client(server, server.anonKey), service: client(server, server.serviceKey) };
}

describe.each(backends)('Storage API on $name', (backend) => {
  let t: Harness;

  beforeAll(async () => {
    t = harness(await startTestServer(backend));
  });
  afterAll(async () => {
    await t?.server.stop();
  });

  const png = (width = 40, height = 30, background = '#c0392b') =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
  /** Random pixels: compresses badly, so the file is about as large as its pixel count suggests. */
  const noisePng = (width: number, height: number) =>
    sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width, height, channels: 3 },
    })
      .png()
      .toBuffer();

  const publicUrl = (name: string, bucket = BUCKET) => t.anon.storage.from(bucket).getPublicUrl(name).data.publicUrl;

  async function objectRows(name: string): Promise<number> {
    const r = await t.server.db.tx(null, (sql) => sql('select 1 from storage.objects where name = $1', [name]));
    return r.rows.length;
  }

  function filesOnDisk(): string[] {
    const out: string[] = [];
    const walk = (dir: string) => {
      if (!fs.existsSync(dir)) return;
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else out.push(path.relative(t.server.dataDir, p));
      }
    };
    walk(path.join(t.server.dataDir, 'storage'));
    walk(path.join(t.server.dataDir, '.storage-tmp'));
    return out;
  }

  /** A request exactly as written (fetch would normalise `..` away before sending). */
  function rawRequest(
    method: string,
    pathname: string,
    headers: Record<string, string>,
    body?: Buffer,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const url = new URL(t.server.url);
    return new Promise((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, method, path: pathname, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {} });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  describe('upload and public download', () => {
    it('stores a real PNG uploaded as anon (multipart) and serves it at its public URL', async () => {
      const name = unique('photo.png');
      const original = await png(40, 30);
      const { data, error } = await t.anon.storage
        .from(BUCKET)
        .upload(name, new Blob([original], { type: 'image/png' }), {
          cacheControl: '600',
        });
      expect(error).toBeNull();
      expect(data).toMatchObject({ path: name, fullPath: `${BUCKET}/${name}` });
      expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

      const res = await fetch(publicUrl(name));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('max-age=600');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe('inline');
      const etag = res.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      const served = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(served).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 40, 30]);
      const pixel = await sharp(served).raw().toBuffer();
      expect([...pixel.subarray(0, 3)]).toEqual([0xc0, 0x39, 0x2b]);

      const again = await fetch(publicUrl(name), { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
    });

    it('accepts the raw body as supabase-js sends a Buffer, and lets anyone download it', async () => {
      const name = unique('raw.png');
      const { error } = await t.anon.storage.from(BUCKET).upload(name, await png(10, 10), { contentType: 'image/png' });
      expect(error).toBeNull();
      const download = await t.anon.storage.from(BUCKET).download(name);
      expect(download.error).toBeNull();
      expect((await sharp(Buffer.from(await download.data!.arrayBuffer())).metadata()).format).toBe('png');
      expect((await t.anon.storage.from(BUCKET).exists(name)).data).toBe(true);
    });

    it('removes EXIF (camera, GPS) and turns the photo upright by its orientation', async () => {
      const name = unique('holiday.jpg');
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2e8b57' } })
        .withExif({
          IFD0: { Make: 'SpyCam', Model: 'X1', Copyright: 'Secret Owner' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '51/1 30/1 0/1',
            GPSLongitudeRef: 'W',
            GPSLongitude: '0/1 7/1 0/1',
          },
        })
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer();
      const before = await sharp(jpeg).metadata();
      expect(before.exif).toBeDefined();
      expect(before.orientation).toBe(6);
      expect(jpeg.includes('SpyCam')).toBe(true);

      const { error } = await t.anon.storage.from(BUCKET).upload(name, new Blob([jpeg], { type: 'image/jpeg' }));
      expect(error).toBeNull();
      const stored = Buffer.from(await (await fetch(publicUrl(name))).arrayBuffer());
      const after = await sharp(stored).metadata();
      expect(after.format).toBe('jpeg');
      expect(after.exif).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect([after.width, after.height]).toEqual([200, 300]);
      for (const secret of ['SpyCam', 'Secret Owner', 'GPS']) expect(stored.includes(secret)).toBe(false);
    });

    it('fits large images within 2000×2000 and keeps small ones as they are', async () => {
      const name = unique('wide.png');
      const { error } = await t.anon.storage
        .from(BUCKET)
        .upload(name, await png(3000, 1000), { contentType: 'image/png' });
      expect(error).toBeNull();
      const meta = await sharp(Buffer.from(await (await fetch(publicUrl(name))).arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([2000, 667]);
    });

    it('stores the real type when the declared one is another image type', async () => {
      const name = unique('really-a-png.png');
      const { error } = await t.anon.storage.from(BUCKET).upload(name, await png(), { contentType: 'image/jpeg' });
      expect(error).toBeNull();
      const res = await fetch(publicUrl(name));
      expect(res.headers.get('content-type')).toBe('image/png');
    });

    it('keeps an animated GIF animated', async () => {
      const name = unique('anim.gif');
      const frames = await Promise.all([png(20, 20, '#ff0000'), png(20, 20, '#0000ff')]);
      const gif = await sharp(frames, { join: { animated: true } })
        .gif({ loop: 0, delay: [100, 100] })
        .toBuffer();
      const { error } = await t.anon.storage.from(BUCKET).upload(name, new Blob([gif], { type: 'image/gif' }));
      expect(error).toBeNull();
      const res = await fetch(publicUrl(name));
      expect(res.headers.get('content-type')).toBe('image/gif');
      const meta = await sharp(Buffer.from(await res.arrayBuffer()), { animated: true }).metadata();
      expect(meta.format).toBe('gif');
      expect(meta.pages).toBe(2);
    });

    it('answers 404 not_found for a missing object and for a private bucket', async () => {
      const res = await fetch(publicUrl(unique('missing.png')));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found' });
      await t.service.storage.createBucket('private-photos', { public: false });
      const priv = await fetch(publicUrl('anything.png', 'private-photos'));
      expect(priv.status).toBe(404);
      expect(await priv.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
    });
  });

  describe('refused uploads leave nothing behind', () => {
    /** Runs an upload that must fail, then checks no row and no file (final or temp) is left. */
    async function refused(name: string, upload: () => Promise<{ error: unknown }>) {
      const before = filesOnDisk();
      const { error } = await upload();
      expect(error).not.toBeNull();
      expect(await objectRows(name)).toBe(0);
      expect(filesOnDisk()).toEqual(before);
      return error as { status: number; statusCode: string; message: string };
    }

    it('400 for a name whose extension is not what the file is (x.html holding a PNG)', async () => {
      for (const [file, content] of [
        ['x.html', 'png'],
        ['photo.jpg', 'png'],
        ['script.js', 'png'],
        ['image.svg', 'png'],
        ['dish.png', 'gif'],
      ] as const) {
        const name = unique(file);
        const bytes =
          content === 'png'
            ? await png()
            : await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
                .gif()
                .toBuffer();
        const error = await refused(name, () =>
          t.anon.storage.from(BUCKET).upload(name, new Blob([new Uint8Array(bytes)], { type: `image/${content}` })),
        );
        expect({ file, status: error.status, statusCode: error.statusCode }).toEqual({
          file,
          status: 400,
          statusCode: '400',
        });
        expect(error.message).toContain(
          content === 'png' ? 'is a PNG image: name it .png' : 'is a GIF image: name it .gif',
        );
      }
      const listed = await t.anon.storage.from(BUCKET).list('', { search: 'x.html' });
      expect(listed.data?.filter((o) => o.name.endsWith('.html'))).toEqual([]);
      // Any case, any of a type's usual extensions, or none at all: stored.
      for (const file of ['UPPER.PNG', 'no-extension']) {
        const name = unique(file);
        const { error } = await t.anon.storage
          .from(BUCKET)
          .upload(name, new Blob([new Uint8Array(await png())], { type: 'image/png' }));
        expect({ file, error }).toEqual({ file, error: null });
      }
    });

    it('413 for a file over the bucket limit (10 MB + 1 byte), raw or multipart', async () => {
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x42);
      const name = unique('big.png');
      let error = await refused(name, () =>
        t.anon.storage.from(BUCKET).upload(name, big, { contentType: 'image/png' }),
      );
      expect(error).toMatchObject({
        status: 413,
        statusCode: '413',
        message: 'The object exceeded the maximum allowed size',
      });
      error = await refused(name, () =>
        t.anon.storage.from(BUCKET).upload(name, new Blob([big], { type: 'image/png' })),
      );
      expect(error).toMatchObject({ status: 413, statusCode: '413' });
    });

    it('413 when a streamed body without Content-Length runs past the limit', async () => {
      const name = unique('stream.png');
      const before = filesOnDisk();
      const chunk = new Uint8Array(1024 * 1024);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 12) return controller.close();
          sent += 1;
          controller.enqueue(chunk);
        },
      });
      const res = await fetch(`${t.server.url}/storage/v1/object/${BUCKET}/${name}`, {
        method: 'POST',
        headers: {
          apikey: t.server.anonKey,
          authorization: `Bearer ${t.server.anonKey}`,
          'content-type': 'image/png',
          'x-forwarded-for': freshAddress(),
        },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ statusCode: '413', error: 'Payload too large' });
      expect(await objectRows(name)).toBe(0);
      expect(filesOnDisk()).toEqual(before);
    });

    it("413 for a bucket's own small limit", async () => {
      const created = await t.service.storage.createBucket('tiny', {
        public: true,
        fileSizeLimit: 2048,
        allowedMimeTypes: ['image/*'],
      });
      expect(created.error).toBeNull();
      const name = unique('noise.png');
      const error = await refused(name, async () =>
        t.service.storage.from('tiny').upload(name, await noisePng(64, 64), { contentType: 'image/png' }),
      );
      expect(error).toMatchObject({ status: 413, statusCode: '413' });
      // A small one fits.
      const ok = await t.service.storage
        .from('tiny')
        .upload(unique('dot.png'), await png(4, 4), { contentType: 'image/png' });
      expect(ok.error).toBeNull();
    });

    it('415 for a declared type the bucket does not allow', async () => {
      const name = unique('photo.png');
      const error = await refused(name, async () =>
        t.anon.storage.from(BUCKET).upload(name, await png(), { contentType: 'text/html' }),
      );
      expect(error).toMatchObject({ status: 415, statusCode: '415', message: 'mime type text/html is not supported' });
      // supabase-js's default type for a Buffer is text/plain.
      const plain = await refused(name, async () => t.anon.storage.from(BUCKET).upload(name, await png()));
      expect(plain.message).toBe('mime type text/plain is not supported');
    });

    it('415 for a text file renamed .png and declared image/png', async () => {
      const name = unique('evil.png');
      const text = Buffer.from('<html><script>alert(1)</script></html>');
      const error = await refused(name, () =>
        t.anon.storage.from(BUCKET).upload(name, new Blob([text], { type: 'image/png' })),
      );
      expect(error).toMatchObject({
        status: 415,
        statusCode: '415',
        message: 'The file is not a PNG, JPEG, GIF or WebP image',
      });
    });

    it('415 for an image format we do not store (SVG, BMP) and for a truncated PNG', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
      const bmp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .tiff()
        .toBuffer();
      const truncated = (await noisePng(64, 64)).subarray(0, 400);
      for (const bytes of [svg, bmp, truncated]) {
        const name = unique('odd.png');
        const error = await refused(name, () =>
          t.anon.storage.from(BUCKET).upload(name, bytes, { contentType: 'image/png' }),
        );
        expect(error).toMatchObject({ status: 415, statusCode: '415' });
      }
    });

    it('403 for another bucket (row-level security), 404 for an unknown one', async () => {
      await t.service.storage.createBucket('staff-only', { public: true });
      const name = unique('photo.png');
      const rls = await refused(name, async () =>
        t.anon.storage.from('staff-only').upload(name, await png(), { contentType: 'image/png' }),
      );
      expect(rls).toMatchObject({
        status: 403,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      const missing = await refused(name, async () =>
        t.anon.storage.from('no-such-bucket').upload(name, await png(), { contentType: 'image/png' }),
      );
      expect(missing).toMatchObject({ status: 404, statusCode: '404', message: 'Bucket not found' });
    });

    it('409 for a name already taken, and anon may not overwrite it', async () => {
      const name = unique('twice.png');
      expect(
        (await t.anon.storage.from(BUCKET).upload(name, await png(8, 8), { contentType: 'image/png' })).error,
      ).toBeNull();
      const before = filesOnDisk();
      const dup = await t.anon.storage.from(BUCKET).upload(name, await png(9, 9), { contentType: 'image/png' });
      expect(dup.error).toMatchObject({ status: 409, statusCode: '409', message: 'The resource already exists' });
      const upsert = await t.anon.storage
        .from(BUCKET)
        .upload(name, await png(9, 9), { contentType: 'image/png', upsert: true });
      expect(upsert.error).toMatchObject({ status: 403 });
      expect(filesOnDisk()).toEqual(before);
      const served = await sharp(Buffer.from(await (await fetch(publicUrl(name))).arrayBuffer())).metadata();
      expect(served.width).toBe(8);

      // The service role may replace it.
      const replaced = await t.service.storage
        .from(BUCKET)
        .upload(name, await png(9, 9), { contentType: 'image/png', upsert: true });
      expect(replaced.error).toBeNull();
      const now = await sharp(Buffer.from(await (await fetch(publicUrl(name))).arrayBuffer())).metadata();
      expect(now.width).toBe(9);
      expect(await objectRows(name)).toBe(1);
    });

    it('400 InvalidKey for path traversal and unsafe names', async () => {
      const before = filesOnDisk();
      const body = await png();
      const headers = {
        apikey: t.server.anonKey,
        authorization: `Bearer ${t.server.anonKey}`,
        'content-type': 'image/png',
        'content-length': String(body.length),
        'x-forwarded-for': freshAddress(),
      };
      // Literal dots are resolved by the URL parser before routing: that request never names an object.
      const dots = await rawRequest('POST', `/storage/v1/object/${BUCKET}/../../escape.png`, headers, body);
      expect(dots.status).toBe(404);
      for (const p of [
        `/storage/v1/object/${BUCKET}/a/%2e%2e/%2e%2e/escape.png`,
        `/storage/v1/object/${BUCKET}/a%2F..%2F..%2Fescape.png`,
        `/storage/v1/object/${BUCKET}/%2Fabsolute.png`,
        `/storage/v1/object/${BUCKET}/nul%00.png`,
        `/storage/v1/object/${BUCKET}/line%0Abreak.png`,
        `/storage/v1/object/${BUCKET}/back%5Cslash.png`,
        `/storage/v1/object/${BUCKET}/double//slash.png`,
        `/storage/v1/object/${BUCKET}/${'a'.repeat(1025)}.png`,
      ]) {
        const res = await rawRequest('POST', p, headers, body);
        expect(res.status, p).toBe(400);
        expect(res.json).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
      }
      expect(filesOnDisk()).toEqual(before);
      expect(fs.existsSync(path.join(t.server.dataDir, 'escape.png'))).toBe(false);
    });

    it('answers bad requests with 4xx, never 500', async () => {
      const headers = {
        apikey: t.server.anonKey,
        'content-type': 'application/json',
        'x-forwarded-for': freshAddress(),
      };
      const cases: [string, string, string][] = [
        ['POST', `/storage/v1/object/list/${BUCKET}`, '{nope'],
        ['POST', `/storage/v1/object/list/${BUCKET}`, JSON.stringify({ limit: -1 })],
        ['POST', `/storage/v1/object/list/${BUCKET}`, JSON.stringify({ sortBy: { column: 'id; drop table x' } })],
        ['DELETE', `/storage/v1/object/${BUCKET}`, JSON.stringify({ prefixes: 'x' })],
        ['POST', '/storage/v1/bucket', JSON.stringify({ name: '../evil' })],
        ['POST', `/storage/v1/object/${BUCKET}/x.png`, '--not-really-multipart'],
      ];
      for (const [method, p, body] of cases) {
        const res = await fetch(`${t.server.url}${p}`, {
          method,
          headers: p.endsWith('x.png') ? { ...headers, 'content-type': 'multipart/form-data; boundary=zz' } : headers,
          body,
        });
        expect(res.status, `${method} ${p} ${body}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(await res.json()).toMatchObject({ statusCode: String(res.status) });
      }
    });
  });

  describe('list, remove and buckets', () => {
    it('lists one level with folders, prefix, limit, offset and sort', async () => {
      await t.service.storage.createBucket('listing', { public: true });
      const files = t.service.storage.from('listing');
      for (const name of ['b.png', 'a.png', 'folder/c.png', 'folder/d.png', 'folder/deeper/e.png']) {
        expect((await files.upload(name, await png(4, 4), { contentType: 'image/png' })).error).toBeNull();
      }
      const top = await files.list();
      expect(top.error).toBeNull();
      expect(top.data!.map((e) => [e.name, e.id === null])).toEqual([
        ['a.png', false],
        ['b.png', false],
        ['folder', true],
      ]);
      expect(top.data![0]!.metadata).toMatchObject({ mimetype: 'image/png', size: expect.any(Number) });

      const inFolder = await files.list('folder', { sortBy: { column: 'name', order: 'desc' } });
      expect(inFolder.data!.map((e) => e.name)).toEqual(['deeper', 'd.png', 'c.png']);
      const page = await files.list('folder', { limit: 1, offset: 1 });
      expect(page.data!.map((e) => e.name)).toEqual(['d.png']);
      const search = await files.list('', { search: 'B' });
      expect(search.data!.map((e) => e.name)).toEqual(['b.png']);
    });

    it('remove: anon removes nothing (no policy), the service role removes the row and the file', async () => {
      const name = unique('gone.png');
      await t.anon.storage.from(BUCKET).upload(name, await png(), { contentType: 'image/png' });
      const file = path.join(t.server.dataDir, 'storage', BUCKET, name);
      expect(fs.existsSync(file)).toBe(true);

      const anon = await t.anon.storage.from(BUCKET).remove([name]);
      expect(anon.error).toBeNull();
      expect(anon.data).toEqual([]);
      expect(fs.existsSync(file)).toBe(true);

      const service = await t.service.storage.from(BUCKET).remove([name]);
      expect(service.error).toBeNull();
      expect(service.data!.map((o) => o.name)).toEqual([name]);
      expect(fs.existsSync(file)).toBe(false);
      expect(await objectRows(name)).toBe(0);
      expect((await fetch(publicUrl(name))).status).toBe(404);
    });

    it('buckets: the service role lists and reads them; anon sees none (no policy)', async () => {
      const list = await t.service.storage.listBuckets();
      expect(list.error).toBeNull();
      expect(list.data!.map((b) => b.id)).toContain(BUCKET);
      const one = await t.service.storage.getBucket(BUCKET);
      expect(one.data).toMatchObject({
        id: BUCKET,
        public: true,
        file_size_limit: 10 * 1024 * 1024,
        allowed_mime_types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
      });
      expect((await t.anon.storage.listBuckets()).data).toEqual([]);
      expect((await t.anon.storage.getBucket(BUCKET)).error).toMatchObject({ statusCode: '404' });
      expect((await t.anon.storage.createBucket('mine')).error).toMatchObject({ statusCode: '403' });
      expect((await t.service.storage.createBucket(BUCKET)).error).toMatchObject({ statusCode: '409' });
    });

    it('buckets: the service role updates and deletes them; a bucket with objects is kept', async () => {
      expect((await t.service.storage.createBucket('scratch', { public: false })).error).toBeNull();
      const updated = await t.service.storage.updateBucket('scratch', { public: true, fileSizeLimit: '1MB' });
      expect(updated.error).toBeNull();
      expect((await t.service.storage.getBucket('scratch')).data).toMatchObject({
        public: true,
        file_size_limit: 1024 * 1024,
      });

      const name = unique('keep.png');
      await t.service.storage.from('scratch').upload(name, await png(), { contentType: 'image/png' });
      expect((await t.service.storage.deleteBucket('scratch')).error).toMatchObject({ statusCode: '409' });
      await t.service.storage.from('scratch').remove([name]);
      expect((await t.service.storage.deleteBucket('scratch')).error).toBeNull();
      expect((await t.service.storage.getBucket('scratch')).error).toMatchObject({ statusCode: '404' });
      expect((await t.anon.storage.deleteBucket(BUCKET)).error).not.toBeNull();
      expect((await t.service.storage.getBucket(BUCKET)).error).toBeNull();
    });
  });

  describe('upload rate limit', () => {
    let limited: Harness;
    beforeAll(async () => {
      limited = harness(await startTestServer(backend, { env: { RATE_LIMIT_INSERTS: '2' } }));
    });
    afterAll(async () => {
      await limited?.server.stop();
    });

    it('answers 429 after N uploads from one address; the service role is exempt', async () => {
      const body = await png(4, 4);
      for (let i = 0; i < 2; i++) {
        const { error } = await limited.anon.storage
          .from(BUCKET)
          .upload(unique('r.png'), body, { contentType: 'image/png' });
        expect(error).toBeNull();
      }
      const { error } = await limited.anon.storage
        .from(BUCKET)
        .upload(unique('r.png'), body, { contentType: 'image/png' });
      expect(error).toMatchObject({ status: 429, statusCode: '429' });
      expect((error as { message: string }).message).toMatch(/too many uploads/i);
      const service = await limited.service.storage
        .from(BUCKET)
        .upload(unique('r.png'), body, { contentType: 'image/png' });
      expect(service.error).toBeNull();
    });
  });
});
