import { ServicesPage } from '~/features/marketing/services-page.tsx';
import { previewOr } from '~/features/preview/index.ts';
import { pageData } from '~/lib/page-data.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import { pageMeta } from '~/lib/seo.ts';
import { servicesJsonLd } from '~/lib/structured-data.ts';
import { href } from '~/paths.ts';
import type { Route } from './+types/services';

/** The service cards, heading and steps are published content: this page's data (docs/site-editing.md). */
export async function loader({ context }: Route.LoaderArgs) {
  return pageData.services(await siteContentFor(context));
}
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => previewOr('services', serverLoader);

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta('services', {
    jsonLd: loaderData
      ? [servicesJsonLd(loaderData.services, { name: loaderData.heading.title, url: href('services') })]
      : [],
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ServicesPage {...loaderData} />;
}
