import { cookbook } from '@content/products.ts';
import { site } from '@content/site.ts';
import { CookbookPage } from '~/features/products/cookbook-page.tsx';
import { pageMeta } from '~/lib/seo.ts';

export const meta = () =>
  pageMeta('cookingBook', {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Book',
        name: cookbook.hero.title,
        description: cookbook.hero.lead,
        author: { '@type': 'Person', name: site.chefName },
      },
    ],
  });

export default function CookingBook() {
  return <CookbookPage />;
}
