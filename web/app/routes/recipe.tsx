import { Navigate } from 'react-router';
import { findRecipe } from '~/features/recipes/find-recipe.ts';
import { RecipeDetail } from '~/features/recipes/recipe-detail.tsx';
import { recipeMeta } from '~/features/recipes/recipe-meta.ts';
import { href } from '~/paths.ts';
import type { Route } from './+types/recipe';

/** Read synchronously from the bundled content: each recipe page is prerendered, no loader needed. */
export const meta = ({ params }: Route.MetaArgs) => recipeMeta(findRecipe(params.recipeId));

export default function Page({ params }: Route.ComponentProps) {
  const recipe = findRecipe(params.recipeId);
  // An unknown or malformed id goes to the list (the server also redirects such URLs).
  if (!recipe) return <Navigate to={href('recipes')} replace />;
  // Keyed, so moving from one recipe to another starts at the new recipe's own servings.
  return <RecipeDetail key={recipe.id} recipe={recipe} />;
}
