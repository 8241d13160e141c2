/**
 * The chef's uploaded photos (the `photo` of recipes, gallery items and testimonials: an object path in
 * the Storage bucket `site-photos`) as an <img>'s `src` and `srcSet`, at the widths the bundled media's
 * cards use (scripts/build/media.ts). The URLs are Supabase Storage's image transformation,
 * `/storage/v1/render/image/public/site-photos/<path>?width=<w>`: our server answers them from the AVIF
 * and WebP variants it made when the photo was uploaded (server/src/storage/variants.ts); a hosted
 * project with Image Transformations on (Pro plan) makes them itself. Both choose the format from the
 * browser's Accept header, so one <img> is enough: no <source type>. A hosted project without
 * transformations builds with VITE_SUPABASE_IMAGE_TRANSFORMS=off: the photo as uploaded, one size.
 * Imports only content/site-photos.ts (two constants): it is small enough for every page's script.
 */
import type { ImageKey } from '../../../content/media.ts';
import { SITE_PHOTO_WIDTHS, SITE_PHOTOS_BUCKET } from '../../../content/site-photos.ts';

export { SITE_PHOTO_WIDTHS };

/** `src` is the 960 px variant: what a browser without srcset support shows. */
const FALLBACK_WIDTH = 960;

export interface PhotoSourceOptions {
  /** The backend's origin; '' (the default without VITE_SUPABASE_URL) is the page's own origin. */
  supabaseUrl?: string;
  /** false: the photo as uploaded, for a hosted project without image transformations. */
  transforms?: boolean;
}

export interface PhotoSources {
  src: string;
  /** Absent when transformations are off. */
  srcSet?: string;
}

const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

/** Each segment of the path encoded, the slashes kept. */
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * `photoSources('gallery/5b0f.jpg')` → `{ src: '/storage/v1/render/image/public/site-photos/gallery/5b0f.jpg?width=960',
 * srcSet: '…?width=320 320w, …?width=640 640w, …?width=960 960w, …?width=1280 1280w' }`. Give the <img> a
 * `sizes` for its layout, and its width and height (or an aspect ratio) so nothing moves as it loads.
 */
export function photoSources(path: string, options: PhotoSourceOptions = {}): PhotoSources {
  const base = (options.supabaseUrl ?? env.VITE_SUPABASE_URL ?? '').replace(/\/+$/, '');
  const transforms = options.transforms ?? env.VITE_SUPABASE_IMAGE_TRANSFORMS !== 'off';
  const object = `${SITE_PHOTOS_BUCKET}/${encodePath(path)}`;
  if (!transforms) return { src: `${base}/storage/v1/object/public/${object}` };
  const at = (width: number) => `${base}/storage/v1/render/image/public/${object}?width=${width}`;
  return {
    src: at(FALLBACK_WIDTH),
    srcSet: SITE_PHOTO_WIDTHS.map((w) => `${at(w)} ${w}w`).join(', '),
  };
}

/**
 * A picture of the chef's: a bundled image (content/media.ts) or an uploaded photo's addresses in Storage
 * (`photoSources`), drawn by web/app/components/ui/chef-photo.tsx.
 */
export type ChefPhoto =
  { image: ImageKey; src?: undefined; srcSet?: undefined } | { image?: ImageKey; src: string; srcSet?: string };

export const chefPhoto = (image: ImageKey | undefined, path: string | undefined): ChefPhoto =>
  path ? { image, ...photoSources(path) } : { image: image! };
