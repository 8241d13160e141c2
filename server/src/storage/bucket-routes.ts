import type { Hono } from 'hono';
import type { AppContext, AppEnv } from '../http/context.ts';
import { limitBody, readJson } from '../http/body.ts';
import { storageBody, storageErrors } from './error-codes.ts';
import { isValidBucketId } from './names.ts';
import { bucketJson, OWNER_UUID, pgCode, rethrowDbError } from './responses.ts';
import * as store from './store.ts';

/** JSON bodies (list, remove, buckets): behind this limit, read by `readJson` (server/src/http/body.ts). */
export const jsonBody = limitBody(storageBody);

/** GET /bucket, GET /bucket/:id, POST /bucket, PUT /bucket/:id, DELETE /bucket/:id. */
export function bucketRoutes(app: Hono<AppEnv>, { db }: AppContext) {
  app.get('/bucket', async (c) => {
    const rows = await db.tx(c.get('claims'), (sql) => store.listBuckets(sql));
    return c.json(rows.map(bucketJson));
  });

  app.get('/bucket/:id', async (c) => {
    const row = await db.tx(c.get('claims'), (sql) => store.findBucket(sql, c.req.param('id')));
    if (!row) throw storageErrors.bucketNotFound();
    return c.json(bucketJson(row));
  });

  app.post('/bucket', jsonBody, async (c) => {
    const body = await readJson(c, storageBody);
    const id = typeof body.id === 'string' ? body.id : typeof body.name === 'string' ? body.name : '';
    if (!isValidBucketId(id)) throw storageErrors.invalidBucketName();
    const claims = c.get('claims');
    const owner = claims.sub && OWNER_UUID.test(claims.sub) ? claims.sub : null;
    await db
      .tx(claims, (sql) =>
        store.createBucket(sql, {
          id,
          name: id,
          owner,
          public: body.public === true,
          fileSizeLimit: parseSizeLimit(body.file_size_limit) ?? null,
          allowedMimeTypes: parseMimeTypes(body.allowed_mime_types) ?? null,
        }),
      )
      .catch(rethrowDbError);
    return c.json({ name: id });
  });

  app.put('/bucket/:id', jsonBody, async (c) => {
    const body = await readJson(c, storageBody);
    const changed = await db
      .tx(c.get('claims'), (sql) =>
        store.updateBucket(sql, c.req.param('id'), {
          public: typeof body.public === 'boolean' ? body.public : undefined,
          fileSizeLimit: parseSizeLimit(body.file_size_limit),
          allowedMimeTypes: parseMimeTypes(body.allowed_mime_types),
        }),
      )
      .catch(rethrowDbError);
    if (changed === 0) throw storageErrors.bucketNotFound();
    return c.json({ message: 'Successfully updated' });
  });

  app.delete('/bucket/:id', async (c) => {
    const id = c.req.param('id');
    const notEmpty = storageErrors.bucketNotEmpty;
    const deleted = await db
      .tx(c.get('claims'), async (sql) => {
        if (await store.bucketHasObjects(sql, id)) throw notEmpty();
        return store.deleteBucket(sql, id);
      })
      .catch((err: unknown) => {
        if (pgCode(err) === '23503') throw notEmpty();
        return rethrowDbError(err);
      });
    if (deleted === 0) throw storageErrors.bucketNotFound();
    return c.json({ message: 'Successfully deleted' });
  });
}

/** A number of bytes, or Supabase's `'10MB'`-style text; `null` clears the limit. */
function parseSizeLimit(v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return v;
  if (typeof v === 'string') {
    const m = /^\s*(\d+)\s*(b|kb|mb|gb)?\s*$/i.exec(v);
    if (m) {
      const units: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
      const n = Number(m[1]) * units[(m[2] ?? 'b').toLowerCase()]!;
      if (Number.isSafeInteger(n) && n > 0) return n;
    }
  }
  throw storageErrors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
}

function parseMimeTypes(v: unknown): string[] | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (
    Array.isArray(v) &&
    v.length <= 100 &&
    v.every((t) => typeof t === 'string' && /^[\w.+-]+\/(\*|[\w.+-]+)$/.test(t))
  ) {
    return v.length ? (v as string[]) : null;
  }
  throw storageErrors.invalidRequest('Invalid allowed_mime_types');
}
