import { PageHeading } from '~/components/ui/page-heading.tsx';
import { pageMeta } from '~/lib/seo.ts';

// Placeholder: this page is built by its own issue.
export const meta = () => pageMeta('cookingBook');

export default function Page() {
  return <PageHeading title="The Cookbook" />;
}
