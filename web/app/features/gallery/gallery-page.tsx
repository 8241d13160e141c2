import { galleryText } from '@content/gallery.ts';
import type { PageDataOf } from '~/lib/page-data.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { GalleryCarousel } from './gallery-carousel.tsx';

/** /food-gallery: the chef's gallery (twenty photos by default) as a carousel over a soft background. */
export function GalleryPage({ photos }: PageDataOf<'gallery'>) {
  const { heading } = galleryText;
  return (
    <>
      <PageBackground image="bgGallery" opacity="soft" />
      <PageHeading eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} className="pb-8" />
      <div className="mx-auto w-full max-w-6xl px-5 pb-20 sm:px-6">
        <GalleryCarousel photos={photos} />
      </div>
    </>
  );
}
