import '../../lib/zod-jitless.ts';
import { z } from 'zod';
import { community } from '../../../../content/community.ts';
import { groupDigits } from '../../lib/group-digits.ts';
import {
  AUTHOR_EMAIL,
  RECIPE_LIMITS,
  RECIPE_PHOTO_BUCKET,
  RECIPE_PHOTO_MAX_BYTES,
  RECIPE_PHOTO_TYPES,
  REQUIRED_RECIPE_FIELDS,
} from './limits.ts';

const { emailErrors } = community.submit;

/**
 * Community recipes: the submit form's rules and the row it becomes (the `community_recipes`
 * table); the list checks the rows it reads without zod (./approved-recipes.ts). The limits are the database's
 * (./limits.ts). Relative imports only, so the server can import this file too.
 */
export {
  AUTHOR_EMAIL,
  RECIPE_LIMITS,
  RECIPE_PHOTO_BUCKET,
  RECIPE_PHOTO_MAX_BYTES,
  RECIPE_PHOTO_TYPES,
  REQUIRED_RECIPE_FIELDS,
};

/** Text with one item per line: lines trimmed, blank lines dropped. */
export const normaliseLines = (value: string) =>
  value
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

const tooLong = (what: string, max: number) => `Please keep ${what} under ${groupDigits(max)} characters.`;

/** What the visitor fills in. A blank title, ingredients or instructions is a missing field. */
export const recipeFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Please enter a recipe title.')
      .max(RECIPE_LIMITS.title, tooLong('the title', RECIPE_LIMITS.title)),
    description: z
      .string()
      .trim()
      .max(RECIPE_LIMITS.description, tooLong('the description', RECIPE_LIMITS.description)),
    ingredients: z
      .string()
      .transform(normaliseLines)
      .pipe(
        z
          .string()
          .min(1, 'Please list the ingredients, one per line.')
          .max(RECIPE_LIMITS.ingredients, tooLong('the ingredients', RECIPE_LIMITS.ingredients)),
      ),
    instructions: z
      .string()
      .transform(normaliseLines)
      .pipe(
        z
          .string()
          .min(1, 'Please write the instructions, one step per line.')
          .max(RECIPE_LIMITS.instructions, tooLong('the instructions', RECIPE_LIMITS.instructions)),
      ),
    name: z.string().trim().max(RECIPE_LIMITS.submittedBy, tooLong('your name', RECIPE_LIMITS.submittedBy)),
    /** Ticked: the author wants one e-mail when the recipe is published, at `email`. */
    notify: z.boolean().optional(),
    email: z.string().trim().optional(),
  })
  .superRefine((values, ctx) => {
    if (!values.notify) return;
    const email = values.email ?? '';
    if (email === '') ctx.addIssue({ code: 'custom', path: ['email'], message: emailErrors.missing });
    else if (email.length > RECIPE_LIMITS.email || !AUTHOR_EMAIL.test(email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: emailErrors.invalid });
    }
  });
export type RecipeFormInput = z.input<typeof recipeFormSchema>;
export type RecipeFormValues = z.output<typeof recipeFormSchema>;

/** The row inserted into `community_recipes` (what the anon role may write). */
export const recipeInsertSchema = z.object({
  title: z.string().trim().min(1).max(RECIPE_LIMITS.title),
  description: z.string().max(RECIPE_LIMITS.description).nullable(),
  ingredients: z.string().trim().min(1).max(RECIPE_LIMITS.ingredients),
  instructions: z.string().trim().min(1).max(RECIPE_LIMITS.instructions),
  submitted_by: z.string().max(RECIPE_LIMITS.submittedBy).nullable(),
  image_url: z
    .string()
    .max(RECIPE_LIMITS.imageUrl)
    .regex(/^https?:\/\//i)
    .nullable(),
  status: z.literal('pending'),
  /** Only when the author asked to hear back; the database keeps it out of the public row. */
  author_email: z.string().max(RECIPE_LIMITS.email).regex(AUTHOR_EMAIL).optional(),
});
export type RecipeInsert = z.infer<typeof recipeInsertSchema>;

export function toRecipeInsert(values: RecipeFormValues, imageUrl: string | null): RecipeInsert {
  return {
    title: values.title,
    description: values.description === '' ? null : values.description,
    ingredients: values.ingredients,
    instructions: values.instructions,
    submitted_by: values.name || 'Anonymous',
    image_url: imageUrl,
    status: 'pending',
    ...(values.notify && values.email ? { author_email: values.email } : {}),
  };
}
