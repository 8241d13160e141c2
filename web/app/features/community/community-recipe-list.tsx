import { ChefHat } from 'lucide-react';
import { community } from '@content/community.ts';
import { Spinner } from '~/components/ui/form-field.tsx';
import { RecipeCard } from './recipe-card.tsx';
import { useApprovedRecipes } from './use-approved-recipes.ts';

/** /community-recipes: loading, error, empty, or the grid of approved recipes. */
export function CommunityRecipeList() {
  const state = useApprovedRecipes();
  const { list } = community;

  if (state.status === 'loading') {
    // As tall as a screen: the recipes that arrive fill at least that much, so nothing on screen moves (CLS 0).
    return (
      <div
        role="status"
        aria-label={list.loading}
        className="flex min-h-svh items-start justify-center py-16 text-gold"
      >
        <Spinner className="size-10" />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <p role="alert" className="py-16 text-center text-lg text-red-300">
        {list.loadError}
      </p>
    );
  }
  if (state.recipes.length === 0) {
    return (
      <div className="mx-auto max-w-xl rounded-2xl border border-cream/10 bg-charcoal/80 px-6 py-12 text-center">
        <ChefHat aria-hidden className="mx-auto size-12 text-gold" />
        <h2 className="mt-4 text-2xl font-semibold">{list.empty.title}</h2>
        <p className="mt-2 text-sand">{list.empty.text}</p>
      </div>
    );
  }
  return (
    <section aria-labelledby="community-recipes-title">
      <h2 id="community-recipes-title" className="sr-only">
        {list.gridTitle}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {state.recipes.map((recipe) => (
          <li key={recipe.id}>
            <RecipeCard recipe={recipe} />
          </li>
        ))}
      </ul>
    </section>
  );
}
