import type { Recipe } from '@content/recipe-schema.ts';
import { recipesPage } from '@content/recipe-pages.ts';
import { site } from '@content/site.ts';
import { imageUrl, mediaImage, mediaVideo } from '~/components/ui/picture.tsx';
import type { ChefPhoto } from '~/lib/photo-sources.ts';
import { pageMeta } from '~/lib/seo.ts';
import { recipePath } from '~/paths.ts';
import { recipeJsonLd, type MediaUrls } from './recipe-json-ld.ts';

const media: MediaUrls = {
  image: (key) => imageUrl(key, 1280),
  video: (key) => {
    const video = mediaVideo(key);
    return { url: video.mp4, poster: video.poster, label: video.label };
  },
};

/**
 * A recipe page's head: its own title, description, canonical URL, social image and schema.org
 * Recipe JSON-LD. Without a recipe (an error page) it is the list's head.
 */
export function recipeMeta(recipe: (Recipe & { picture?: ChefPhoto }) | undefined, siteName: string = site.name) {
  if (!recipe) return pageMeta('recipes');
  const path = recipePath(recipe.id);
  const category = recipesPage.filters.find((f) => f.value === recipe.category)?.label ?? recipe.category;
  return pageMeta('recipe', {
    title: `${recipe.title} | Recipe | ${siteName}`,
    description: recipe.description,
    keywords: [recipe.title, category, `${recipe.difficulty.toLowerCase()} recipe`, 'recipe', siteName],
    path,
    // The chef's uploaded photo when there is one (what the page shows), else the bundled image.
    image: recipe.picture?.src ?? imageUrl(recipe.image, 1280),
    imageAlt: recipe.picture?.src ? recipe.title : mediaImage(recipe.image).alt,
    jsonLd: [recipeJsonLd(recipe, media, `${site.origin}${path}`)],
  });
}
