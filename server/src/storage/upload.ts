import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { AppContext, AppEnv } from '../http/context.ts';
import { clientAddress } from '../http/rate-limit.ts';
import { storageErrors } from './error-codes.ts';
import type { objectFiles } from './files.ts';
import { ImageDecodeError, ImageTooLargeError, reencodeImage, sniffImage, type ImageType } from './image.ts';
import { checkExtensionMatches, checkObjectKey } from './names.ts';
import { OWNER_UUID, rethrowDbError } from './responses.ts';
import { boundedCacheControl, DEFAULT_CACHE_CONTROL } from './serve-object.ts';
import * as store from './store.ts';
import { MULTIPART_OVERHEAD, parseUpload, readBodyLimited, tooLarge } from './upload-body.ts';
import { etagKey, makeVariants, VARIANT_BUCKETS, type PhotoVariants } from './variants.ts';

/** Supabase's default global upload limit; a bucket's own `file_size_limit` can only lower it. */
const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
const invalidMimeType = (type: string) =>
  storageErrors.invalidMimeType(`mime type ${type.slice(0, 100)} is not supported`);
const notAnImage = () => storageErrors.invalidMimeType('The file is not a PNG, JPEG, GIF or WebP image');

/** `allowed_mime_types` entries are exact (`image/png`) or wildcards (`image/*`); none means any. */
function mimeAllowed(type: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((a) => {
    const rule = a.toLowerCase();
    return rule.endsWith('/*') ? type.startsWith(rule.slice(0, -1)) : type === rule;
  });
}

/**
 * POST and PUT /object/:bucket/:name: only real PNG, JPEG, GIF and WebP files, checked against the
 * bucket's limits, stored re-encoded without metadata; `replace` (PUT, or `x-upsert: true`) replaces.
 */
export function uploadHandler(
  { db, config, rateLimiter }: AppContext,
  files: ReturnType<typeof objectFiles>,
  variants: PhotoVariants,
) {
  return (replace: boolean) => async (c: Context<AppEnv>) => {
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
    if (!bucket) throw storageErrors.bucketNotFound();
    const limit = Math.min(
      Number(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT) || GLOBAL_FILE_SIZE_LIMIT,
      GLOBAL_FILE_SIZE_LIMIT,
    );
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
      if (err instanceof ImageTooLargeError) throw storageErrors.imageTooLarge();
      if (err instanceof ImageDecodeError) throw notAnImage();
      throw err;
    }
    if (bytes.byteLength > limit) throw tooLarge();

    const object: store.NewObject = {
      id: randomUUID(),
      bucketId: bucket.id,
      name,
      owner: claims.sub && OWNER_UUID.test(claims.sub) ? claims.sub : null,
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
      // The responsive sizes (variants.ts), once row-level security has let the upload in (a refused
      // upload costs no encoding beyond the one above), before the answer, so the pages can use them
      // at once. A failure here only means they are made on their first request.
      if (VARIANT_BUCKETS.has(bucket.id)) {
        await makeVariants(bytes)
          .then((sized) => variants.write(etagKey(object.metadata.eTag)!, sized))
          .catch((err: Error) => console.error('photo variants could not be made:', err.message));
        // A replaced photo's old variants, when no object holds its bytes any more.
        if (upsert) await sweepVariants(db, variants);
      }
      return c.json({ Key: `${bucket.id}/${name}`, Id: id });
    } catch (err) {
      if (placed) await placed.undo().catch(() => {});
      else await files.discard(staged).catch(() => {});
      return rethrowDbError(err);
    }
  };
}

/** Removes the variants no stored photo of a variant bucket holds (after a replace or a delete). */
export async function sweepVariants(db: AppContext['db'], variants: PhotoVariants): Promise<void> {
  try {
    const kept = await db.tx(null, (sql) => store.variantKeys(sql, [...VARIANT_BUCKETS]));
    await variants.sweep(new Set(kept.map(etagKey).filter((k): k is string => k !== undefined)));
  } catch (err) {
    console.error('photo variants sweep failed:', (err as Error).message);
  }
}
