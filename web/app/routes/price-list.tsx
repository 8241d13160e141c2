import { pricingPage } from '@content/pricing.ts';
import { PriceListPage } from '~/features/marketing/price-list-page.tsx';
import { pageMeta } from '~/lib/seo.ts';
import { servicesJsonLd } from '~/lib/structured-data.ts';
import { href } from '~/paths.ts';

export const meta = () =>
  pageMeta('priceList', {
    jsonLd: [
      servicesJsonLd([...pricingPage.packages, ...pricingPage.addOns.items], {
        name: pricingPage.heading.title,
        url: href('priceList'),
      }),
    ],
  });

export default function Page() {
  return <PriceListPage />;
}
