import { storageErrors } from './error-codes.ts';

/** Supabase Storage's limit on an object name, in bytes. */
const MAX_KEY_BYTES = 1024;
const MAX_BUCKET_ID_LENGTH = 100;

/**
 * The characters Supabase Storage accepts in object names (S3-safe ASCII: word characters, `/`,
 * and `! - . * ' ( ) space & $ @ = ; : + , ?`). Anything else — control characters, `%`, `\`,
 * non-ASCII letters — is refused on hosted Supabase too, so refusing it here keeps the local
 * server honest about what will work in production.
 */
const KEY_CHARS = /^[\w/!\-.*'() &$@=;:+,?]+$/;
const BUCKET_CHARS = /^[\w!\-.*'() &$@=;:+,?]+$/;

export const invalidKey = (key: string) => storageErrors.invalidKey(`Invalid key: ${printable(key.slice(0, 200))}`);

/** Control characters shown as `?`, so an error message never carries them. */
function printable(text: string): string {
  return [...text].map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f ? '?' : ch)).join('');
}

/**
 * An object name that is safe to use as a relative file path under the bucket's folder: allowed
 * characters only, at most 1024 bytes, no leading or trailing `/`, no empty, `.` or `..` segment.
 */
export function checkObjectKey(key: string): string {
  const ok =
    key.length > 0 &&
    Buffer.byteLength(key, 'utf8') <= MAX_KEY_BYTES &&
    KEY_CHARS.test(key) &&
    key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  if (!ok) throw invalidKey(key);
  return key;
}

/** A bucket id that is also a safe folder name. */
export function isValidBucketId(id: string): boolean {
  return id.length > 0 && id.length <= MAX_BUCKET_ID_LENGTH && BUCKET_CHARS.test(id) && id !== '.' && id !== '..';
}

/** The extensions each stored image type may carry (any case). */
const EXTENSIONS: Record<string, { name: string; exts: string[] }> = {
  'image/png': { name: 'PNG', exts: ['png'] },
  'image/jpeg': { name: 'JPEG', exts: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  'image/gif': { name: 'GIF', exts: ['gif'] },
  'image/webp': { name: 'WebP', exts: ['webp'] },
};

/**
 * Refuses an object name whose extension says something else than its bytes are (`x.html` holding
 * a PNG, `photo.jpg` holding a GIF): a hosted bucket, a CDN or a download serves a file by its
 * name, so the name must not claim to be a page or a script. A name without an extension claims
 * nothing and is kept. Refused rather than renamed: clients (supabase-js among them) keep using
 * the name they sent. docs/api.md says so.
 */
export function checkExtensionMatches(key: string, type: string): void {
  const known = EXTENSIONS[type];
  if (!known) return;
  const base = key.slice(key.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return;
  const ext = base.slice(dot + 1).toLowerCase();
  if (known.exts.includes(ext)) return;
  throw storageErrors.invalidRequest(
    `The file name ends in .${printable(ext.slice(0, 20))} but the file is a ${known.name} image: name it .${known.exts[0]}`,
  );
}
