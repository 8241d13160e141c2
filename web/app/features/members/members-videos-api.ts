import type { SupabaseClient } from '@supabase/supabase-js';
import type { MembersVideo } from '@content/members.ts';
import { images, type ImageKey } from '@content/media.ts';

/** The poster when a row names an image the site does not have. */
const FALLBACK_THUMBNAIL: ImageKey = 'membersThumb1';
/** The database's own check on `video_id` (supabase/migrations: members_videos). */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/**
 * The members-only videos, in their order. Row-level security gives them to signed-in members only
 * (supabase/migrations: members_videos), so this runs with the member's session. Rows that do not
 * have the shape a card needs are left out rather than breaking the page (checked by hand: zod would
 * add its weight to the page). Throws when the backend fails.
 */
export async function fetchMembersVideos(supabase: SupabaseClient): Promise<MembersVideo[]> {
  const { data, error } = await supabase
    .from('members_videos')
    .select('video_id, title, description, thumbnail')
    .order('position', { ascending: true })
    .order('id', { ascending: true });
  if (error) throw error;
  return ((data ?? []) as Record<string, unknown>[]).flatMap((row) => {
    const id = typeof row.video_id === 'string' && VIDEO_ID.test(row.video_id) ? row.video_id : undefined;
    const title = text(row.title);
    const description = text(row.description);
    if (!id || !title || !description) return [];
    const thumbnail =
      typeof row.thumbnail === 'string' && Object.hasOwn(images, row.thumbnail)
        ? (row.thumbnail as ImageKey)
        : FALLBACK_THUMBNAIL;
    return [{ id, title, description, thumbnail }];
  });
}
