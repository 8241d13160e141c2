import { RecipePageSchema, RecipesPageSchema } from './recipe-schema.ts';

// The texts of /recipes and of a recipe's page, apart from the recipes themselves (content/recipes.ts,
// the defaults of the chef's published recipes): the pages' scripts import these alone.

/** Copy of the /recipes page. Filter labels and button texts are docs/specification.md §2's, exactly. */
export const recipesPage = RecipesPageSchema.parse({
  eyebrow: 'From the chef’s kitchen',
  title: 'Signature Recipes',
  lead: 'Appetizers, main courses, fresh juices and lighter plates, written the way the chef cooks them. Every recipe scales to the number of people at your table.',
  filterLabel: 'Filter recipes by category',
  filters: [
    { value: 'all', label: 'All Recipes' },
    { value: 'appetizers', label: 'Appetizers' },
    { value: 'mains', label: 'Main Courses' },
    { value: 'juice-drinks', label: 'Juice Drinks' },
    { value: 'healthy', label: 'Healthy Options' },
  ],
  emptyState: 'No recipes in this category yet. New ones are on the way.',
  exclusiveButton: 'Learn More',
  recipeButton: 'View Full Recipe',
  featured: {
    eyebrow: 'Featured Recipe',
    recipeId: 1,
    text: 'The most requested dish at the chef’s private dinners. The full recipe, remoulade and all, lives in the upcoming cookbook.',
    button: 'Purchase The Book',
  },
  closing: {
    title: 'Rather have the chef cook it for you?',
    text: 'Every recipe here started at a client’s table. Book a private dinner, a cooking class or catering for your next event.',
    servicesLink: 'Explore Services',
    contactLink: 'Contact the Chef',
  },
});

/** Copy of the recipe page. */
export const recipePage = RecipePageSchema.parse({
  backLink: 'Back to All Recipes',
  exclusive: {
    title: 'Exclusive to the Cookbook',
    text: 'This recipe is only available in the book, with step-by-step photos and the chef’s notes.',
    link: 'Discover the Cookbook',
  },
  servingsLabel: 'Servings',
  ingredientsTitle: 'Ingredients',
  instructionsTitle: 'Instructions',
  scaledNote: 'Scaled from the original {original} servings.',
});
