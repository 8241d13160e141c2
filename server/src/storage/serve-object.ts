import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { storageErrors } from './error-codes.ts';
import { openRead, type objectFiles } from './files.ts';
import type * as store from './store.ts';

/** An upload's Cache-Control when it asks for none. */
export const DEFAULT_CACHE_CONTROL = 'max-age=3600';
/**
 * Visitors upload the photos, and the chef may withdraw one: an answer is cached for an hour at
 * most, whatever the uploader asked for (a year and `immutable` would keep a withdrawn photo in
 * browsers and proxies). Supabase Storage serves the uploader's value; the site asks for an hour
 * (web/app/features/community/community-api.ts).
 */
const MAX_CACHE_SECONDS = 3600;

/** `max-age=N` with N at most MAX_CACHE_SECONDS, from what an upload asked for. */
export function boundedCacheControl(value: string | undefined): string {
  const seconds = Number(/(?:^|[\s,])max-age=(\d{1,12})(?:$|[\s,])/.exec(value ?? '')?.[1] ?? MAX_CACHE_SECONDS);
  return `max-age=${Math.min(seconds, MAX_CACHE_SECONDS)}`;
}

/** The types served as what they are; anything else is a download. */
const SERVED_TYPES = new Set<string>(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The stored bytes with their stored type; never anything a browser would run. */
export async function serveObject(files: ReturnType<typeof objectFiles>, c: Context<AppEnv>, row: store.ObjectRow) {
  const st = await files.stat(row.bucket_id, row.name);
  if (!st) throw storageErrors.objectNotFound();
  const meta = row.metadata;
  const type = meta && SERVED_TYPES.has(meta.mimetype) ? meta.mimetype : 'application/octet-stream';
  const fileName = (row.name.split('/').pop() ?? 'file').replace(/[^\w.-]/g, '_');
  const download = c.req.query('download');
  const headers: Record<string, string> = {
    'Content-Type': type,
    // Objects stored before the bound still get it.
    'Cache-Control': boundedCacheControl(meta?.cacheControl || DEFAULT_CACHE_CONTROL),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition':
      download !== undefined || type === 'application/octet-stream'
        ? `attachment; filename="${download ? download.replace(/[^\w.-]/g, '_') : fileName}"`
        : 'inline',
  };
  if (meta?.eTag) headers.ETag = meta.eTag;
  const modified = row.updated_at ? new Date(row.updated_at) : undefined;
  if (modified && !Number.isNaN(modified.getTime())) headers['Last-Modified'] = modified.toUTCString();
  if (meta?.eTag && c.req.header('if-none-match') === meta.eTag) return c.body(null, 304, headers);
  headers['Content-Length'] = String(st.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const stream = Readable.toWeb(openRead(st.file)) as ReadableStream<Uint8Array>;
  return c.body(stream, 200, headers);
}
