import { PrivateEventsPage } from '~/features/marketing/private-events-page.tsx';
import { pageMeta } from '~/lib/seo.ts';

export const meta = () => pageMeta('privateEvents');

export default function Page() {
  return <PrivateEventsPage />;
}
