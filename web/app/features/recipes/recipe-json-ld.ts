import type { ImageKey, VideoKey } from '@content/media.ts';
import { isSection, type Recipe } from '@content/recipe-schema.ts';
import { recipesPage } from '@content/recipe-pages.ts';
import { site } from '@content/site.ts';
import type { ChefPhoto } from '~/lib/photo-sources.ts';
import { isoDuration } from './recipe-duration.ts';

export interface MediaUrls {
  /** Root-relative or absolute URL of an image. */
  image: (key: ImageKey) => string;
  /** Root-relative or absolute URL of a video file, and its poster's image key. */
  video: (key: VideoKey) => { url: string; poster: ImageKey; label: string };
}

const absolute = (url: string) =>
  /^https?:\/\//.test(url) ? url : `${site.origin}${url.startsWith('/') ? '' : '/'}${url}`;

/**
 * schema.org Recipe for a recipe page: ISO 8601 total time, yield, category, ingredients as written,
 * instructions as HowToSteps, image and video as absolute URLs, aggregate rating.
 * (React Router's `script:ld+json` escapes `<`, `>` and `&` when it writes the script.)
 */
export function recipeJsonLd(
  recipe: Recipe & { picture?: ChefPhoto },
  media: MediaUrls,
  pageUrl: string,
): Record<string, unknown> {
  const category = recipesPage.filters.find((f) => f.value === recipe.category)?.label ?? recipe.category;
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    '@id': `${pageUrl}#recipe`,
    url: pageUrl,
    name: recipe.title,
    description: recipe.description,
    // The chef's uploaded photo when there is one (what the page shows), else the bundled image.
    image: [absolute(recipe.picture?.src ?? media.image(recipe.image))],
    author: { '@type': 'Person', name: site.chefName },
    publisher: { '@type': 'Organization', name: site.name, url: site.origin },
    datePublished: recipe.published,
    totalTime: isoDuration(recipe.time),
    recipeYield: [String(recipe.servings), `${recipe.servings} servings`],
    recipeCategory: category,
    keywords: [category, recipe.difficulty, site.name].join(', '),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: recipe.rating,
      bestRating: 5,
      worstRating: 1,
      ratingCount: recipe.ratingCount,
    },
  };
  if (!recipe.exclusive) {
    data.recipeIngredient = recipe.ingredients.flatMap((entry) =>
      isSection(entry) ? [] : [`${entry.quantity} ${entry.name}`],
    );
    data.recipeInstructions = recipe.instructions.map((text, i) => ({
      '@type': 'HowToStep',
      position: i + 1,
      text,
      url: `${pageUrl}#step-${i + 1}`,
    }));
  }
  if (recipe.video) {
    const video = media.video(recipe.video);
    data.video = {
      '@type': 'VideoObject',
      name: recipe.title,
      description: video.label,
      thumbnailUrl: [absolute(media.image(video.poster))],
      contentUrl: absolute(video.url),
      uploadDate: recipe.published,
    };
  }
  return data;
}
