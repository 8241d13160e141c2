import { PrivateEventsPage } from '~/features/marketing/private-events-page.tsx';
import { previewOr } from '~/features/preview/index.ts';
import { pageData } from '~/lib/page-data.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import { pageMeta } from '~/lib/seo.ts';
import type { Route } from './+types/private-events';

/** The heading and the event cards are published content: this page's data (docs/site-editing.md). */
export async function loader({ context }: Route.LoaderArgs) {
  return pageData.privateEvents(await siteContentFor(context));
}
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => previewOr('privateEvents', serverLoader);

export const meta = () => pageMeta('privateEvents');

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PrivateEventsPage {...loaderData} />;
}
