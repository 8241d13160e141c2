// chunk: shell
import { site } from '../../content/site.ts';

/**
 * The registry of the public routes: header, footer, links, the prerender list, the sitemap and
 * the end-to-end tests all read it. A path is written once, here. The pages only e-mails lead to
 * (/console, /mail-action, /quote) are declared in routes.ts instead, outside the site's layout.
 */
export type RouteId =
  | 'splash'
  | 'home'
  | 'about'
  | 'services'
  | 'recipes'
  | 'recipe'
  | 'bookNow'
  | 'priceList'
  | 'contact'
  | 'cookingBook'
  | 'soundtrack'
  | 'seasoning'
  | 'watch'
  | 'gallery'
  | 'testimonials'
  | 'privateEvents'
  | 'payment'
  | 'communityRecipes'
  | 'submitRecipe'
  | 'members'
  | 'notFound';

export interface RouteEntry {
  id: RouteId;
  /** URL path; `:recipeId` for the recipe page. */
  path: string;
  /** Route module, relative to web/app. */
  file: string;
  /** Nav label where the page is linked from the header/footer. */
  label: string;
  /** Inside the site layout (header + footer)? The splash page is not. */
  withChrome: boolean;
  /** Listed in sitemap.xml and indexed by search engines. */
  indexed: boolean;
  /** Needs a session: /members is protected. */
  private?: boolean;
}

const r = (e: RouteEntry) => e;

export const routes = {
  splash: r({ id: 'splash', path: '/', file: 'routes/splash.tsx', label: 'Welcome', withChrome: false, indexed: true }),
  home: r({ id: 'home', path: '/home', file: 'routes/home.tsx', label: 'Home', withChrome: true, indexed: true }),
  about: r({ id: 'about', path: '/about', file: 'routes/about.tsx', label: 'About', withChrome: true, indexed: true }),
  services: r({
    id: 'services',
    path: '/services',
    file: 'routes/services.tsx',
    label: 'Services',
    withChrome: true,
    indexed: true,
  }),
  recipes: r({
    id: 'recipes',
    path: '/recipes',
    file: 'routes/recipes.tsx',
    label: 'Recipes',
    withChrome: true,
    indexed: true,
  }),
  recipe: r({
    id: 'recipe',
    path: '/recipe/:recipeId',
    file: 'routes/recipe.tsx',
    label: 'Recipe',
    withChrome: true,
    indexed: true,
  }),
  bookNow: r({
    id: 'bookNow',
    path: '/book-now',
    file: 'routes/book-now.tsx',
    label: 'Book Now',
    withChrome: true,
    indexed: true,
  }),
  priceList: r({
    id: 'priceList',
    path: '/price-list',
    file: 'routes/price-list.tsx',
    label: 'Price List',
    withChrome: true,
    indexed: true,
  }),
  contact: r({
    id: 'contact',
    path: '/contact',
    file: 'routes/contact.tsx',
    label: 'Contact',
    withChrome: true,
    indexed: true,
  }),
  cookingBook: r({
    id: 'cookingBook',
    path: '/cooking-book',
    file: 'routes/cooking-book.tsx',
    label: 'Cookbook',
    withChrome: true,
    indexed: true,
  }),
  soundtrack: r({
    id: 'soundtrack',
    path: '/soundtrack',
    file: 'routes/soundtrack.tsx',
    label: 'Soundtrack',
    withChrome: true,
    indexed: true,
  }),
  seasoning: r({
    id: 'seasoning',
    path: '/feva-seasoning',
    file: 'routes/feva-seasoning.tsx',
    label: 'Seasoning',
    withChrome: true,
    indexed: true,
  }),
  watch: r({
    id: 'watch',
    path: `/watch-${site.watchSlug}`,
    file: 'routes/watch.tsx',
    label: 'Watch',
    withChrome: true,
    indexed: true,
  }),
  gallery: r({
    id: 'gallery',
    path: '/food-gallery',
    file: 'routes/food-gallery.tsx',
    label: 'Gallery',
    withChrome: true,
    indexed: true,
  }),
  testimonials: r({
    id: 'testimonials',
    path: '/testimonials',
    file: 'routes/testimonials.tsx',
    label: 'Testimonials',
    withChrome: true,
    indexed: true,
  }),
  privateEvents: r({
    id: 'privateEvents',
    path: '/private-events',
    file: 'routes/private-events.tsx',
    label: 'Private Events',
    withChrome: true,
    indexed: true,
  }),
  payment: r({
    id: 'payment',
    path: '/payment',
    file: 'routes/payment.tsx',
    label: 'Payment',
    withChrome: true,
    indexed: false,
  }),
  communityRecipes: r({
    id: 'communityRecipes',
    path: '/community-recipes',
    file: 'routes/community-recipes.tsx',
    label: 'Community',
    withChrome: true,
    indexed: true,
  }),
  submitRecipe: r({
    id: 'submitRecipe',
    path: '/submit-recipe',
    file: 'routes/submit-recipe.tsx',
    label: 'Submit Recipe',
    withChrome: true,
    indexed: true,
  }),
  members: r({
    id: 'members',
    path: '/members',
    file: 'routes/members.tsx',
    label: 'Members',
    withChrome: true,
    indexed: false,
    private: true,
  }),
  notFound: r({
    id: 'notFound',
    path: '*',
    file: 'routes/not-found.tsx',
    label: 'Not Found',
    withChrome: true,
    indexed: false,
  }),
} satisfies Record<RouteId, RouteEntry>;

/** The recipe page's URL. */
export const recipePath = (recipeId: number | string) => `/recipe/${recipeId}`;

/** Header: links in this order; Members is inserted second when signed in. */
export const headerLinks: RouteId[] = [
  'home',
  'about',
  'services',
  'recipes',
  'watch',
  'soundtrack',
  'seasoning',
  'gallery',
  'communityRecipes',
  'contact',
];
/** Footer quick links. */
export const footerLinks: RouteId[] = ['about', 'services', 'recipes', 'contact', 'cookingBook'];

export const href = (id: Exclude<RouteId, 'recipe' | 'notFound'>) => routes[id].path;
