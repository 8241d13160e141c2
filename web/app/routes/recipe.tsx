import { isRouteErrorResponse, redirect } from 'react-router';
import { href } from '~/paths.ts';
import { RecipeDetail } from '~/features/recipes/recipe-detail.tsx';
import { recipeMeta } from '~/features/recipes/recipe-meta.ts';
import { previewOr } from '~/features/preview/index.ts';
import { pageData } from '~/lib/page-data.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import type { Route } from './+types/recipe';

/**
 * The published recipe: each shown one is prerendered with its data (docs/site-editing.md); a hidden or
 * unknown id is not prerendered, and the server answers its URL with the 404 page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  return pageData.recipe(await siteContentFor(context), params);
}

/**
 * In the page, a recipe the publication (or, in a preview tab, the drafts) has no page for goes to the recipe
 * list, as a direct load of its URL does (docs/decisions/0003-prerender-and-404.md).
 */
export async function clientLoader({ serverLoader, params }: Route.ClientLoaderArgs) {
  try {
    return await previewOr('recipe', serverLoader, params);
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status >= 500) throw error;
    throw redirect(href('recipes'));
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => recipeMeta(loaderData?.recipe, loaderData?.siteName);

export default function Page({ loaderData }: Route.ComponentProps) {
  // Keyed, so moving from one recipe to another starts at the new recipe's own servings.
  return <RecipeDetail key={loaderData.recipe.id} recipe={loaderData.recipe} />;
}
