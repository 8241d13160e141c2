import type { Db } from '../db/index.ts';
import type { ObjectFiles } from './files.ts';
import { allowDeletes } from './store.ts';

/**
 * Community recipe photos that no recipe points at. The site uploads the photo first and then
 * inserts the recipe; when the insert fails (rate limit, lost connection, a closed tab) the photo is
 * left behind, and visitors may upload but not delete. After a grace period such photos are removed,
 * row and file. The grace period covers a submission in flight.
 */
export const PHOTO_BUCKET = 'community_recipes';

export async function sweepOrphanPhotos(db: Db, files: ObjectFiles, graceSeconds: number): Promise<string[]> {
  const removed = await db.tx(null, async (sql) => {
    await allowDeletes(sql); // the local Storage API's own housekeeping
    const { rows } = await sql<{ name: string }>(
      `delete from storage.objects o
        where o.bucket_id = $1
          and o.created_at < now() - make_interval(secs => $2)
          and not exists (
            select 1 from public.community_recipes r
             where r.image_url is not null
               and right(r.image_url, length('/' || o.bucket_id || '/' || o.name)) = '/' || o.bucket_id || '/' || o.name)
        returning o.name`,
      [PHOTO_BUCKET, graceSeconds],
    );
    return rows.map((r) => r.name);
  });
  // Rows first, then files: a crash in between leaves a file nobody can reach, never a row
  // pointing at a missing file.
  for (const name of removed) await files.remove(PHOTO_BUCKET, name);
  return removed;
}

/**
 * Runs the sweep now and then every `everySeconds`, without keeping the process alive. The returned
 * stop() waits for a sweep in progress, so the database can be closed after it.
 */
export function scheduleOrphanSweep(db: Db, files: ObjectFiles, graceSeconds: number, everySeconds: number) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = sweepOrphanPhotos(db, files, graceSeconds).catch((err: unknown) => {
      if (!stopped) console.error('orphan photo sweep failed:', err instanceof Error ? err.message : err);
    });
  };
  run();
  const timer = setInterval(run, everySeconds * 1000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
