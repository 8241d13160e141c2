import { z } from 'zod';
import { images, videos, type ImageKey, type VideoKey } from './media.ts';

/**
 * docs/specification.md §3 Recipe, as the chef edits it in content/recipes.ts. Checked when the module loads, so a
 * typo fails the build with a message naming the recipe and the field.
 *
 * Relative imports only: react-router.config.ts imports content/recipes.ts (to prerender each recipe).
 */

/** docs/specification.md §9: the categories (besides "all", which is the filter's default, not a category). */
export const RECIPE_CATEGORIES = ['appetizers', 'mains', 'juice-drinks', 'healthy'] as const;
export const RecipeCategorySchema = z.enum(RECIPE_CATEGORIES);
export type RecipeCategory = z.infer<typeof RecipeCategorySchema>;

export const DifficultySchema = z.enum(['Easy', 'Medium', 'Hard']);
export type Difficulty = z.infer<typeof DifficultySchema>;

/** docs/specification.md §5 / §9: the servings adjuster's range. */
export const MIN_SERVINGS = 1;
export const MAX_SERVINGS = 24;

const ImageKeySchema = z.custom<ImageKey>((v) => typeof v === 'string' && v in images, {
  message: 'unknown image key (see content/media.ts)',
});
const VideoKeySchema = z.custom<VideoKey>((v) => typeof v === 'string' && v in videos, {
  message: 'unknown video key (see content/media.ts)',
});

/** A heading inside the ingredient list ("Sushi rice", "Egg rolls"): carries only a label. */
export const IngredientSectionSchema = z.object({ section: z.string().min(1) }).strict();
/**
 * One ingredient: the quantity as a cook writes it (`1 1/2 cups`, `½ tsp`, `2-3`, `to taste`) and
 * the ingredient itself. A leading number in `quantity` scales with the servings; the rest does not.
 */
export const IngredientItemSchema = z
  .object({ quantity: z.string().trim().min(1), name: z.string().trim().min(1) })
  .strict();
export const IngredientEntrySchema = z.union([IngredientSectionSchema, IngredientItemSchema]);
export type IngredientSection = z.infer<typeof IngredientSectionSchema>;
export type IngredientItem = z.infer<typeof IngredientItemSchema>;
export type IngredientEntry = z.infer<typeof IngredientEntrySchema>;

export const isSection = (entry: IngredientEntry): entry is IngredientSection => 'section' in entry;

/** A recipe's fields; RecipeSchema adds the checks across fields (recipeChecks). */
export const RecipeFieldsSchema = z
  .object({
    id: z.number().int().positive(),
    title: z.string().min(1).max(80),
    category: RecipeCategorySchema,
    /** One or two sentences: shown on the card, the page and in search results. */
    description: z.string().min(40).max(220),
    /** Total time as shown, e.g. "30 mins" or "1 hr 15 mins". */
    time: z
      .string()
      .regex(/^(\d+ hrs?)?( ?\d+ mins?)?$/, 'time reads like "30 mins" or "1 hr 15 mins"')
      .min(1),
    servings: z.number().int().min(MIN_SERVINGS).max(MAX_SERVINGS),
    difficulty: DifficultySchema,
    rating: z.number().min(0).max(5),
    /** How many ratings the score stands for (schema.org aggregateRating). */
    ratingCount: z.number().int().positive(),
    image: ImageKeySchema,
    /** A short looping clip of the dish (the specification's optional videoUrl). */
    video: VideoKeySchema.optional(),
    /** First published on the site (schema.org datePublished / the video's uploadDate). */
    published: z.iso.date(),
    /** Only in the cookbook: no ingredients or steps on the site. */
    exclusive: z.boolean().optional(),
    ingredients: z.array(IngredientEntrySchema),
    instructions: z.array(z.string().trim().min(10)),
  })
  .strict();

/** Checks across a recipe's fields: an exclusive one keeps its steps for the book; others need ingredients and steps. */
export function recipeChecks(recipe: z.infer<typeof RecipeFieldsSchema>, ctx: z.RefinementCtx): void {
  const items = recipe.ingredients.filter((e) => !isSection(e));
  if (recipe.exclusive) {
    if (recipe.ingredients.length || recipe.instructions.length) {
      ctx.addIssue({ code: 'custom', message: 'an exclusive recipe keeps its ingredients and steps for the book' });
    }
    return;
  }
  if (!items.length) ctx.addIssue({ code: 'custom', path: ['ingredients'], message: 'needs ingredients' });
  if (!recipe.instructions.length) ctx.addIssue({ code: 'custom', path: ['instructions'], message: 'needs steps' });
  recipe.ingredients.forEach((entry, i) => {
    const next = recipe.ingredients[i + 1];
    if (isSection(entry) && (!next || isSection(next))) {
      ctx.addIssue({
        code: 'custom',
        path: ['ingredients', i],
        message: `section "${entry.section}" has no ingredients`,
      });
    }
  });
}

export const RecipeSchema = RecipeFieldsSchema.superRefine(recipeChecks);
export type Recipe = z.infer<typeof RecipeSchema>;

export const RecipesSchema = z
  .array(RecipeSchema)
  .min(1)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    for (const recipe of list) {
      if (seen.has(recipe.id)) ctx.addIssue({ code: 'custom', message: `duplicate recipe id ${recipe.id}` });
      seen.add(recipe.id);
    }
  });

/** Copy of the /recipes page (headings, filter labels, the featured block). */
export const RecipesPageSchema = z
  .object({
    eyebrow: z.string().min(1),
    title: z.string().min(1),
    lead: z.string().min(1),
    filterLabel: z.string().min(1),
    /** Filter buttons in order; `all` first. */
    filters: z.array(z.object({ value: z.union([z.literal('all'), RecipeCategorySchema]), label: z.string().min(1) })),
    emptyState: z.string().min(1),
    exclusiveButton: z.string().min(1),
    recipeButton: z.string().min(1),
    featured: z.object({
      eyebrow: z.string().min(1),
      recipeId: z.number().int().positive(),
      text: z.string().min(1),
      button: z.string().min(1),
    }),
    closing: z.object({
      title: z.string().min(1),
      text: z.string().min(1),
      servicesLink: z.string().min(1),
      contactLink: z.string().min(1),
    }),
  })
  .strict();

/** Copy of the recipe page. */
export const RecipePageSchema = z
  .object({
    backLink: z.string().min(1),
    exclusive: z.object({ title: z.string().min(1), text: z.string().min(1), link: z.string().min(1) }),
    servingsLabel: z.string().min(1),
    ingredientsTitle: z.string().min(1),
    instructionsTitle: z.string().min(1),
    scaledNote: z.string().min(1),
  })
  .strict();
