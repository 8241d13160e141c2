// chunk: shell
import { z } from 'zod';
import { PageMetaSchema } from './schema.ts';
import { site } from './site.ts';

/** Title, description and keywords of every page (docs/specification.md §2: every page sets its own). */
export const pages = z.record(z.string(), PageMetaSchema).parse({
  splash: {
    title: `${site.name} | Private Chef & Catering`,
    description: `${site.name} — private chef, event catering and cooking classes. Step inside for fresh, bold, soulful food made for your table.`,
    keywords: ['private chef', 'catering', 'personal chef', site.name],
  },
  home: {
    title: `${site.name} | Private Chef, Catering & Cooking Classes`,
    description: `Book ${site.chefName} for private dinners, event catering, cooking classes and meal prep. Watch the latest videos and get recipes.`,
    keywords: ['private chef', 'catering', 'book a chef', 'cooking classes', 'meal prep', site.name],
  },
  about: {
    title: `About ${site.chefName} | Story & Philosophy`,
    description: `Meet ${site.chefName}: the story, the cooking philosophy and the values — fresh & healthy, innovation, excellence and connection.`,
    keywords: ['about the chef', 'chef story', 'food philosophy', site.name],
  },
  services: {
    title: `Services | Private Chef, Catering, Classes | ${site.name}`,
    description: `Private chef dinners, event catering, cooking classes, meal prep, menu consultation and personal chef training, and how it works.`,
    keywords: ['private chef service', 'event catering', 'cooking class', 'meal prep service', 'menu consultation'],
  },
  recipes: {
    title: `Recipes | Appetizers, Mains, Juices | ${site.name}`,
    description: `Recipes from ${site.chefName}: appetizers, main courses, juice drinks and healthy options, with a servings scaler on every recipe.`,
    keywords: ['recipes', 'appetizers', 'main courses', 'juice drinks', 'healthy recipes', 'servings scaler'],
  },
  recipe: {
    title: `Recipe | ${site.name}`,
    description: `A recipe from ${site.chefName}, with ingredients that scale to the number of servings you cook for and step-by-step instructions.`,
    keywords: ['recipe', 'ingredients', 'instructions', site.name],
  },
  bookNow: {
    title: `Book Now | Request a Private Chef or Caterer | ${site.name}`,
    description: `Request a booking with ${site.chefName}: private chef service, event catering, cooking classes and more. We reply within 24 hours.`,
    keywords: ['book a private chef', 'catering booking', 'hire a chef', site.name],
  },
  priceList: {
    title: `Price List | Packages & Add-ons | ${site.name}`,
    description: `Prices for private chef dinners, catering and cooking classes, plus add-ons like wine pairing, premium ingredients and a mixologist.`,
    keywords: ['private chef prices', 'catering prices', 'cooking class price', 'add-ons'],
  },
  contact: {
    title: `Contact Us | ${site.name}`,
    description: `Contact ${site.chefName} about private dinners, catering and classes. Nationwide service, 7 days a week, replies within 24 hours.`,
    keywords: ['contact', 'private chef contact', 'catering enquiry', site.name],
  },
  cookingBook: {
    title: `The Cookbook | Coming Soon | ${site.name}`,
    description: `${site.chefName}'s cookbook: over 100 signature recipes, culinary techniques and personal stories. Pre-order for a bonus recipe booklet.`,
    keywords: ['cookbook', 'pre-order', 'signature recipes', site.name],
  },
  soundtrack: {
    title: `The Soundtrack | Music for the Kitchen | ${site.name}`,
    description: `The official soundtrack of ${site.chefName}'s kitchen: five tracks to cook, host and dine to. Coming soon to streaming and CD.`,
    keywords: ['soundtrack', 'album', 'cooking music', site.name],
  },
  seasoning: {
    title: `Feva Seasoning | All-Purpose Seasoning | ${site.name}`,
    description: `Feva all-purpose seasoning: all-natural, versatile and crafted with passion by ${site.chefName}. See it on every kind of dish.`,
    keywords: ['seasoning', 'all-purpose seasoning', 'Feva seasoning', 'spice blend'],
  },
  watch: {
    title: `Watch | The Latest Videos | ${site.name}`,
    description: `Watch the latest cooking videos from ${site.chefName}: recipes, techniques and behind the scenes. Subscribe on YouTube for more.`,
    keywords: ['cooking videos', 'chef videos', 'YouTube', site.name],
  },
  gallery: {
    title: `Food Gallery | ${site.name}`,
    description: `A gallery of twenty dishes by ${site.chefName}, from plated private dinners to catering spreads, fresh juices and desserts.`,
    keywords: ['food gallery', 'food photos', 'plated dishes', 'catering'],
  },
  testimonials: {
    title: `Testimonials | What Clients Say | ${site.name}`,
    description: `What clients say about ${site.chefName}: private dinners, cooking classes, wedding catering and corporate events, all five stars.`,
    keywords: ['testimonials', 'reviews', 'private chef reviews', site.name],
  },
  privateEvents: {
    title: `Private Events | Dinners, Birthdays, Corporate | ${site.name}`,
    description: `Private events by ${site.chefName}: intimate dinners, birthday celebrations and corporate gatherings, planned and cooked for you.`,
    keywords: ['private events', 'intimate dinner', 'birthday catering', 'corporate catering'],
  },
  payment: {
    title: `Payment | Pay ${site.chefName} | ${site.name}`,
    description: `Pay ${site.chefName} securely with a mobile cash app: scan the QR code with your phone's camera or your cash app to pay.`,
    keywords: ['payment', 'cash app', 'QR code'],
  },
  communityRecipes: {
    title: `Community Recipes | ${site.name}`,
    description: `Recipes shared by the ${site.name} community. Browse dishes from fellow cooks, or submit your own for a chance to win a prize.`,
    keywords: ['community recipes', 'share a recipe', 'home cooks', site.name],
  },
  submitRecipe: {
    title: `Submit a Recipe | ${site.name}`,
    description: `Share your recipe with the ${site.name} community: title, ingredients, instructions and a photo. No account needed to submit.`,
    keywords: ['submit recipe', 'share recipe', 'community recipes'],
  },
  members: {
    title: `Members | Exclusive Videos | ${site.name}`,
    description: `Members-only videos from ${site.chefName}. Log in or create a free account to watch exclusive cooking content.`,
    keywords: ['members', 'exclusive videos', site.name],
  },
  notFound: {
    title: `Page Not Found | ${site.name}`,
    description: `This page does not exist. Head back to the ${site.name} home page to find recipes, services, videos and booking.`,
    keywords: ['not found'],
  },
});
