import { PostgrestClient } from '@supabase/postgrest-js';
import { honeypotHeader } from '~/components/ui/form-field.tsx';
import { backendSettings, getSupabase } from '~/lib/supabase.ts';
import { photoPath } from './photo-path.ts';
import { RECIPE_PHOTO_BUCKET } from './limits.ts';
import type { CommunityRecipe, RecipeFormValues } from './schema.ts';

/**
 * The approved community recipes, newest first. Rows that do not have the shape the page needs are
 * left out rather than breaking the page. Throws when the backend fails.
 *
 * The page asks for this as soon as it has hydrated, so it is read with postgrest-js alone (the
 * query builder supabase-js itself uses) rather than the whole of supabase-js, whose download and
 * start-up were /community-recipes' longest task. It sends what supabase-js would: the anon key as
 * `apikey`, and as the bearer the signed-in member's access token when there is a session
 * (`accessToken`), else the anon key. The row-level policy shows approved rows to visitors and
 * members alike (supabase/migrations).
 */
export async function fetchApprovedRecipes(accessToken?: string | null): Promise<CommunityRecipe[]> {
  const { url, key } = backendSettings();
  // zod and the row's schema load beside the request, after the page has hydrated, not with it (decision 0024).
  const schema = import('./schema.ts');
  schema.catch(() => {}); // Its failure is reported where it is awaited, not also as unhandled when the request fails first.
  const rest = new PostgrestClient(`${url.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: key, Authorization: `Bearer ${accessToken || key}` },
  });
  const { data, error } = await rest
    .from('community_recipes')
    .select('*')
    .eq('status', 'approved')
    .order('created_at', { ascending: false });
  if (error) throw error;
  const { communityRecipeSchema } = await schema;
  return (data ?? []).flatMap((row) => {
    const parsed = communityRecipeSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Where the public photos of the bucket live: `{backend}/storage/v1/object/public/community_recipes/`. */
function publicPhotoPrefix(): URL {
  return new URL(`storage/v1/object/public/${RECIPE_PHOTO_BUCKET}/`, `${backendSettings().url.replace(/\/+$/, '')}/`);
}

/**
 * The photo URL of a listed recipe, or null when it is not one of ours: only http(s) URLs of our own
 * storage's public recipe-photo folder are shown, so a row can never make the page load a
 * third-party or `javascript:` URL.
 */
export function ownPhotoUrl(imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null;
  try {
    const url = new URL(imageUrl);
    const prefix = publicPhotoPrefix();
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.origin !== prefix.origin || !url.pathname.startsWith(prefix.pathname)) return null;
    if (url.pathname.length <= prefix.pathname.length || url.pathname.includes('/../')) return null;
    return url.href;
  } catch {
    return null;
  }
}

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
