// chunk: shell, with ../../generated/media-manifest.json
/**
 * Responsive images from the media manifest (built by scripts/build/media.ts from content/media.ts).
 *
 *   <Picture image="chefPortrait" sizes="(min-width: 768px) 40vw, 100vw" />
 *
 * Renders <picture> with AVIF and WebP sources and an <img> carrying width/height (no layout shift),
 * the manifest's alt text (override with `alt`, or `alt=""` for decoration) and lazy loading unless
 * `priority` (above-the-fold images: eager, fetchpriority="high").
 */
import type { CSSProperties } from 'react';
import type { ImageKey, VideoKey } from '../../../../content/media';
import manifestJson from '../../generated/media-manifest.json';
import {
  readManifest,
  type CompactManifest,
  type MediaImage,
  type MediaVariant,
  type MediaVideo,
} from './media-manifest';

export type { ImageKey, VideoKey, MediaImage, MediaVariant, MediaVideo };

const manifest = readManifest(manifestJson as unknown as CompactManifest);

export function mediaImage(image: ImageKey): MediaImage {
  const entry = manifest.image(image);
  if (!entry) throw new Error(`Unknown image "${image}": run scripts/build/media.ts`);
  return entry;
}

export function mediaVideo(video: VideoKey): MediaVideo {
  const entry = manifest.video(video);
  if (!entry) throw new Error(`Unknown video "${video}": run scripts/build/media.ts`);
  return entry;
}

const srcSet = (variants: MediaVariant[]) => variants.map((v) => `${v.src} ${v.width}w`).join(', ');

/** A WebP URL of the image (the smallest variant at least `width` wide; the largest if none). For CSS and meta tags. */
export function imageUrl(image: ImageKey, width?: number): string {
  const entry = mediaImage(image);
  if (width === undefined) return entry.webp.at(-1)?.src ?? entry.fallback;
  return (entry.webp.find((v) => v.width >= width) ?? entry.webp.at(-1))?.src ?? entry.fallback;
}

/** The 1200x630 JPEG social card (og:image / twitter:image need JPEG or PNG). */
export function ogImageUrl(): string {
  const entry = mediaImage('ogImage');
  return entry.jpeg ?? imageUrl('ogImage', 1200);
}

export interface PictureProps {
  image: ImageKey;
  /** the `sizes` attribute: how wide the image is displayed, e.g. "(min-width: 1024px) 33vw, 100vw" */
  sizes: string;
  priority?: boolean;
  className?: string;
  imgClassName?: string;
  /** overrides the manifest's alt text; pass "" for a decorative image */
  alt?: string;
  style?: CSSProperties;
}

export function Picture({ image, sizes, priority = false, className, imgClassName, alt, style }: PictureProps) {
  const entry = mediaImage(image);
  const imgProps = {
    src: entry.fallback,
    width: entry.width,
    height: entry.height,
    alt: alt ?? entry.alt,
    className: imgClassName,
    decoding: priority ? ('sync' as const) : ('async' as const),
    loading: priority ? ('eager' as const) : ('lazy' as const),
    ...(priority ? { fetchPriority: 'high' as const } : {}),
    style: entry.placeholder ? { backgroundColor: entry.placeholder } : undefined,
  };
  if (entry.svg) {
    // logo / favicon: the SVG scales to any size by itself
    return (
      <picture className={className} style={style}>
        <img {...imgProps} style={undefined} />
      </picture>
    );
  }
  return (
    <picture className={className} style={style}>
      <source type="image/avif" srcSet={srcSet(entry.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(entry.webp)} sizes={sizes} />
      <img {...imgProps} />
    </picture>
  );
}
