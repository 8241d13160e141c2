import { ContactPage } from '~/features/contact/contact-page.tsx';
import { pageMeta } from '~/lib/seo.ts';
import { businessJsonLd } from '~/lib/structured-data.ts';

export const meta = () => pageMeta('contact', { jsonLd: [businessJsonLd()] });

export default function Page() {
  return <ContactPage />;
}
