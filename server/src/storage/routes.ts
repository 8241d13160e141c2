import { Hono, type Context } from 'hono';
import type { AppContext, AppEnv } from '../http/context.ts';
import { readJson } from '../http/body.ts';
import { bucketRoutes, jsonBody } from './bucket-routes.ts';
import { storageBody, storageErrors } from './error-codes.ts';
import { objectFiles } from './files.ts';
import { checkObjectKey } from './names.ts';
import { iso, objectJson, rethrowDbError } from './responses.ts';
import { serveObject } from './serve-object.ts';
import * as store from './store.ts';
import { renderHandler } from './render-route.ts';
import { sweepVariants, uploadHandler } from './upload.ts';
import { photoVariants, VARIANT_BUCKETS } from './variants.ts';

/** Supabase's cap on names in one remove. */
const MAX_REMOVE = 1000;
const { bucketNotFound, objectNotFound } = storageErrors;

/**
 * `/storage/v1`: the part of Supabase Storage's API the site uses, with its paths, bodies and
 * error shapes (`{statusCode, error, message}`), so supabase-js's storage client works unchanged.
 * Object rows are read and written as the requester's role, so the policies on storage.objects
 * decide; bucket limits are read as the owner, as Storage does. Beyond Supabase: only real PNG,
 * JPEG, GIF and WebP files are accepted, and they are stored re-encoded without metadata.
 *
 *   GET    /bucket, GET /bucket/:id, POST /bucket, PUT /bucket/:id, DELETE /bucket/:id
 *   POST   /object/list/:bucket                   {prefix, limit, offset, sortBy, search}
 *   GET    /object/public/:bucket/:name           public buckets only, no key needed
 *   GET    /object/authenticated/:bucket/:name    and GET /object/:bucket/:name (select policy)
 *   GET    /render/image/public/:bucket/:name     ?width=N: the site's photos' sizes (render-route.ts)
 *   POST   /object/:bucket/:name                  upload (x-upsert: true to replace)
 *   PUT    /object/:bucket/:name                  upload, replacing
 *   DELETE /object/:bucket {prefixes}, DELETE /object/:bucket/:name
 */
