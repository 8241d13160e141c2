import { ContactPage } from '~/features/contact/contact-page.tsx';
import { pageMeta } from '~/lib/seo.ts';
import { businessJsonLd } from '~/lib/structured-data.ts';
import { brandOf, type MetaMatches } from '~/lib/brand.ts';

export const meta = ({ matches }: { matches: MetaMatches }) =>
  pageMeta('contact', { jsonLd: [businessJsonLd(brandOf(matches))] });

export default function Page() {
  return <ContactPage />;
}
