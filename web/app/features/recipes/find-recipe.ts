import type { Recipe } from '@content/recipe-schema.ts';
import { recipes } from '@content/recipes.ts';

/**
 * The recipe a URL's `:recipeId` names, or undefined. Only the canonical spelling matches
 * (`2`, not `02`, `2.0` or ` 2`): every other spelling is an unknown id and goes to /recipes.
 */
export function findRecipe(param: string | undefined): Recipe | undefined {
  if (!param || !/^[1-9]\d*$/.test(param)) return undefined;
  return recipes.find((recipe) => String(recipe.id) === param);
}
