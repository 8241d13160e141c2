import { describe, expect, it } from 'vitest';
import { recipes } from '@content/recipes.ts';
import { site } from '@content/site.ts';
import { isoDuration } from './recipe-duration.ts';
import { recipeJsonLd, type MediaUrls } from './recipe-json-ld.ts';

const media: MediaUrls = {
  image: (key) => `/media/${key}.webp`,
  video: (key) => ({ url: `/media/${key}.mp4`, poster: 'posterGreenJuice', label: `Clip ${key}` }),
};
const byId = (id: number) => recipes.find((r) => r.id === id)!;

describe('isoDuration', () => {
  it.each([
    ['5 mins', 'PT5M'],
    ['45 mins', 'PT45M'],
    ['1 min', 'PT1M'],
    ['1 hr', 'PT1H'],
    ['2 hrs 15 mins', 'PT2H15M'],
  ])('%s → %s', (time, iso) => expect(isoDuration(time)).toBe(iso));
  it('refuses text that is not a duration', () => expect(() => isoDuration('a while')).toThrow(RangeError));
});

describe('recipeJsonLd', () => {
  it('describes a recipe with absolute URLs, ingredients as written and numbered steps', () => {
    const data = recipeJsonLd(byId(11), media, `${site.origin}/recipe/11`);
    expect(data).toMatchObject({
      '@type': 'Recipe',
      name: 'Shrimp Cocktail with Baked Red Snapper',
      totalTime: 'PT30M',
      recipeYield: ['2', '2 servings'],
      recipeCategory: 'Healthy Options',
      image: [`${site.origin}/media/recipeShrimpCocktailSnapper.webp`],
    });
    expect(data.recipeIngredient).toContain('10-12 large shrimp, shell on, deveined');
    expect(data.recipeIngredient).not.toContain('Cocktail sauce');
    expect((data.recipeInstructions as { position: number }[]).map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(data.video).toBeUndefined();
  });

  it('adds a VideoObject for a recipe with a clip, and leaves out the book-only parts of the exclusive recipe', () => {
    expect(recipeJsonLd(byId(5), media, `${site.origin}/recipe/5`).video).toMatchObject({
      '@type': 'VideoObject',
      contentUrl: `${site.origin}/media/spinachDrink.mp4`,
      thumbnailUrl: [`${site.origin}/media/posterGreenJuice.webp`],
      uploadDate: byId(5).published,
    });
    const exclusive = recipeJsonLd(byId(1), media, `${site.origin}/recipe/1`);
    expect(exclusive.recipeIngredient).toBeUndefined();
    expect(exclusive.recipeInstructions).toBeUndefined();
    expect(exclusive.aggregateRating).toMatchObject({ ratingValue: 4.9, bestRating: 5 });
  });
});
