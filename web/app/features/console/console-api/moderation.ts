import { backendSettings } from '~/lib/supabase.ts';
import type { Tables } from '~/lib/database.types.ts';
import type { CheckValue } from '~/lib/database.constants.ts';
import { byId, check, db, type Narrowed, type Page } from './client.ts';

export type CommunityRecipe = Narrowed<
  Tables<'community_recipes'>,
  { status: CheckValue<'community_recipes', 'status'> }
>;

export const getRecipe = (id: string) => byId<CommunityRecipe>('community_recipes', id);

export async function listRecipes(
  status: CommunityRecipe['status'],
  page: number,
  pageSize: number,
): Promise<Page<CommunityRecipe>> {
  const start = page * pageSize;
  const r = await (
    await db()
  )
    .from('community_recipes')
    .select('*', { count: 'exact' })
    .eq('status', status)
    .order('created_at', { ascending: status === 'pending' })
    .order('id')
    .range(start, start + pageSize - 1);
  return { rows: check(r) as CommunityRecipe[], total: r.count ?? 0 };
}

export const PHOTO_BUCKET = 'community_recipes';

/**
 * The object name inside the photo bucket of a recipe's public photo URL, if it is one of ours: the
 * URL must be on this site's own backend (the database checks the path and that the object exists,
 * but cannot know the host), so a row naming another host's file is never deleted from ours.
 */
export function photoObjectName(imageUrl: string | null, backendUrl: string = backendSettings().url): string | null {
  if (!imageUrl) return null;
  try {
    const url = new URL(imageUrl);
    const prefix = new URL(`storage/v1/object/public/${PHOTO_BUCKET}/`, `${backendUrl.replace(/\/+$/, '')}/`);
    if (url.origin !== prefix.origin || !url.pathname.startsWith(prefix.pathname) || url.search || url.hash)
      return null;
    const name = decodeURIComponent(url.pathname.slice(prefix.pathname.length));
    if (!name || name.split('/').some((part) => part === '..' || part === '.' || part === '')) return null;
    return name;
  } catch {
    return null;
  }
}

/** The photo's URL when it is one of this site's own (see photoObjectName), for an `<img>`. */
export function ownPhotoUrl(imageUrl: string | null): string | null {
  return photoObjectName(imageUrl) === null ? null : imageUrl;
}

export async function approveRecipes(ids: string[]): Promise<number> {
  const r = await (await db()).from('community_recipes').update({ status: 'approved' }).in('id', ids).select('id');
  return (check(r) as unknown[]).length;
}

/**
 * Rejects (pending) or unpublishes (approved) recipes, then deletes their photos: a public bucket
 * serves every object it holds, so a photo that must no longer be public has to go. The photo link
 * is cleared once its file is gone. Answers how many recipes changed and the photos that could not
 * be deleted (the caller says so; running it again retries them).
 */
export async function withdrawRecipes(
  recipes: Pick<CommunityRecipe, 'id' | 'image_url'>[],
  status: 'rejected' | 'unpublished',
  reason: string,
): Promise<{ changed: number; photoErrors: string[] }> {
  const supabase = await db();
  const ids = recipes.map((r) => r.id);
  const r = await supabase
    .from('community_recipes')
    .update({ status, review_reason: reason || null })
    .in('id', ids)
    .select('id');
  const changed = (check(r) as unknown[]).length;
  const photoErrors: string[] = [];
  const withPhotos = recipes.map((rec) => ({ id: rec.id, name: photoObjectName(rec.image_url) })).filter((p) => p.name);
  if (withPhotos.length) {
    const removed = await supabase.storage.from(PHOTO_BUCKET).remove(withPhotos.map((p) => p.name!));
    if (removed.error) photoErrors.push(removed.error.message);
    else {
      const gone = new Set((removed.data ?? []).map((o) => o.name));
      const cleared = withPhotos.filter((p) => gone.has(p.name!)).map((p) => p.id);
      // A photo already gone (removed before) counts as removed.
      const missing = withPhotos.filter((p) => !gone.has(p.name!)).map((p) => p.id);
      const toClear = [...cleared, ...missing];
      if (toClear.length) {
        const c = await supabase.from('community_recipes').update({ image_url: null }).in('id', toClear);
        if (c.error) photoErrors.push(c.error.message);
      }
    }
  }
  return { changed, photoErrors };
}
