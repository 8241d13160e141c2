import { recipes } from '../../content/recipes.ts';
import { recipePath, routes } from './paths.ts';

/** Every URL written to static HTML at build time: the fixed routes, each recipe, and the 404 page. */
export function prerenderPaths(): string[] {
  const fixed = Object.values(routes)
    .map((r) => r.path)
    .filter((p) => !p.includes(':') && p !== '*');
  return [...fixed, ...recipes.map((recipe) => recipePath(recipe.id)), '/404'];
}
