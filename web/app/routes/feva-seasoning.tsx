import { SeasoningPage } from '~/features/products/seasoning-page.tsx';
import { pageMeta } from '~/lib/seo.ts';

export const meta = () => pageMeta('seasoning');

export default function FevaSeasoning() {
  return <SeasoningPage />;
}
