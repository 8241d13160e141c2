import { TestimonialsPage } from '~/features/marketing/testimonials-page.tsx';
import { previewOr } from '~/features/preview/index.ts';
import { pageData } from '~/lib/page-data.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import { pageMeta } from '~/lib/seo.ts';
import type { Route } from './+types/testimonials';

/** The shown testimonials, in the chef's order, are published content: this page's data (docs/site-editing.md). */
export async function loader({ context }: Route.LoaderArgs) {
  return pageData.testimonials(await siteContentFor(context));
}
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => previewOr('testimonials', serverLoader);

export const meta = () => pageMeta('testimonials');

export default function Page({ loaderData }: Route.ComponentProps) {
  return <TestimonialsPage {...loaderData} />;
}
