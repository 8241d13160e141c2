import { recipes as bundledRecipes } from '../../content/recipes.ts';
import { recipePath, routes } from './paths.ts';

/**
 * Every URL written to static HTML: the fixed routes, each shown recipe of the content rendered (the
 * build's published content or a publication the local server renders; the bundled defaults when not
 * given), and the 404 page.
 */
export function prerenderPaths(recipes: readonly { id: number; hidden?: boolean }[] = bundledRecipes): string[] {
  const fixed = Object.values(routes)
    .map((r) => r.path)
    .filter((p) => !p.includes(':') && p !== '*');
  return [...fixed, ...recipes.filter((recipe) => !recipe.hidden).map((recipe) => recipePath(recipe.id)), '/404'];
}

/**
 * The pages outside the site's layout that are built in the browser (the chef's console, the e-mail
 * links' pages): prerendered too, the e-mail links' pages as their loading state and the console as its
 * signed-out page, so their first paint is their own heading and their route's code loads with the page's
 * (docs/decisions/0025-console-and-e-mail-pages-paint-first.md, docs/decisions/0035-console-signs-in-from-its-html.md).
 * Not public pages: no sitemap entry, noindex, no registry entry.
 */
export const browserPagePaths = ['/console', '/mail-action', '/quote', '/preview'];
