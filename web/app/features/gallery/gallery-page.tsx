import { galleryPage } from '@content/gallery.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { GalleryCarousel } from './gallery-carousel.tsx';

/** /food-gallery (SPEC §2): the twenty-photo carousel over a soft background. */
export function GalleryPage() {
  const { heading } = galleryPage;
  return (
    <>
      <PageBackground image="bgGallery" opacity="soft" />
      <PageHeading eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} className="pb-8" />
      <div className="mx-auto w-full max-w-6xl px-5 pb-20 sm:px-6">
        <GalleryCarousel />
      </div>
    </>
  );
}
