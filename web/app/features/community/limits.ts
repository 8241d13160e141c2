import { Constants } from '../../lib/database.constants.ts';
import { EMAIL_ADDRESS_MAX_LENGTH } from '../../lib/email-address.ts';

/**
 * Community recipes' limits and constants, without zod: what the pages need while they render
 * (input lengths, the photo bucket and its rules), so that zod and the schemas (./schema.ts, which
 * re-exports these) load only when a form is validated
 * (docs/decisions/0024-load-the-forms-work-when-used.md). The limits are the database's checks on
 * the community_recipes table, read from the generated constants. Relative imports only.
 */
const limits = Constants.public.MaxLength.community_recipes;
export const RECIPE_LIMITS = {
  title: limits.title,
  description: limits.description,
  ingredients: limits.ingredients,
  instructions: limits.instructions,
  submittedBy: limits.submitted_by,
  imageUrl: limits.image_url,
  email: EMAIL_ADDRESS_MAX_LENGTH,
} as const;

/** The database's check on an author's address (supabase/migrations/*_outbox.sql). */
export const AUTHOR_EMAIL = /^[^@\s,;<>"]+@[^@\s,;<>"]+\.[^@\s,;<>"]+$/;

/** The storage bucket for recipe photos and its rules (migration *_community_recipes_bucket.sql). */
export const RECIPE_PHOTO_BUCKET = 'community_recipes';
export const RECIPE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const RECIPE_PHOTO_TYPES = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
} as const;

/** The fields whose absence gives the required "Missing Fields" toast. */
export const REQUIRED_RECIPE_FIELDS = ['title', 'ingredients', 'instructions'] as const;
