import { AboutPage } from '~/features/marketing/about-page.tsx';
import { pageMeta } from '~/lib/seo.ts';
import { businessJsonLd } from '~/lib/structured-data.ts';

export const meta = () => pageMeta('about', { jsonLd: [businessJsonLd()] });

export default function Page() {
  return <AboutPage />;
}
