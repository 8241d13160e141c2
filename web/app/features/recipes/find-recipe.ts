import type { SiteContent } from '@content/editable.ts';

type EditableRecipe = SiteContent['recipes'][number];

/**
 * The shown recipe a URL's `:recipeId` names, or undefined. Only the canonical spelling matches
 * (`2`, not `02`, `2.0` or ` 2`): every other spelling is an unknown id. A hidden recipe is unknown.
 */
export function findRecipe(recipes: readonly EditableRecipe[], param: string | undefined): EditableRecipe | undefined {
  if (!param || !/^[1-9]\d*$/.test(param)) return undefined;
  return recipes.find((recipe) => !recipe.hidden && String(recipe.id) === param);
}

/** The recipes a visitor sees, in the chef's order. */
export const shownRecipes = (recipes: readonly EditableRecipe[]) => recipes.filter((recipe) => !recipe.hidden);
