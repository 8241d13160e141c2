import { ContactPage } from '~/features/contact/contact-page.tsx';
import { previewOr } from '~/features/preview/index.ts';
import { pageData } from '~/lib/page-data.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import { pageMeta } from '~/lib/seo.ts';
import { businessJsonLd } from '~/lib/structured-data.ts';
import { brandOf, type MetaMatches } from '~/lib/brand.ts';
import type { Route } from './+types/contact';

/** The FAQ is published content: this page's data (docs/site-editing.md). */
export async function loader({ context }: Route.LoaderArgs) {
  return pageData.contact(await siteContentFor(context));
}
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => previewOr('contact', serverLoader);

export const meta = ({ matches }: { matches: MetaMatches }) =>
  pageMeta('contact', { jsonLd: [businessJsonLd(brandOf(matches))] });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContactPage {...loaderData} />;
}
