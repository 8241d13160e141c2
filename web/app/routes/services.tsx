import { servicesPage } from '@content/services.ts';
import { ServicesPage } from '~/features/marketing/services-page.tsx';
import { pageMeta } from '~/lib/seo.ts';
import { servicesJsonLd } from '~/lib/structured-data.ts';
import { href } from '~/paths.ts';

export const meta = () =>
  pageMeta('services', {
    jsonLd: [servicesJsonLd(servicesPage.services, { name: servicesPage.heading.title, url: href('services') })],
  });

export default function Page() {
  return <ServicesPage />;
}
