// chunk: shell
/**
 * The media manifest's format: written by scripts/build/media.ts, read by <Picture> (picture.tsx).
 *
 * Every page ships it (it is in the `shell` chunk), so it holds only what cannot be derived:
 * per image its key, size, variant widths, one content hash, placeholder colour and alt text; per
 * video its hash, poster and label. URLs follow one pattern, built here for both sides:
 *
 *   /media/{kebab-key}-{width}.{hash}.{avif|webp}   every responsive variant
 *   /media/{kebab-key}.{hash}.{svg|jpg|mp4|webm}    logo/favicon SVG, the social card JPEG, videos
 *
 * `hash` is the first 10 hex digits of the SHA-256 of all the image's (or video's) output files
 * together, so a changed source, encoder setting or encoder changes every URL of that image and
 * nothing else's, and the files can be cached forever (docs/decisions/0006-media-manifest.md).
 *
 * Images are stored column by column, in content/media.ts order: gzip compresses each column
 * (keys, sizes, widths, prose) far better than rows that interleave them with random hashes.
 * No imports beyond types: it is loaded by the browser and by the build script alike.
 */
import type { ImageKey, VideoKey } from '../../../../content/media';

export const MEDIA_URL_BASE = '/media/';
/** Hex digits of a media hash. */
export const MEDIA_HASH_LENGTH = 10;
/** Hex digits of a placeholder colour (no "#"). */
const COLOR_LENGTH = 6;

/** A file an image has besides its AVIF and WebP variants: the SVG (logo, favicon) or the 1200x630 JPEG (ogImage). */
export type ExtraFormat = 'svg' | 'jpg';

/** What media-manifest.json holds. */
export interface CompactManifest {
  /** Image keys, space-separated. Every other image column is in this order. */
  keys: string;
  /** Intrinsic sizes, "{width}x{height}", space-separated. */
  sizes: string;
  /** Each image's variant widths (ascending, the same for AVIF and WebP), comma-separated; images space-separated. */
  widths: string;
  /** Each image's hash, MEDIA_HASH_LENGTH hex digits, concatenated. */
  hashes: string;
  /** Each image's placeholder (dominant) colour, 6 hex digits without "#", concatenated. */
  colors: string;
  /** Each image's alt text ("" for decoration). */
  alts: string[];
  /** Images with an extra file. */
  extra: Partial<Record<ImageKey, ExtraFormat>>;
  /** Videos: [hash, poster image key, label, formats ("mp4" or "mp4 webm")]. */
  videos: Record<VideoKey, [hash: string, poster: ImageKey, label: string, formats: string]>;
}

export interface MediaVariant {
  src: string;
  width: number;
}
/** An image as components use it (expanded from the manifest on first use). */
export interface MediaImage {
  width: number;
  height: number;
  alt: string;
  avif: MediaVariant[];
  webp: MediaVariant[];
  /** <img src>: the widest WebP at most 960 px wide (or the SVG for logo/favicon) */
  fallback: string;
  placeholder: string;
  svg?: string;
  jpeg?: string;
}
export interface MediaVideo {
  mp4: string;
  webm?: string;
  poster: ImageKey;
  label: string;
}

/** "chefPortrait" → "chef-portrait", "gallery01" → "gallery-01": the file name stem of a key. */
export const kebab = (key: string) => key.replace(/([a-z])([A-Z0-9])/g, '$1-$2').toLowerCase();

/** The URL of one media file: `width` for a responsive variant, none for the SVG, JPEG and videos. */
export const mediaUrl = (key: string, hash: string, ext: string, width?: number) =>
  `${MEDIA_URL_BASE}${kebab(key)}${width === undefined ? '' : `-${width}`}.${hash}.${ext}`;

/** The <img src> width: the widest variant at most 960 px wide, else the narrowest. */
export const fallbackWidth = (widths: readonly number[]) => [...widths].reverse().find((w) => w <= 960) ?? widths[0]!;

/** Reads a manifest; images are expanded when first asked for. */
export function readManifest(manifest: CompactManifest) {
  const keys = manifest.keys.split(' ');
  const sizes = manifest.sizes.split(' ');
  const widths = manifest.widths.split(' ');
  const index = new Map(keys.map((k, i) => [k, i]));
  const expanded = new Map<string, MediaImage>();

  function image(key: ImageKey): MediaImage | undefined {
    const i = index.get(key);
    if (i === undefined) return undefined;
    let entry = expanded.get(key);
    if (entry) return entry;
    const hash = manifest.hashes.slice(i * MEDIA_HASH_LENGTH, (i + 1) * MEDIA_HASH_LENGTH);
    const [width, height] = sizes[i]!.split('x').map(Number) as [number, number];
    const ws = widths[i]!.split(',').map(Number);
    const variants = (ext: string) => ws.map((w) => ({ width: w, src: mediaUrl(key, hash, ext, w) }));
    const extra = manifest.extra[key];
    entry = {
      width,
      height,
      alt: manifest.alts[i]!,
      avif: variants('avif'),
      webp: variants('webp'),
      fallback: extra === 'svg' ? mediaUrl(key, hash, 'svg') : mediaUrl(key, hash, 'webp', fallbackWidth(ws)),
      placeholder: `#${manifest.colors.slice(i * COLOR_LENGTH, (i + 1) * COLOR_LENGTH)}`,
      ...(extra === 'svg' ? { svg: mediaUrl(key, hash, 'svg') } : {}),
      ...(extra === 'jpg' ? { jpeg: mediaUrl(key, hash, 'jpg') } : {}),
    };
    expanded.set(key, entry);
    return entry;
  }

  function video(key: VideoKey): MediaVideo | undefined {
    const row = manifest.videos[key];
    if (!row) return undefined;
    const [hash, poster, label, formats] = row;
    return {
      mp4: mediaUrl(key, hash, 'mp4'),
      ...(formats.split(' ').includes('webm') ? { webm: mediaUrl(key, hash, 'webm') } : {}),
      poster,
      label,
    };
  }

  return { imageKeys: keys as ImageKey[], videoKeys: Object.keys(manifest.videos) as VideoKey[], image, video };
}
