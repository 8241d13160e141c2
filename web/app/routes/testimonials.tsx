import { TestimonialsPage } from '~/features/marketing/testimonials-page.tsx';
import { pageMeta } from '~/lib/seo.ts';

export const meta = () => pageMeta('testimonials');

export default function Page() {
  return <TestimonialsPage />;
}
