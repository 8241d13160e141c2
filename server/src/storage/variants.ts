import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { SITE_PHOTO_WIDTHS, SITE_PHOTOS_BUCKET } from '../../../content/site-photos.ts';
import { encodeVariant, imageWidth } from './image.ts';

/**
 * The chef's uploaded photos in the sizes and formats of the bundled media (web/app/lib/photo-sources.ts):
 * AVIF and WebP at SITE_PHOTO_WIDTHS, made once when the photo is uploaded, from the bytes already
 * re-encoded without metadata, and served by the image-transformation route (render-route.ts). They are
 * derived data: kept under `DATA_DIR/photo-variants/<md5 of the stored bytes>/<width>.<avif|webp>`
 * (content-addressed, so a replaced photo never serves its old variants), not in a backup, and made
 * again from the stored photo when missing (after a restore, or a crash between the upload's commit
 * and their write). Only for the buckets below: anonymous uploads (community recipes) do not get them.
 */
export const VARIANT_BUCKETS: ReadonlySet<string> = new Set([SITE_PHOTOS_BUCKET]);

export type VariantFormat = 'avif' | 'webp';
export const VARIANT_FORMATS: readonly VariantFormat[] = ['avif', 'webp'];

export interface Variant {
  width: number;
  format: VariantFormat;
  bytes: Buffer;
}

/**
 * The widths a photo `sourceWidth` wide is offered at: those narrower than it, and its own width when
 * it is not wider than the widest (never enlarged); as scripts/build/media.ts does for bundled images.
 */
export function variantWidths(sourceWidth: number): number[] {
  const list: number[] = SITE_PHOTO_WIDTHS.filter((w) => w < sourceWidth);
  if (sourceWidth <= SITE_PHOTO_WIDTHS.at(-1)! || list.length === 0) list.push(sourceWidth);
  return list;
}

/** Every variant of an image (already re-encoded, so upright and without metadata). */
export async function makeVariants(bytes: Uint8Array): Promise<Variant[]> {
  const widths = variantWidths(await imageWidth(bytes));
  const out: Variant[] = [];
  for (const width of widths)
    for (const format of VARIANT_FORMATS) out.push({ width, format, bytes: await encodeVariant(bytes, width, format) });
  return out;
}

/** The md5 hex of an object's `eTag` metadata (`"<md5>"`), or undefined for anything else. */
export function etagKey(etag: string | null | undefined): string | undefined {
  const m = /^"?([0-9a-f]{32})"?$/.exec(etag ?? '');
  return m?.[1];
}

const FILE = /^(\d{1,5})\.(avif|webp)$/;

export function photoVariants(dataDir: string) {
  const root = path.resolve(dataDir, 'photo-variants');
  const dirOf = (key: string) => path.join(root, key);
  // One making at a time per photo: two first requests after a restore encode it once.
  const making = new Map<string, Promise<void>>();

  /** Writes all of a photo's variants at once: into a folder of their own, renamed into place. */
  async function write(key: string, variants: Variant[]): Promise<void> {
    await fsp.mkdir(root, { recursive: true });
    const tmp = path.join(root, `.tmp-${process.pid}-${randomUUID()}`);
    await fsp.mkdir(tmp);
    try {
      for (const v of variants) await fsp.writeFile(path.join(tmp, `${v.width}.${v.format}`), v.bytes, { mode: 0o600 });
      await fsp.rename(tmp, dirOf(key));
    } catch (err) {
      await fsp.rm(tmp, { recursive: true, force: true });
      // Another upload of the same bytes put them there first: they are the same variants.
      if (!['EEXIST', 'ENOTEMPTY'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    }
  }

  /** The widths a photo's variants exist at, ascending (none when they were never made). */
  async function widths(key: string): Promise<number[]> {
    const names = await fsp.readdir(dirOf(key)).catch(() => [] as string[]);
    const found = new Set<number>();
    for (const n of names) {
      const m = FILE.exec(n);
      if (m) found.add(Number(m[1]));
    }
    return [...found].sort((a, b) => a - b);
  }

  return {
    write,
    widths,
    /** The file of one variant. */
    file: (key: string, width: number, format: VariantFormat) => path.join(dirOf(key), `${width}.${format}`),
    /** Makes a photo's variants from its stored file unless they exist. */
    async ensure(key: string, readSource: () => Promise<Uint8Array>): Promise<void> {
      if ((await widths(key)).length > 0) return;
      let pending = making.get(key);
      if (!pending) {
        pending = (async () => write(key, await makeVariants(await readSource())))().finally(() => making.delete(key));
        making.set(key, pending);
      }
      await pending;
    },
    /** Removes the variants of photos no object holds any more (`kept`: the md5s still stored). */
    async sweep(kept: ReadonlySet<string>): Promise<string[]> {
      const removed: string[] = [];
      for (const name of await fsp.readdir(root).catch(() => [] as string[])) {
        // A temp folder of this process may be an upload's write in progress; others were cut off.
        if (name.startsWith(`.tmp-${process.pid}-`) || kept.has(name) || making.has(name)) continue;
        await fsp.rm(dirOf(name), { recursive: true, force: true });
        removed.push(name);
      }
      return removed;
    },
  };
}
export type PhotoVariants = ReturnType<typeof photoVariants>;
