import { RecipesPage } from '~/features/recipes/recipes-page.tsx';
import { shownRecipes } from '~/features/recipes/find-recipe.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import { pageMeta } from '~/lib/seo.ts';
import { recipeListJsonLd } from '~/lib/structured-data.ts';
import type { Route } from './+types/recipes';

/** The published recipes, hidden ones left out: this page's data (docs/site-editing.md). */
export async function loader({ context }: Route.LoaderArgs) {
  const { recipes } = await siteContentFor(context);
  // The cards need no ingredients or steps: the page's data stays small.
  return { recipes: shownRecipes(recipes).map((recipe) => ({ ...recipe, ingredients: [], instructions: [] })) };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta('recipes', { jsonLd: [recipeListJsonLd(loaderData?.recipes ?? [])] });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <RecipesPage recipes={loaderData.recipes} />;
}
