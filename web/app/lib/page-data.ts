import { data, type Params } from 'react-router';
import type { SiteContent } from '@content/editable.ts';
import { findRecipe, shownRecipes } from '~/features/recipes/find-recipe.ts';
import { chefPhoto } from './photo-sources.ts';
import { richText } from './rich-text-lexer.ts';

/**
 * Each page's data as a function of the site content (docs/site-editing.md). The routes' loaders run these
 * on the published content while the pages are prerendered; a preview tab runs the same functions in the
 * browser on the drafts (web/app/features/preview/). The chef's longer texts become rich-text nodes here,
 * so the pages' scripts never parse markdown.
 */

export type { ChefPhoto } from './photo-sources.ts';
const photo = chefPhoto;

/** Paragraphs of the chef's text, each plain or the markdown subset, as one list of blocks. */
const paragraphs = (list: readonly string[]) => list.flatMap((p) => richText(p));

function home(content: SiteContent) {
  const { hero, intro } = content.pages.home;
  return { hero, intro: { ...intro, paragraphs: paragraphs(intro.paragraphs) } };
}

function about(content: SiteContent) {
  const { story, ...rest } = content.pages.about;
  return { ...rest, story: { ...story, paragraphs: paragraphs(story.paragraphs) } };
}

function privateEvents(content: SiteContent) {
  const { heading, events } = content.pages.privateEvents;
  return { heading, events: events.map((event) => ({ ...event, description: richText(event.description) })) };
}

function contact(content: SiteContent) {
  const { items, ...copy } = content.pages.faq;
  return { faq: { ...copy, items: items.map((item) => ({ question: item.question, answer: richText(item.answer) })) } };
}

/** The shown testimonials in the chef's order; a hidden one is not in the page at all. */
function testimonials(content: SiteContent) {
  return {
    testimonials: content.testimonials
      .filter((t) => !t.hidden)
      .map(({ id, name, title, quote, rating, image, photo: path }) => ({
        id,
        name,
        title,
        quote,
        rating,
        ...photo(image, path),
      })),
  };
}

function gallery(content: SiteContent) {
  return { photos: content.gallery.map((p) => ({ id: p.id, alt: p.alt, ...photo(p.image, p.photo) })) };
}

/** A recipe with the addresses of its uploaded photo (`picture`), so the pages' scripts need no photo code. */
const withPicture = <R extends { image: SiteContent['recipes'][number]['image']; photo?: string }>(recipe: R) => ({
  ...recipe,
  picture: recipe.photo ? chefPhoto(recipe.image, recipe.photo) : undefined,
});

function recipes(content: SiteContent) {
  // The cards need no ingredients or steps: the page's data stays small.
  return {
    recipes: shownRecipes(content.recipes).map((recipe) =>
      withPicture({ ...recipe, ingredients: [], instructions: [] }),
    ),
  };
}

/** A shown recipe's page; a hidden or unknown id is not prerendered (the server answers its URL with 404). */
function recipe(content: SiteContent, params: Params) {
  const found = findRecipe(content.recipes, params.recipeId);
  if (!found) throw data(null, { status: 404 });
  return { recipe: withPicture(found), siteName: content.brand.name };
}

export const pageData = {
  root: (content: SiteContent) => ({ brand: content.brand }),
  home,
  about,
  privateEvents,
  contact,
  testimonials,
  gallery,
  priceList: (content: SiteContent) => ({ packages: content.pricing.packages, addOns: content.pricing.addOns }),
  services: (content: SiteContent) => ({ services: content.pricing.services, ...content.pages.services }),
  recipes,
  recipe,
};

export type PageKey = keyof typeof pageData;
export type PageDataOf<K extends PageKey> = ReturnType<(typeof pageData)[K]>;
