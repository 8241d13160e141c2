import { useEffect, useState } from 'react';
import type { CommunityRecipe } from './schema.ts';
import { fetchApprovedRecipes } from './community-api.ts';

export type RecipesState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; recipes: CommunityRecipe[] };

/** Loads the approved community recipes once, in the browser (the page is prerendered). */
export function useApprovedRecipes(): RecipesState {
  const [state, setState] = useState<RecipesState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    fetchApprovedRecipes().then(
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
  }, []);
  return state;
}
