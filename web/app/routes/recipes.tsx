import { RecipesPage } from '~/features/recipes/recipes-page.tsx';
import { previewOr } from '~/features/preview/index.ts';
import { pageData } from '~/lib/page-data.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import { pageMeta } from '~/lib/seo.ts';
import { recipeListJsonLd } from '~/lib/structured-data.ts';
import type { Route } from './+types/recipes';

/** The published recipes, hidden ones left out: this page's data (docs/site-editing.md). */
export async function loader({ context }: Route.LoaderArgs) {
  return pageData.recipes(await siteContentFor(context));
}
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => previewOr('recipes', serverLoader);

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta('recipes', { jsonLd: [recipeListJsonLd(loaderData?.recipes ?? [])] });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <RecipesPage recipes={loaderData.recipes} />;
}