export function storageRoutes(ctx: AppContext): Hono<AppEnv> {
  const { db, config } = ctx;
  const files = objectFiles(config.dataDir);
  const variants = photoVariants(config.dataDir);
  const app = new Hono<AppEnv>();

  bucketRoutes(app, ctx);

  // ── Objects ────────────────────────────────────────────────────────────────────────────────
  app.post('/object/list/:bucket', jsonBody, async (c) => {
    const bucketId = c.req.param('bucket');
    const body = await readJson(c, storageBody);
    const query = listQuery(bucketId, body);
    if (!(await db.tx(null, (sql) => store.findBucket(sql, bucketId)))) throw bucketNotFound();
    const rows = await db.tx(c.get('claims'), (sql) => store.listLevel(sql, query)).catch(rethrowDbError);
    return c.json(
      rows.map((r) => ({
        name: r.name,
        id: r.id,
        updated_at: iso(r.updated_at),
        created_at: iso(r.created_at),
        last_accessed_at: iso(r.last_accessed_at),
        metadata: r.metadata,
      })),
    );
  });

  app.get('/object/public/:bucket/:name{.+}', async (c) => {
    const bucketId = c.req.param('bucket');
    const name = checkObjectKey(c.req.param('name'));
    // Anyone may read a public bucket's objects, whatever the select policies say (as on Supabase).
    const row = await db.tx(null, async (sql) => {
      const bucket = await store.findBucket(sql, bucketId);
      if (!bucket || !bucket.public) throw bucketNotFound();
      return store.findObject(sql, bucketId, name);
    });
    if (!row) throw objectNotFound();
    return serveObject(files, c, row);
  });

  const authenticatedDownload = async (c: Context<AppEnv>) => {
    const bucketId = c.req.param('bucket')!;
    const name = checkObjectKey(c.req.param('name')!);
    if (!(await db.tx(null, (sql) => store.findBucket(sql, bucketId)))) throw bucketNotFound();
    const row = await db.tx(c.get('claims'), (sql) => store.findObject(sql, bucketId, name)).catch(rethrowDbError);
    if (!row) throw objectNotFound();
    return serveObject(files, c, row);
  };
  app.get('/object/authenticated/:bucket/:name{.+}', authenticatedDownload);

  app.get('/render/image/public/:bucket/:name{.+}', renderHandler(ctx, files, variants));

  const upload = uploadHandler(ctx, files, variants);
  app.post('/object/:bucket/:name{.+}', upload(false));
  app.put('/object/:bucket/:name{.+}', upload(true));
  app.get('/object/:bucket/:name{.+}', authenticatedDownload);

  const remove = async (c: Context<AppEnv>, bucketId: string, names: string[]) => {
    if (!(await db.tx(null, (sql) => store.findBucket(sql, bucketId)))) throw bucketNotFound();
    const rows = await db.tx(c.get('claims'), (sql) => store.deleteObjects(sql, bucketId, names)).catch(rethrowDbError);
    for (const row of rows) await files.remove(bucketId, row.name).catch(() => {});
    if (rows.length > 0 && VARIANT_BUCKETS.has(bucketId)) await sweepVariants(db, variants);
    return rows;
  };

  app.delete('/object/:bucket', jsonBody, async (c) => {
    const body = await readJson(c, storageBody);
    const prefixes = body.prefixes;
    if (
      !Array.isArray(prefixes) ||
      prefixes.length === 0 ||
      prefixes.length > MAX_REMOVE ||
      !prefixes.every((p) => typeof p === 'string')
    ) {
      throw storageErrors.invalidRequest(`prefixes must be a list of 1 to ${MAX_REMOVE} object names`);
    }
    const rows = await remove(c, c.req.param('bucket'), prefixes as string[]);
    return c.json(rows.map(objectJson));
  });

  app.delete('/object/:bucket/:name{.+}', async (c) => {
    const rows = await remove(c, c.req.param('bucket'), [checkObjectKey(c.req.param('name'))]);
    if (rows.length === 0) throw objectNotFound();
    return c.json({ message: 'Successfully deleted' });
  });

  // An upload without a name, and any other path: Storage's shapes, never the site's pages.
  app.on(['POST', 'PUT'], '/object/:bucket', () => {
    throw storageErrors.invalidKey('Invalid key: an object name is required');
  });
  // A name the routes above cannot match at all (a line break in it, say) is still a bad key.
  app.on(['POST', 'PUT', 'GET', 'HEAD', 'DELETE'], '/object/*', () => {
    throw storageErrors.invalidKey();
  });
  app.all('*', () => {
    throw storageErrors.routeNotFound();
  });

  return app;
}

function listQuery(bucketId: string, body: Record<string, unknown>) {
  const bad = (what: string) => storageErrors.invalidRequest(`Invalid ${what}`);
  const rawPrefix = body.prefix ?? '';
  if (typeof rawPrefix !== 'string' || rawPrefix.length > 1024) throw bad('prefix');
  let prefix = rawPrefix.replace(/^\/+/, '');
  if (prefix !== '' && !prefix.endsWith('/')) prefix += '/';
  const limit = body.limit ?? 100;
  const offset = body.offset ?? 0;
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 1000) throw bad('limit');
  if (!Number.isInteger(offset) || (offset as number) < 0) throw bad('offset');
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = sortBy.column ?? 'name';
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
  if (column !== 'name' && column !== 'updated_at' && column !== 'created_at' && column !== 'last_accessed_at') {
    throw bad('sortBy column');
  }
  if (order !== 'asc' && order !== 'desc') throw bad('sortBy order');
  const search = body.search ?? '';
  if (typeof search !== 'string' || search.length > 1024) throw bad('search');
  return {
    bucketId,
    prefix,
    search,
    limit: limit as number,
    offset: offset as number,
    sortColumn: column as store.SortColumn,
    order: order as 'asc' | 'desc',
  };
}
