import { describe, expect, it } from 'vitest';
import { parseQuantity } from '../web/app/features/recipes/quantity.ts';
import { isSection, RecipeSchema } from './recipe-schema.ts';
import { recipesPage } from './recipe-pages.ts';
import { recipeById, recipes } from './recipes.ts';

describe('the recipes of docs/specification.md §3', () => {
  it('has exactly the ids 1, 2, 3, 5, 10 and 11', () => {
    expect(recipes.map((r) => r.id)).toEqual([1, 2, 3, 5, 10, 11]);
  });

  it('matches the facts docs/specification.md §3 gives for each recipe', () => {
    const facts = (id: number) => {
      const r = recipeById(id)!;
      return {
        category: r.category,
        difficulty: r.difficulty,
        time: r.time,
        servings: r.servings,
        video: r.video,
        exclusive: r.exclusive,
      };
    };
    expect(facts(1)).toMatchObject({ category: 'appetizers', exclusive: true });
    expect(recipeById(1)!.ingredients).toEqual([]);
    expect(facts(2)).toMatchObject({ category: 'mains', difficulty: 'Hard', time: '45 mins', servings: 2 });
    expect(facts(3)).toMatchObject({ difficulty: 'Easy', time: '10 mins', video: 'greenJuice' });
    expect(facts(5)).toMatchObject({ difficulty: 'Easy', time: '5 mins', video: 'spinachDrink' });
    expect(facts(10)).toMatchObject({ category: 'appetizers', difficulty: 'Medium', time: '40 mins', servings: 4 });
    expect(facts(11)).toMatchObject({ category: 'healthy', difficulty: 'Easy', time: '30 mins', servings: 2 });
    for (const r of recipes) {
      expect(r.rating).toBeLessThanOrEqual(5);
      if (r.id !== 1) expect(r.exclusive).toBeFalsy();
    }
  });

  it('gives every category filter at least one recipe', () => {
    for (const filter of recipesPage.filters) {
      if (filter.value === 'all') continue;
      expect(
        recipes.some((r) => r.category === filter.value),
        filter.label,
      ).toBe(true);
    }
    expect(recipesPage.filters.map((f) => f.label)).toEqual([
      'All Recipes',
      'Appetizers',
      'Main Courses',
      'Juice Drinks',
      'Healthy Options',
    ]);
  });

  it('writes every numeric quantity in a form the quantity engine reads whole', () => {
    for (const recipe of recipes) {
      for (const entry of recipe.ingredients) {
        if (isSection(entry)) continue;
        const parsed = parseQuantity(entry.quantity);
        if (/^[\d½⅓⅔¼¾⅛⅜⅝⅞]/.test(entry.quantity)) {
          expect(parsed, `${recipe.id}: ${entry.quantity}`).not.toBeNull();
          // After the number comes a unit word, "-inch", or nothing: never a stray digit or slash.
          expect(parsed!.rest, `${recipe.id}: ${entry.quantity}`).toMatch(/^(| [a-z]+| [a-z]+ [a-z]+|-inch piece)$/);
        } else {
          expect(parsed, `${recipe.id}: ${entry.quantity}`).toBeNull();
        }
      }
    }
  });

  it('refuses content that breaks the rules', () => {
    const valid = recipeById(2)!;
    expect(RecipeSchema.safeParse({ ...valid, rating: 5.1 }).success).toBe(false);
    expect(RecipeSchema.safeParse({ ...valid, category: 'desserts' }).success).toBe(false);
    expect(RecipeSchema.safeParse({ ...valid, image: 'noSuchImage' }).success).toBe(false);
    expect(RecipeSchema.safeParse({ ...valid, servings: 25 }).success).toBe(false);
    expect(RecipeSchema.safeParse({ ...valid, time: 'a while' }).success).toBe(false);
    expect(RecipeSchema.safeParse({ ...valid, exclusive: true }).success).toBe(false);
    expect(RecipeSchema.safeParse({ ...valid, ingredients: [{ section: 'Alone' }] }).success).toBe(false);
    expect(RecipeSchema.safeParse(valid).success).toBe(true);
  });
});
