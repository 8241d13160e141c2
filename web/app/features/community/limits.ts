/**
 * Community recipes' limits and constants, without zod: what the pages need while they render
 * (input lengths, the photo bucket and its rules), so that zod and the schemas (./schema.ts, which
 * re-exports these) load only when a form is validated
 * (docs/decisions/0024-load-the-forms-work-when-used.md). The limits are the database's
 * (supabase/migrations/*_community_recipes.sql): change them together. Relative imports only.
 */
export const RECIPE_LIMITS = {
  title: 120,
  description: 1000,
  ingredients: 10000,
  instructions: 20000,
  submittedBy: 80,
  imageUrl: 1000,
  email: 254,
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
