import type { ChefPhoto } from '~/lib/photo-sources.ts';
import { Picture } from './picture.tsx';

/**
 * A picture of the chef's content: a bundled image as <Picture> (responsive sources from the media manifest),
 * or an uploaded photo from Storage as one <img> with its widths (srcset; the format follows the browser's
 * Accept), whose box the class names fix (no layout shift).
 */
export function ChefPicture({
  photo,
  alt,
  sizes,
  priority = false,
  className,
  imgClassName,
}: {
  photo: ChefPhoto;
  alt?: string;
  sizes: string;
  priority?: boolean;
  className?: string;
  imgClassName?: string;
}) {
  if (photo.src === undefined)
    return (
      <Picture
        image={photo.image}
        alt={alt}
        sizes={sizes}
        priority={priority}
        className={className}
        imgClassName={imgClassName}
      />
    );
  return (
    <picture className={className}>
      <img
        src={photo.src}
        srcSet={photo.srcSet}
        sizes={photo.srcSet ? sizes : undefined}
        alt={alt ?? ''}
        className={imgClassName}
        decoding={priority ? 'sync' : 'async'}
        loading={priority ? 'eager' : 'lazy'}
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}
