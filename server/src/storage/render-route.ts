import fsp from 'node:fs/promises';
import type { Context } from 'hono';
import type { AppContext, AppEnv } from '../http/context.ts';
import { storageErrors } from './error-codes.ts';
import type { objectFiles } from './files.ts';
import { checkObjectKey } from './names.ts';
import { boundedCacheControl, DEFAULT_CACHE_CONTROL, serveObject } from './serve-object.ts';
import * as store from './store.ts';
import { etagKey, VARIANT_BUCKETS, type PhotoVariants, type VariantFormat } from './variants.ts';

/** Supabase's bounds for `width`. */
const MAX_WIDTH = 2500;
/** What Supabase's transformation takes; ours uses `width` only (and `quality` is accepted, not used). */
const KNOWN = new Set(['width', 'quality']);

/**
 * GET /render/image/public/:bucket/:name?width=N: Supabase Storage's image transformation, as far as the
 * site's photos need it (web/app/lib/photo-sources.ts). It serves the variants made at upload
 * (variants.ts) and never encodes on demand beyond making a missing photo's set once, so a request
 * cannot make the server encode arbitrary sizes: the width asked for is rounded up to the nearest
 * variant (the widest when none is as wide). The format follows the Accept header, AVIF before WebP, as
 * hosted Supabase chooses WebP; a browser that takes neither gets the stored photo.
 */
export function renderHandler({ db }: AppContext, files: ReturnType<typeof objectFiles>, variants: PhotoVariants) {
  return async (c: Context<AppEnv>) => {
    const bucketId = c.req.param('bucket')!;
    const name = checkObjectKey(c.req.param('name')!);
    const query = c.req.queries();
    for (const key of Object.keys(query)) {
      if (!KNOWN.has(key))
        throw storageErrors.invalidRequest(`This server transforms images by width only, not ${key.slice(0, 40)}`);
    }
    const rawWidth = c.req.query('width');
    const width = rawWidth === undefined ? MAX_WIDTH : Number(rawWidth);
    if (!/^\d{1,4}$/.test(rawWidth ?? '1') || !Number.isInteger(width) || width < 1 || width > MAX_WIDTH)
      throw storageErrors.invalidRequest(`width must be a whole number from 1 to ${MAX_WIDTH}`);

    const row = await db.tx(null, async (sql) => {
      const bucket = await store.findBucket(sql, bucketId);
      if (!bucket || !bucket.public) throw storageErrors.bucketNotFound();
      return store.findObject(sql, bucketId, name);
    });
    if (!row) throw storageErrors.objectNotFound();
    if (!VARIANT_BUCKETS.has(bucketId))
      throw storageErrors.invalidRequest('Image transformation is not enabled for this bucket');
    const key = etagKey(row.metadata?.eTag);
    const accept = (c.req.header('accept') ?? '').toLowerCase();
    const format: VariantFormat | undefined = accept.includes('image/avif')
      ? 'avif'
      : accept.includes('image/webp')
        ? 'webp'
        : undefined;
    if (!key || !format) return serveObject(files, c, row);

    const stored = await files.stat(row.bucket_id, row.name);
    if (!stored) throw storageErrors.objectNotFound();
    try {
      await variants.ensure(key, () => fsp.readFile(stored.file));
    } catch (err) {
      // A photo stored before variants existed that cannot be made into them: the photo itself.
      console.error('photo variants could not be made:', (err as Error).message);
      return serveObject(files, c, row);
    }
    const widths = await variants.widths(key);
    const chosen = widths.find((w) => w >= width) ?? widths.at(-1);
    if (chosen === undefined) return serveObject(files, c, row);
    const file = variants.file(key, chosen, format);
    const st = await fsp.stat(file).catch(() => undefined);
    if (!st) return serveObject(files, c, row);

    const etag = `"${key}-${chosen}-${format}"`;
    const headers: Record<string, string> = {
      'Content-Type': `image/${format}`,
      'Cache-Control': boundedCacheControl(row.metadata?.cacheControl || DEFAULT_CACHE_CONTROL),
      // One address, two formats: caches keep one answer per Accept.
      Vary: 'Accept',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': 'inline',
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    headers['Content-Length'] = String(st.size);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(await fsp.readFile(file)), 200, headers);
  };
}
