import { GalleryPage } from '~/features/gallery/gallery-page.tsx';
import { pageMeta } from '~/lib/seo.ts';

export const meta = () => pageMeta('gallery');

export default function Page() {
  return <GalleryPage />;
}
