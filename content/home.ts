import { HomeSchema } from './showcase-schema.ts';
import { site } from './site.ts';

/** /home (docs/specification.md §2): every section's copy and where its buttons lead. */
export const home = HomeSchema.parse({
  hero: {
    eyebrow: 'Private Chef & Catering',
    title: site.chefName,
    lead: 'Bold, fresh, soulful food cooked in your kitchen, served at your table and shared on camera.',
    buttons: {
      cookbook: { label: 'Purchase the Cookbook', to: 'cookingBook' },
      book: { label: `Book ${site.chefName}`, to: 'bookNow' },
      watch: { label: `Watch ${site.chefName}`, to: 'watch' },
    },
  },
  meetChef: {
    eyebrow: 'Meet the Chef',
    title: 'Cooking that brings people to the table',
    paragraphs: [
      `${site.chefName} grew up in a kitchen where every pot fed more people than it was meant to. Years in restaurant kitchens added precision; private dinners and catered celebrations added the joy of cooking for people you can see.`,
      'Today every menu starts with a conversation: what you love, what you avoid, who is coming. Then come fresh ingredients, big flavor and a clean kitchen when the night is done.',
    ],
    link: { label: 'Read the Story', to: 'about' },
  },
  latestVideos: {
    eyebrow: 'On the Channel',
    title: 'Latest Videos',
    text: 'Recipes, techniques and behind-the-scenes moments from private dinners and catered events.',
    link: { label: 'See All Videos', to: 'watch' },
  },
  offers: {
    eyebrow: 'What We Offer',
    title: 'From our kitchen to yours',
    cards: [
      {
        icon: 'book',
        title: 'The Cookbook',
        description: 'Over 100 signature recipes, the techniques behind them and the stories that shaped them.',
        link: { label: 'Discover the Cookbook', to: 'cookingBook' },
      },
      {
        icon: 'chef',
        title: 'Private Cooking & Catering',
        description: 'Private dinners, event catering, cooking classes and weekly meal prep, planned around you.',
        link: { label: 'Explore Services', to: 'services' },
      },
      {
        icon: 'music',
        title: 'The Soundtrack',
        description: 'Five tracks written for the kitchen: music to cook, host and linger at the table to.',
        link: { label: 'Hear the Album', to: 'soundtrack' },
      },
      {
        icon: 'flame',
        title: 'Feva Seasoning',
        description: 'The all-natural, all-purpose blend behind our dishes, soon in a jar for your kitchen.',
        link: { label: 'Meet the Seasoning', to: 'seasoning' },
      },
    ],
  },
  products: {
    eyebrow: 'Products',
    title: 'Take the flavor home',
    cards: [
      {
        name: 'Fire, Spice & Soul',
        badge: 'Coming Soon',
        description: 'The cookbook: over 100 signature recipes. Pre-orders include a bonus recipe booklet.',
        image: 'cookbookCover',
        link: { label: 'View the Cookbook', to: 'cookingBook' },
      },
      {
        name: 'Simmer: The Kitchen Sessions',
        badge: '',
        description: 'The official soundtrack: five warm, soulful tracks to cook and dine to.',
        image: 'albumCover',
        link: { label: 'View the Soundtrack', to: 'soundtrack' },
      },
      {
        name: 'Feva Seasoning',
        badge: 'Coming Soon',
        description: 'Our signature all-purpose seasoning: smoky, herby, gently warm and all-natural.',
        image: 'seasoningJar',
        link: { label: 'View the Seasoning', to: 'seasoning' },
      },
    ],
  },
  community: {
    eyebrow: 'Community Recipes',
    title: 'Cook it, share it, win a prize',
    text: 'Browse recipes from fellow home cooks, or share your own. The best recipes and photos win a prize from the chef.',
    link: { label: 'Browse Community Recipes', to: 'communityRecipes' },
  },
  scaling: {
    eyebrow: 'Recipe Scaling',
    title: 'Every recipe fits your table',
    text: 'Cooking for two or for twenty? Set the servings on any recipe and every ingredient adjusts, with fractions you can actually measure.',
    ingredient: 'jasmine rice',
    example: [
      { servings: 2, quantity: '¾ cup' },
      { servings: 4, quantity: '1 ½ cups' },
      { servings: 8, quantity: '3 cups' },
    ],
    link: { label: 'Try It on a Recipe', to: 'recipes' },
  },
  payment: {
    eyebrow: 'Easy Payment',
    title: 'Pay with your phone',
    text: `Settle up after your event in seconds: scan the code with your phone's camera to pay ${site.chefName} through a mobile cash app.`,
    link: { label: 'Go to Payment', to: 'payment' },
  },
  booking: {
    title: 'Ready for an unforgettable meal?',
    text: 'Tell us about your occasion and we will reply within 24 hours with ideas, a menu and a quote.',
    primary: { label: 'Book Now', to: 'bookNow' },
    secondary: { label: 'Contact Us', to: 'contact' },
  },
});

/**
 * What /home shows from code: the hero's buttons, the intro's link and the sections below (the hero's and the
 * intro's words are published content, content/editable.ts).
 */
export const homeSections = {
  heroButtons: home.hero.buttons,
  meetChefLink: home.meetChef.link,
  latestVideos: home.latestVideos,
  offers: home.offers,
  products: home.products,
  community: home.community,
  scaling: home.scaling,
  payment: home.payment,
  booking: home.booking,
};
