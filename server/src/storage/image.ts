import { fileTypeFromBuffer } from 'file-type';
import type Sharp from 'sharp';

/**
 * sharp (libvips) loads with the first upload, not at start: a server that stores no photo does not
 * hold it in memory. Memory once loaded: no cache of decoded images and operations (each upload is
 * decoded once), and one libvips thread per image; images are re-encoded MAX_CONCURRENT at a time.
 */
let loaded: Promise<typeof Sharp> | undefined;
function loadSharp(): Promise<typeof Sharp> {
  return (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));
}

/** The only formats we store, whatever a bucket allows: what browsers show and sharp re-encodes. */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** Images are made to fit in this box (never enlarged): plenty for the web. */
export const MAX_DIMENSION = 2000;
/**
 * Decompression-bomb guard: a few megabytes of PNG can claim gigapixels. 50 megapixels covers
 * any camera photo; larger inputs are refused before they are decoded.
 */
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * Decoding is memory-hungry (a 12-megapixel photo is 36 MB decoded): at most this many images are
 * processed at once, the others wait. Two keep both cores of a small machine busy.
 */
const MAX_CONCURRENT = 2;

/** What the bytes really are (their magic numbers), or undefined when not one of our four. */
export async function sniffImage(bytes: Uint8Array): Promise<ImageType | undefined> {
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  switch (found?.mime) {
    case 'image/png':
    case 'image/apng': // an animated PNG is still a PNG; sharp keeps its first frame
      return 'image/png';
    case 'image/jpeg':
    case 'image/gif':
    case 'image/webp':
      return found.mime;
    default:
      return undefined;
  }
}

export class ImageDecodeError extends Error {}
/** More pixels than MAX_INPUT_PIXELS: refused before it is decoded. */
export class ImageTooLargeError extends Error {}

/** sharp's words for an input over `limitInputPixels`. */
const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/**
 * Decodes and encodes the image again in its own format: turned upright by its EXIF orientation,
 * fitted within 2000×2000, and written without any metadata (EXIF with GPS and camera data, XMP,
 * ICC profiles, comments: sharp keeps none unless asked). Animated GIF and WebP stay animated, in
 * their own format, so a stored name's extension still matches its content.
 */
export async function reencodeImage(bytes: Uint8Array, type: ImageType): Promise<Buffer> {
  const sharp = await loadSharp();
  return withSlot(async () => {
    const animated = type === 'image/gif' || type === 'image/webp';
    let pipeline = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true });
    switch (type) {
      case 'image/png':
        pipeline = pipeline.png();
        break;
      case 'image/jpeg':
        pipeline = pipeline.jpeg({ quality: 85 });
        break;
      case 'image/webp':
        pipeline = pipeline.webp({ quality: 85 });
        break;
      case 'image/gif':
        pipeline = pipeline.gif();
        break;
    }
    try {
      return await pipeline.toBuffer();
    } catch (err) {
      if (isPixelLimit(err)) throw new ImageTooLargeError(`more than ${MAX_INPUT_PIXELS} pixels`);
      throw new ImageDecodeError(err instanceof Error ? err.message : 'cannot decode image');
    }
  });
}

/** The image's width in pixels (its header only; the bytes are ours, already re-encoded). */
export async function imageWidth(bytes: Uint8Array): Promise<number> {
  const sharp = await loadSharp();
  const { width } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  if (!width) throw new ImageDecodeError('the image has no width');
  return width;
}

/** The encoder settings of the bundled media's cards (scripts/build/media.ts `SETTINGS`). */
const VARIANT_SETTINGS = { avif: { quality: 48, effort: 2 }, webp: { quality: 70, effort: 5 } } as const;

/**
 * One responsive variant of a stored image: `width` wide (never enlarged), first frame only, in AVIF or
 * WebP, without metadata (sharp writes none unless asked).
 */
export async function encodeVariant(bytes: Uint8Array, width: number, format: 'avif' | 'webp'): Promise<Buffer> {
  const sharp = await loadSharp();
  return withSlot(async () => {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).resize({
      width,
      withoutEnlargement: true,
    });
    try {
      return await (
        format === 'avif' ? pipeline.avif(VARIANT_SETTINGS.avif) : pipeline.webp(VARIANT_SETTINGS.webp)
      ).toBuffer();
    } catch (err) {
      throw new ImageDecodeError(err instanceof Error ? err.message : 'cannot encode image');
    }
  });
}

let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  // A finishing job hands its slot straight to the next waiter, so `running` never overshoots.
  if (running < MAX_CONCURRENT) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
