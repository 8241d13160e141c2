import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PHOTOS_BUCKET } from '../../content/site-photos.ts';
import { photoSources } from '../../web/app/lib/photo-sources.ts';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';

/**
 * The chef's uploaded photos get the bundled media's sizes and formats (web/app/lib/photo-sources.ts,
 * server/src/storage/variants.ts): AVIF and WebP at 320/640/960/1280 px, made at upload from the bytes
 * re-encoded without metadata, served at Supabase's image-transformation address. Hostile files are
 * refused with a clear error and leave nothing behind.
 */
const BUCKET = SITE_PHOTOS_BUCKET;

/** A camera-like JPEG with EXIF (a GPS-ish comment and the camera's make). */
async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 40.7128N 74.0060W' } })
    .toBuffer();
}

/** A real 1×1 PNG whose header then claims `width`×`height` (CRC fixed): a decompression bomb's shape. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  // IHDR starts at byte 8: length (4), type (4), width (4), height (4), … then its CRC over type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(backends)('uploaded site photos in sizes and formats ($name)', (backend) => {
  let server: TestServer;
  let owner: SupabaseClient;
  let member: SupabaseClient;

  const variantsDir = () => path.join(server.dataDir, 'photo-variants');
  const variantFolders = () =>
    fs.existsSync(variantsDir()) ? fs.readdirSync(variantsDir()).filter((n) => !n.startsWith('.')) : [];
  const storedNames = async () => {
    const { rows } = await server.db.tx(null, (sql) =>
      sql<{ name: string }>(`select name from storage.objects where bucket_id = $1 order by name`, [BUCKET]),
    );
    return rows.map((r) => r.name);
  };
  const bucketFiles = () => {
    const dir = path.join(server.dataDir, 'storage', BUCKET);
    return fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).sort() : [];
  };
  const tempFiles = () => {
    const dir = path.join(server.dataDir, '.storage-tmp');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const render = (name: string, query: string, accept = 'image/avif,image/webp,*/*') =>
    fetch(`${server.url}/storage/v1/render/image/public/${BUCKET}/${name}${query}`, { headers: { accept } });

  beforeAll(async () => {
    server = await startTestServer(backend);
    const service = client(server, server.serviceKey);
    const signUp = async (email: string) => {
      const { data, error } = await client(server, server.anonKey).auth.signUp({ email, password: 'photo-password-1' });
      if (error || !data.session || !data.user) throw error ?? new Error('no session');
      return data;
    };
    const o = await signUp(`owner-${crypto.randomUUID()}@example.com`);
    expect((await service.from('user_roles').insert({ user_id: o.user!.id, role: 'owner' })).error).toBeNull();
    owner = client(server, server.anonKey, { accessToken: o.session!.access_token });
    const m = await signUp(`member-${crypto.randomUUID()}@example.com`);
    member = client(server, server.anonKey, { accessToken: m.session!.access_token });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('the owner’s upload has AVIF and WebP at 320, 640, 960 and 1280 px at once, none with EXIF', async () => {
    const name = 'recipes/0b7f5a52-0e1c-4f55-9a57-3c8f1b0e2a11.jpg';
    const photo = await cameraJpeg(1600, 1000);
    expect((await sharp(photo).metadata()).exif).toBeDefined(); // what must not reach a visitor
    const up = await owner.storage.from(BUCKET).upload(name, photo, { contentType: 'image/jpeg' });
    expect(up.error).toBeNull();
    // Made with the upload, not on the first request.
    const [folder] = variantFolders();
    expect(variantFolders()).toHaveLength(1);
    expect(fs.readdirSync(path.join(variantsDir(), folder!)).sort()).toEqual(
      ['1280.avif', '1280.webp', '320.avif', '320.webp', '640.avif', '640.webp', '960.avif', '960.webp'].sort(),
    );
    for (const file of fs.readdirSync(path.join(variantsDir(), folder!))) {
      const meta = await sharp(path.join(variantsDir(), folder!, file)).metadata();
      const [width, format] = file.split('.');
      expect(meta.width, file).toBe(Number(width));
      expect(meta.height, file).toBe(Math.round((Number(width) * 1000) / 1600));
      expect(meta.format === 'heif' ? 'avif' : meta.format, file).toBe(format);
      expect(meta.exif, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
    }

    // The addresses the pages use (photo-sources.ts), answered by format and width.
    const { src, srcSet } = photoSources(name, { supabaseUrl: server.url });
    expect(src).toBe(`${server.url}/storage/v1/render/image/public/${BUCKET}/${name}?width=960`);
    const candidates = srcSet!.split(', ').map((c) => c.split(' '));
    expect(candidates.map(([, w]) => w)).toEqual(['320w', '640w', '960w', '1280w']);
    for (const [url, w] of candidates) {
      const avif = await fetch(url!, { headers: { accept: 'image/avif,image/webp,*/*' } });
      expect(avif.status).toBe(200);
      expect(avif.headers.get('content-type')).toBe('image/avif');
      expect(avif.headers.get('vary')).toBe('Accept');
      expect((await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).width).toBe(parseInt(w!, 10));
      const webp = await fetch(url!, { headers: { accept: 'image/webp,*/*' } });
      expect(webp.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
      expect(meta.width).toBe(parseInt(w!, 10));
      expect(meta.exif).toBeUndefined();
    }
    // A width between variants gets the next wider one; a browser that takes neither format, the photo.
    expect((await sharp(Buffer.from(await (await render(name, '?width=500')).arrayBuffer())).metadata()).width).toBe(
      640,
    );
    const plain = await render(name, '?width=500', 'image/jpeg');
    expect(plain.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await plain.arrayBuffer())).metadata()).exif).toBeUndefined();
    const etag = (await render(name, '?width=320')).headers.get('etag')!;
    expect(
      (
        await fetch(`${server.url}/storage/v1/render/image/public/${BUCKET}/${name}?width=320`, {
          headers: { accept: 'image/avif', 'if-none-match': etag },
        })
      ).status,
    ).toBe(304);
  });

  it('a photo narrower than a width is offered at its own width, never enlarged', async () => {
    const name = 'gallery/7d1e2f30-4a5b-4c6d-8e9f-0a1b2c3d4e5f.png';
    const png = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    expect((await owner.storage.from(BUCKET).upload(name, png, { contentType: 'image/png' })).error).toBeNull();
    const widths = async (w: number) =>
      (await sharp(Buffer.from(await (await render(name, `?width=${w}`)).arrayBuffer())).metadata()).width;
    expect(await widths(320)).toBe(320);
    expect(await widths(640)).toBe(500);
    expect(await widths(1280)).toBe(500);
  });

  it('refuses bad transformation requests with Storage’s error JSON', async () => {
    const name = 'gallery/7d1e2f30-4a5b-4c6d-8e9f-0a1b2c3d4e5f.png';
    for (const query of [
      '?width=0',
      '?width=2501',
      '?width=abc',
      '?width=1e3',
      '?height=200',
      '?width=200&resize=fill',
    ]) {
      const res = await render(name, query);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
    }
    expect((await render('gallery/missing.png', '?width=320')).status).toBe(404);
    // A community recipe's photo (an anonymous upload) is not transformed: no variants for other buckets.
    const community = `${Date.now()}_dish.png`;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const anon = client(server, server.anonKey);
    expect(
      (await anon.storage.from('community_recipes').upload(community, png, { contentType: 'image/png' })).error,
    ).toBeNull();
    const other = await fetch(`${server.url}/storage/v1/render/image/public/community_recipes/${community}?width=320`);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ message: 'Image transformation is not enabled for this bucket' });
  });

  it('refuses hostile files with a clear error, leaving no row, file, variant or temp file', async () => {
    const before = { names: await storedNames(), files: bucketFiles(), variants: variantFolders().sort() };
    const attempts: {
      name: string;
      body: Buffer;
      type: string;
      status: number;
      message: RegExp;
      as?: SupabaseClient;
    }[] = [
      // Wrong magic bytes: text that says it is a JPEG.
      {
        name: 'recipes/fake.jpg',
        body: Buffer.from('just text, no photo'),
        type: 'image/jpeg',
        status: 415,
        message: /not a PNG, JPEG, GIF or WebP/,
      },
      // Magic bytes of a GIF named and declared JPEG: sniffed as what it is, which this bucket does not take.
      {
        name: 'recipes/gif.jpg',
        body: Buffer.from('GIF89a\x01\x00\x01\x00'),
        type: 'image/jpeg',
        status: 415,
        message: /mime type image\/gif is not supported/,
      },
      // A header claiming 100 megapixels (a decompression bomb).
      {
        name: 'recipes/bomb.png',
        body: await pngClaiming(10_000, 10_000),
        type: 'image/png',
        status: 413,
        message: /too many pixels/,
      },
      // SVG with a script, declared as SVG: not a type the bucket takes.
      {
        name: 'recipes/x.svg',
        body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        type: 'image/svg+xml',
        status: 415,
        message: /image\/svg\+xml is not supported/,
      },
      // The same SVG declared as PNG: its bytes are not an image.
      {
        name: 'recipes/x.png',
        body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        type: 'image/png',
        status: 415,
        message: /not a PNG, JPEG, GIF or WebP/,
      },
      // A real photo, from a member: row-level security says no (and nothing is kept).
      {
        name: 'recipes/member.jpg',
        body: await cameraJpeg(400, 300),
        type: 'image/jpeg',
        status: 403,
        message: /row-level security/,
        as: member,
      },
    ];
    for (const a of attempts) {
      const { error } = await (a.as ?? owner).storage.from(BUCKET).upload(a.name, a.body, { contentType: a.type });
      expect(error, a.name).not.toBeNull();
      expect((error as { statusCode?: string }).statusCode, a.name).toBe(String(a.status));
      expect(error!.message, a.name).toMatch(a.message);
    }
    expect(await storedNames()).toEqual(before.names);
    expect(bucketFiles()).toEqual(before.files);
    expect(variantFolders().sort()).toEqual(before.variants);
    expect(tempFiles()).toEqual([]);
  });

  it('removing a photo removes its variants', async () => {
    const name = 'testimonials/1c2d3e4f-5a6b-4c7d-8e9f-a0b1c2d3e4f5.jpg';
    const bytes = await sharp({ create: { width: 700, height: 700, channels: 3, background: '#135' } })
      .jpeg()
      .toBuffer();
    const before = variantFolders().length;
    expect((await owner.storage.from(BUCKET).upload(name, bytes, { contentType: 'image/jpeg' })).error).toBeNull();
    expect(variantFolders()).toHaveLength(before + 1);
    expect((await owner.storage.from(BUCKET).remove([name])).error).toBeNull();
    expect(variantFolders()).toHaveLength(before);
    expect((await render(name, '?width=320')).status).toBe(404);
  });
});
