import { startTransition, useEffect, useState } from 'react';
import { useAuth } from '~/features/auth/index.ts';
import { fetchApprovedRecipes, type CommunityRecipe } from './approved-recipes.ts';

export type RecipesState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; recipes: CommunityRecipe[] };

/**
 * Loads the approved community recipes in the browser (the page is prerendered), once the session
 * is known: a member's request carries their access token, a visitor's the anon key. Loads again
 * when the session changes (signing in or out on the page, a refreshed token). The arrived list is
 * rendered as a transition: React builds the cards in slices and lets the browser in between, instead
 * of one long task on a phone (docs/decisions/0032-community-list-and-recipe-taps.md).
 */
export function useApprovedRecipes(): RecipesState {
  const [state, setState] = useState<RecipesState>({ status: 'loading' });
  const { session, loading } = useAuth();
  const accessToken = session?.access_token ?? null;
  useEffect(() => {
    if (loading) return;
    let current = true;
    fetchApprovedRecipes(accessToken).then(
      (recipes) => {
        if (current) startTransition(() => setState({ status: 'ready', recipes }));
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Failed to load community recipes', error);
        setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [loading, accessToken]);
  return state;
}
