import { CookbookSchema, SeasoningSchema } from './showcase-schema.ts';
import { site } from './site.ts';

/** /cooking-book (docs/specification.md §2): the upcoming cookbook. Both pre-order buttons only show the toast. */
export const cookbook = CookbookSchema.parse({
  hero: {
    eyebrow: 'The Cookbook',
    title: 'Fire, Spice & Soul',
    lead: `${site.chefName}'s first cookbook brings the private-dinner table home: the dishes clients ask for again and again, written so anyone can cook them.`,
    image: 'cookbookCover',
  },
  preorderButton: 'Pre-Order Now',
  comingSoonLabel: 'Coming Soon!',
  inside: {
    title: 'Inside the Book',
    lead: 'Three hundred pages of flavor, technique and the stories behind the food.',
    features: [
      {
        icon: 'book',
        title: 'Over 100 Signature Recipes',
        description:
          'Starters, mains, juices, sides and desserts from years of private dinners and catered events, each tested in a home kitchen.',
      },
      {
        icon: 'utensils',
        title: 'Culinary Techniques',
        description:
          'Step-by-step lessons on knife work, searing, sauces and plating, so you cook with the confidence of a professional.',
      },
      {
        icon: 'heart',
        title: 'Personal Stories',
        description: `The people, places and family tables that shaped ${site.chefName}'s cooking, told between the recipes they inspired.`,
      },
    ],
  },
  peek: {
    title: 'Sneak Peek',
    lead: 'A first look at a few pages from the book.',
    images: ['cookbookPeek1', 'cookbookPeek2', 'cookbookPeek3', 'cookbookPeek4'],
  },
  cta: {
    title: 'Be the First to Cook From It',
    text: 'Pre-order now and receive an exclusive bonus recipe booklet with five recipes you will not find anywhere else, sent to you before the book ships.',
    button: 'Pre-Order Now',
  },
  toast: {
    title: 'Pre-order feature coming soon!',
    description: 'Pre-ordering is not implemented yet. Check back soon to reserve your copy.',
  },
});

/** /feva-seasoning (docs/specification.md §2): the signature all-purpose seasoning. Both order buttons only show the toast. */
export const seasoning = SeasoningSchema.parse({
  hero: {
    eyebrow: 'Signature Blend',
    title: 'Feva Seasoning',
    lead: `The all-purpose seasoning ${site.chefName} reaches for first: smoky paprika, garlic, herbs and a gentle warmth that makes everyday food taste like a night out.`,
    image: 'seasoningJar',
  },
  orderButton: 'Order Now',
  benefits: {
    title: 'Why You Will Love It',
    lead: 'One jar, every meal.',
    cards: [
      {
        icon: 'leaf',
        title: 'All-Natural',
        description:
          'Real herbs and spices, sea salt and nothing else: no fillers, no MSG, no artificial colors or preservatives.',
      },
      {
        icon: 'sparkles',
        title: 'Versatile',
        description:
          'Chicken, seafood, vegetables, eggs, rice and beans, even popcorn. Rub it, sprinkle it, stir it in.',
      },
      {
        icon: 'flame',
        title: 'Crafted with Passion',
        description: `Blended in small batches to ${site.chefName}'s own recipe, perfected over years of cooking for clients and family.`,
      },
    ],
  },
  gallery: {
    title: 'See It in Action',
    lead: 'A few of the ways we use it in the kitchen.',
    images: ['seasoningUse1', 'seasoningUse2', 'seasoningUse3', 'seasoningUse4'],
  },
  cta: {
    title: 'Bring the Flavor Home',
    text: 'The first batch is nearly ready. Order a jar and taste the blend behind our private dinners.',
    button: 'Order Now',
  },
  toast: {
    title: 'Ordering feature coming soon!',
    description: 'Online ordering is not implemented yet. Check back soon to get your jar.',
  },
});
