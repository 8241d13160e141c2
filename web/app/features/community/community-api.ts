import { honeypotHeader } from '~/components/ui/form-field.tsx';
import { getSupabase } from '~/lib/supabase.ts';
import { photoPath } from './photo-path.ts';
import { RECIPE_PHOTO_BUCKET } from './limits.ts';
import type { RecipeFormValues } from './schema.ts';

export type SubmitFailure = 'too-large' | 'not-an-image' | 'rate-limited' | 'failed';
export type SubmitResult = { ok: true } | { ok: false; reason: SubmitFailure; error: unknown };

/** What a storage or database error says about why the submission failed. */
function failureOf(error: unknown, status?: number): SubmitFailure {
  const e = (error ?? {}) as { status?: number; statusCode?: string; code?: string; message?: string };
  const code = String(e.statusCode ?? e.code ?? '');
  const httpStatus = status ?? e.status;
  if (httpStatus === 429 || code === '429' || code === 'over_request_rate_limit') return 'rate-limited';
  if (httpStatus === 413 || code === '413') return 'too-large';
  if (httpStatus === 415 || code === '415' || code === 'invalid_mime_type') return 'not-an-image';
  return 'failed';
}

/**
 * Upload the photo (when there is one) to the bucket as `{timestamp}_{safe name}`, take its
 * public URL, then insert the recipe as pending. When the insert fails after the upload, the photo
 * is removed again (best effort: see the storage policies). A filled honeypot uploads nothing and
 * sends the insert with the `x-honeypot` header, which the server answers as a success.
 */
export async function submitRecipe(
  values: RecipeFormValues,
  photo: File | null,
  options: { honeypot?: string } = {},
): Promise<SubmitResult> {
  let uploadedPath: string | null = null;
  try {
    const supabase = await getSupabase();
    const bucket = supabase.storage.from(RECIPE_PHOTO_BUCKET);
    let imageUrl: string | null = null;
    if (photo && !options.honeypot) {
      const { data, error } = await bucket.upload(photoPath(photo), photo, {
        contentType: photo.type || undefined,
        // A photo the chef withdraws must not stay in caches for long: an hour at most (issue 18).
        cacheControl: '3600',
        upsert: false,
      });
      if (error) return { ok: false, reason: failureOf(error), error };
      uploadedPath = data.path;
      imageUrl = bucket.getPublicUrl(data.path).data.publicUrl;
    }
    const { toRecipeInsert } = await import('./schema.ts');
    let insert = supabase.from('community_recipes').insert(toRecipeInsert(values, imageUrl));
    if (options.honeypot) insert = insert.setHeader('x-honeypot', honeypotHeader(options.honeypot));
    const { error, status } = await insert;
    if (error) {
      await removeUpload(uploadedPath);
      return { ok: false, reason: failureOf(error, status), error };
    }
    return { ok: true };
  } catch (error) {
    await removeUpload(uploadedPath);
    return { ok: false, reason: 'failed', error };
  }
}

async function removeUpload(path: string | null) {
  if (!path) return;
  try {
    const supabase = await getSupabase();
    await supabase.storage.from(RECIPE_PHOTO_BUCKET).remove([path]);
  } catch {
    // The visitor cannot do more: a photo no row points to is left for the server to sweep.
  }
}
