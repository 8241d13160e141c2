import { useEffect, useState } from 'react';
import { useAuth } from '~/features/auth/index.ts';
import type { CommunityRecipe } from './schema.ts';
import { fetchApprovedRecipes } from './community-api.ts';

export type RecipesState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; recipes: CommunityRecipe[] };

/**
 * Loads the approved community recipes in the browser (the page is prerendered), once the session
 * is known: a member's request carries their access token, a visitor's the anon key. Loads again
 * when the session changes (signing in or out on the page, a refreshed token).
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
        if (current) setState({ status: 'ready', recipes });
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
