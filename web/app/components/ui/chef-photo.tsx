import type { ChefPhoto } from '~/lib/page-data.ts';
import { Picture } from './picture.tsx';

/**
 * A picture of the chef's content: a bundled image as <Picture> (responsive sources from the media manifest),
 * or an uploaded photo from Storage as one <img> whose box the class names fix (no layout shift).
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
        alt={alt ?? ''}
        className={imgClassName}
        decoding={priority ? 'sync' : 'async'}
        loading={priority ? 'eager' : 'lazy'}
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}
