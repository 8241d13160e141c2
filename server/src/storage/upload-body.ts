import { storageError } from '../http/errors.ts';
import { containsNul, JsonInputError, parseJson } from '../http/input.ts';
import { MultipartError, parseMultipart, type MultipartUpload } from './multipart.ts';

/** Room for the multipart envelope around the file (boundaries, part headers, small fields). */
export const MULTIPART_OVERHEAD = 64 * 1024;

export const tooLarge = () => storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');

/**
 * Refused before the whole body was read: the rest of it is still on the wire, so the connection
 * must not carry another request (a client reusing it would see it closed under its feet).
 */
const tooLargeUnread = () => {
  const err = tooLarge();
  err.headers.Connection = 'close';
  return err;
};

export interface UploadedFile {
  bytes: Uint8Array;
  /** The media type the client declared (part or request `Content-Type`), lower case, without parameters. */
  declaredType: string;
  /** `max-age=N` from the form's `cacheControl` field or the request's `Cache-Control`. */
  cacheControl: string | undefined;
  /** From the form's `metadata` field or the `x-metadata` header (base64 JSON). */
  userMetadata: Record<string, unknown> | null;
}

/**
 * Reads at most `max` bytes of the request body. A `Content-Length` above it is refused before
 * anything is read; a body that turns out longer (chunked, or a lying header) is cut off as soon
 * as it passes the limit. Memory use is bounded by `max`.
 */
export async function readBodyLimited(req: Request, max: number): Promise<Uint8Array> {
  const declared = req.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > max) throw tooLargeUnread();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw storageError(400, 'InvalidRequest', 'The request body could not be read');
    }
    if (step.done) break;
    total += step.value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw tooLargeUnread();
    }
    chunks.push(step.value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * The file of an upload, as Supabase Storage takes it: with `multipart/form-data`, the first file
 * part (supabase-js names it `''`) and the `cacheControl` and `metadata` fields; otherwise the raw
 * body with the request's `Content-Type`, `Cache-Control` and `x-metadata`.
 */
export async function parseUpload(req: Request, body: Uint8Array): Promise<UploadedFile> {
  const contentType = req.headers.get('content-type') ?? '';
  if (mediaType(contentType) === 'multipart/form-data') {
    let form: MultipartUpload;
    try {
      // The body is already bounded, so parsing it in memory is bounded too.
      form = await parseMultipart(body, contentType);
    } catch (err) {
      if (err instanceof MultipartError)
        throw storageError(400, 'InvalidRequest', 'The multipart body could not be parsed');
      throw err;
    }
    if (!form.file) throw storageError(400, 'InvalidRequest', 'No file found in the multipart body');
    const cacheField = form.fields.get('cacheControl');
    return {
      bytes: form.file.bytes,
      declaredType: mediaType(form.file.type) || 'application/octet-stream',
      cacheControl: cacheField === undefined ? undefined : cacheControlFromSeconds(cacheField),
      userMetadata: jsonObject(form.fields.get('metadata') ?? null),
    };
  }
  const xMetadata = req.headers.get('x-metadata');
  return {
    bytes: body,
    declaredType: mediaType(contentType) || 'application/octet-stream',
    cacheControl: cacheControlHeader(req.headers.get('cache-control')),
    userMetadata: jsonObject(xMetadata ? Buffer.from(xMetadata, 'base64').toString('utf8') : null),
  };
}

function mediaType(value: string): string {
  return value.split(';')[0]!.trim().toLowerCase();
}

/** supabase-js sends seconds (`'3600'`). */
function cacheControlFromSeconds(value: string): string | undefined {
  return /^\d{1,10}$/.test(value.trim()) ? `max-age=${Number(value.trim())}` : undefined;
}

/** Kept only when it is a plain directive list, since it is sent back as a response header. */
function cacheControlHeader(value: string | null): string | undefined {
  if (!value) return undefined;
  const v = value.trim();
  return v.length <= 200 && /^[a-z0-9=,\- ]+$/i.test(v) ? v : undefined;
}

/**
 * The user metadata: a JSON object, else none. Metadata PostgreSQL could not store (a NUL
 * character) or nested too deep is refused rather than dropped.
 */
function jsonObject(text: string | null): Record<string, unknown> | null {
  if (!text || text.length > 16 * 1024) return null;
  let v: unknown;
  try {
    v = parseJson(text);
  } catch (err) {
    if (err instanceof JsonInputError && err.reason === 'depth')
      throw storageError(400, 'InvalidRequest', `Invalid metadata: ${err.message}`);
    return null;
  }
  if (containsNul(v))
    throw storageError(400, 'InvalidRequest', 'Invalid metadata: text must not contain NUL characters');
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}
