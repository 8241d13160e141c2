import { pricingPage } from '@content/pricing.ts';
import { PriceListPage } from '~/features/marketing/price-list-page.tsx';
import { previewOr } from '~/features/preview/index.ts';
import { pageData } from '~/lib/page-data.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import { pageMeta } from '~/lib/seo.ts';
import { servicesJsonLd } from '~/lib/structured-data.ts';
import { href } from '~/paths.ts';
import type { Route } from './+types/price-list';

/** The packages and add-ons are published content: this page's data, not its script (docs/site-editing.md). */
export async function loader({ context }: Route.LoaderArgs) {
  return pageData.priceList(await siteContentFor(context));
}
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => previewOr('priceList', serverLoader);

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta('priceList', {
    jsonLd: loaderData
      ? [
          servicesJsonLd([...loaderData.packages, ...loaderData.addOns], {
            name: pricingPage.heading.title,
            url: href('priceList'),
          }),
        ]
      : [],
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PriceListPage packages={loaderData.packages} addOns={loaderData.addOns} />;
}
