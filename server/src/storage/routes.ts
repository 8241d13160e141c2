import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { AppContext, AppEnv } from '../http/context.ts';
import { ApiError } from '../http/api-error.ts';
import { limitBody, readJson } from '../http/body.ts';
import { clientAddress } from '../http/rate-limit.ts';
import { objectFiles, openRead } from './files.ts';
import { ImageDecodeError, reencodeImage, sniffImage, type ImageType } from './image.ts';
import { storageBody, storageErrors } from './error-codes.ts';
import { checkExtensionMatches, checkObjectKey, isValidBucketId } from './names.ts';
import * as store from './store.ts';
import { MULTIPART_OVERHEAD, parseUpload, readBodyLimited, tooLarge } from './upload-body.ts';

/** Supabase's default global upload limit; a bucket's own `file_size_limit` can only lower it. */
const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
const DEFAULT_CACHE_CONTROL = 'max-age=3600';
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
/** Supabase's cap on names in one remove. */
const MAX_REMOVE = 1000;
const SERVED_TYPES = new Set<string>(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const { bucketNotFound, objectNotFound } = storageErrors;
const invalidMimeType = (type: string) => storageErrors.invalidMimeType(`mime type ${type.slice(0, 100)} is not supported`);
const notAnImage = () => storageErrors.invalidMimeType('The file is not a PNG, JPEG, GIF or WebP image');
/** JSON bodies (list, remove, buckets): behind this limit, read by `readJson` (server/src/http/body.ts). */
const jsonBody = limitBody(storageBody);

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
 *   POST   /object/:bucket/:name                  upload (x-upsert: true to replace)
 *   PUT    /object/:bucket/:name                  upload, replacing
 *   DELETE /object/:bucket {prefixes}, DELETE /object/:bucket/:name
 */
export function storageRoutes(ctx: AppContext): Hono<AppEnv> {
  const { db, config, rateLimiter } = ctx;
  const files = objectFiles(config.dataDir);
  const app = new Hono<AppEnv>();

  // ── Buckets ────────────────────────────────────────────────────────────────────────────────
  app.get('/bucket', async (c) => {
    const rows = await db.tx(c.get('claims'), (sql) => store.listBuckets(sql));
    return c.json(rows.map(bucketJson));
  });

  app.get('/bucket/:id', async (c) => {
    const row = await db.tx(c.get('claims'), (sql) => store.findBucket(sql, c.req.param('id')));
    if (!row) throw bucketNotFound();
    return c.json(bucketJson(row));
  });

  app.post('/bucket', jsonBody, async (c) => {
    const body = await readJson(c, storageBody);
    const id = typeof body.id === 'string' ? body.id : typeof body.name === 'string' ? body.name : '';
    if (!isValidBucketId(id)) throw storageErrors.invalidBucketName();
    const claims = c.get('claims');
    const owner = claims.sub && UUID.test(claims.sub) ? claims.sub : null;
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
    if (changed === 0) throw bucketNotFound();
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
    if (deleted === 0) throw bucketNotFound();
    return c.json({ message: 'Successfully deleted' });
  });

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
    return serveObject(c, row);
  });

  const authenticatedDownload = async (c: Context<AppEnv>) => {
    const bucketId = c.req.param('bucket')!;
    const name = checkObjectKey(c.req.param('name')!);
    if (!(await db.tx(null, (sql) => store.findBucket(sql, bucketId)))) throw bucketNotFound();
    const row = await db
      .tx(c.get('claims'), (sql) => store.findObject(sql, bucketId, name))
      .catch(rethrowDbError);
    if (!row) throw objectNotFound();
    return serveObject(c, row);
  };
  app.get('/object/authenticated/:bucket/:name{.+}', authenticatedDownload);

  const upload = (replace: boolean) => async (c: Context<AppEnv>) => {
    const claims = c.get('claims');
    const bucketId = c.req.param('bucket')!;
    const name = checkObjectKey(c.req.param('name')!);
    const upsert = replace || c.req.header('x-upsert') === 'true';

    if (
      claims.role !== 'service_role' &&
      !rateLimiter.hit('storage:upload', clientAddress(c), config.rateLimits.inserts, config.rateLimits.windowSeconds)
    ) {
      throw storageErrors.tooManyUploads();
    }

    const bucket = await db.tx(null, (sql) => store.findBucket(sql, bucketId));
    if (!bucket) throw bucketNotFound();
    const limit = Math.min(Number(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT) || GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
    const multipart = (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
    const body = await readBodyLimited(c.req.raw, limit + (multipart ? MULTIPART_OVERHEAD : 0));
    const file = await parseUpload(c.req.raw, body);
    if (file.bytes.byteLength > limit) throw tooLarge();
    if (file.bytes.byteLength === 0) throw storageErrors.invalidRequest('No content provided');

    // Supabase's check on what the client declared, then ours on what the bytes are.
    if (!mimeAllowed(file.declaredType, bucket.allowed_mime_types)) throw invalidMimeType(file.declaredType);
    const realType = await sniffImage(file.bytes);
    if (!realType) throw notAnImage();
    if (!mimeAllowed(realType, bucket.allowed_mime_types)) throw invalidMimeType(realType);
    // The name's extension must say what the bytes are (names.ts).
    checkExtensionMatches(name, realType);
    let bytes: Buffer;
    try {
      bytes = await reencodeImage(file.bytes, realType);
    } catch (err) {
      if (err instanceof ImageDecodeError) throw notAnImage();
      throw err;
    }
    if (bytes.byteLength > limit) throw tooLarge();

    const object: store.NewObject = {
      id: randomUUID(),
      bucketId: bucket.id,
      name,
      owner: claims.sub && UUID.test(claims.sub) ? claims.sub : null,
      ownerId: claims.sub ?? null,
      metadata: {
        eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
        size: bytes.byteLength,
        mimetype: realType satisfies ImageType,
        cacheControl: boundedCacheControl(file.cacheControl ?? DEFAULT_CACHE_CONTROL),
        lastModified: new Date().toISOString(),
        contentLength: bytes.byteLength,
        httpStatusCode: 200,
      },
      userMetadata: file.userMetadata,
      version: randomUUID(),
    };

    // The bytes become visible only once the row is in (row-level security has said yes), and
    // are taken back if the transaction does not commit.
    const staged = await files.stage(bytes);
    let placed: Awaited<ReturnType<typeof files.place>> | undefined;
    try {
      const id = await db.tx(claims, async (sql) => {
        let objectId = object.id;
        if (upsert) objectId = await store.upsertObject(sql, object);
        else await store.insertObject(sql, object);
        placed = await files.place(staged, bucket.id, name, object.version);
        return objectId;
      });
      await placed!.done().catch(() => {});
      return c.json({ Key: `${bucket.id}/${name}`, Id: id });
    } catch (err) {
      if (placed) await placed.undo().catch(() => {});
      else await files.discard(staged).catch(() => {});
      return rethrowDbError(err);
    }
  };
  app.post('/object/:bucket/:name{.+}', upload(false));
  app.put('/object/:bucket/:name{.+}', upload(true));
  app.get('/object/:bucket/:name{.+}', authenticatedDownload);

  const remove = async (c: Context<AppEnv>, bucketId: string, names: string[]) => {
    if (!(await db.tx(null, (sql) => store.findBucket(sql, bucketId)))) throw bucketNotFound();
    const rows = await db.tx(c.get('claims'), (sql) => store.deleteObjects(sql, bucketId, names)).catch(rethrowDbError);
    for (const row of rows) await files.remove(bucketId, row.name).catch(() => {});
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

  /** The stored bytes with their stored type; never anything a browser would run. */
  async function serveObject(c: Context<AppEnv>, row: store.ObjectRow) {
    const st = await files.stat(row.bucket_id, row.name);
    if (!st) throw objectNotFound();
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

  return app;
}

/** Database refusals in Storage's words; anything else goes on to the central handler (500). */
function rethrowDbError(err: unknown): never {
  if (err instanceof ApiError) throw err;
  switch (pgCode(err)) {
    case '42501': {
      const rls = String((err as Error).message).includes('row-level security');
      throw storageErrors.unauthorized(rls ? 'new row violates row-level security policy' : 'permission denied');
    }
    case '23505':
      throw storageErrors.duplicate();
    case '23503':
      throw bucketNotFound();
    case '22P02':
    case '22023':
      throw storageErrors.invalidRequest('Invalid input');
  }
  throw err;
}

function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** `allowed_mime_types` entries are exact (`image/png`) or wildcards (`image/*`); none means any. */
function mimeAllowed(type: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((a) => {
    const rule = a.toLowerCase();
    return rule.endsWith('/*') ? type.startsWith(rule.slice(0, -1)) : type === rule;
  });
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
  if (Array.isArray(v) && v.length <= 100 && v.every((t) => typeof t === 'string' && /^[\w.+-]+\/(\*|[\w.+-]+)$/.test(t))) {
    return v.length ? (v as string[]) : null;
  }
  throw storageErrors.invalidRequest('Invalid allowed_mime_types');
}

function bucketJson(b: store.BucketRow) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner ?? '',
    public: b.public,
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    allowed_mime_types: b.allowed_mime_types,
    created_at: iso(b.created_at),
    updated_at: iso(b.updated_at),
  };
}

function objectJson(o: store.ObjectRow) {
  return {
    bucket_id: o.bucket_id,
    name: o.name,
    id: o.id,
    owner: o.owner,
    created_at: iso(o.created_at),
    updated_at: iso(o.updated_at),
    last_accessed_at: iso(o.last_accessed_at),
    metadata: o.metadata,
    user_metadata: o.user_metadata,
  };
}

function iso(v: Date | string | null): string | null {
  if (v === null) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
