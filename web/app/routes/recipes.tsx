import { recipes } from '@content/recipes.ts';
import { RecipesPage } from '~/features/recipes/recipes-page.tsx';
import { pageMeta } from '~/lib/seo.ts';
import { recipeListJsonLd } from '~/lib/structured-data.ts';

export const meta = () => pageMeta('recipes', { jsonLd: [recipeListJsonLd(recipes)] });

export default function Page() {
  return <RecipesPage />;
}
