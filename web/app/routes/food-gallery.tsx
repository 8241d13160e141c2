import { GalleryPage } from '~/features/gallery/gallery-page.tsx';
import { previewOr } from '~/features/preview/index.ts';
import { pageData } from '~/lib/page-data.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import { pageMeta } from '~/lib/seo.ts';
import type { Route } from './+types/food-gallery';

/** The photos, their order and alt texts are published content: this page's data (docs/site-editing.md). */
export async function loader({ context }: Route.LoaderArgs) {
  return pageData.gallery(await siteContentFor(context));
}
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => previewOr('gallery', serverLoader);

export const meta = () => pageMeta('gallery');

export default function Page({ loaderData }: Route.ComponentProps) {
  return <GalleryPage {...loaderData} />;
}
