// Removes community recipe photos that no recipe uses, once they are older than a grace period,
// through the Storage API only (hosted Supabase refuses a DELETE on storage.objects by SQL, and
// such a delete would leave the file behind). The site uploads a photo first and then inserts the
// recipe; when the insert fails the photo is left behind. Our own server does the same sweep in
// the database (server/src/storage/orphans.ts); this is hosted's, run by the Edge Function beside
// it on a schedule (docs/deploy.md). Plain fetch, no dependencies, so it runs under Deno and Node.

export const PHOTO_BUCKET = 'community_recipes';
/** The Storage API removes at most this many objects per request. */
const REMOVE_BATCH = 1000;
const PAGE = 1000;

export interface SweepOptions {
  /** The project's URL: `https://<ref>.supabase.co`, or our server's. */
  url: string;
  /** A key with the service role (the legacy service_role JWT, or a secret key). */
  serviceKey: string;
  /** Photos younger than this are kept: a submission may still be on its way. */
  graceSeconds: number;
  now?: Date;
  fetch?: typeof fetch;
}

export interface SweepResult {
  /** Photos in the bucket. */
  photos: number;
  /** The names removed. */
  removed: string[];
}

interface ListEntry {
  name: string;
  id: string | null;
  created_at: string | null;
}

export async function sweepUnusedPhotos(opts: SweepOptions): Promise<SweepResult> {
  const base = opts.url.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const headers = {
    apikey: opts.serviceKey,
    Authorization: `Bearer ${opts.serviceKey}`,
    'Content-Type': 'application/json',
  };
  const call = async (path: string, init: RequestInit): Promise<unknown> => {
    const res = await doFetch(`${base}${path}`, {
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string>) },
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  };

  // Every photo, folder by folder (the site writes flat names; folders are walked all the same).
  const photos: { name: string; createdAt: number }[] = [];
  const folders = [''];
  while (folders.length > 0) {
    const prefix = folders.shift()!;
    for (let offset = 0; ; offset += PAGE) {
      const entries = (await call(`/storage/v1/object/list/${PHOTO_BUCKET}`, {
        method: 'POST',
        body: JSON.stringify({ prefix, limit: PAGE, offset, sortBy: { column: 'name', order: 'asc' } }),
      })) as ListEntry[];
      for (const e of entries) {
        if (e.id === null) folders.push(`${prefix}${e.name}/`);
        else
          photos.push({ name: `${prefix}${e.name}`, createdAt: e.created_at ? Date.parse(e.created_at) : Number.NaN });
      }
      if (entries.length < PAGE) break;
    }
  }

  // Every photo a recipe uses, whatever its status: a pending, approved or rejected recipe keeps
  // its photo here (withdrawing a recipe deletes its photo in the console, not in this sweep).
  const used: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const rows = (await call(
      `/rest/v1/community_recipes?select=id,image_url&image_url=not.is.null&order=id.asc&limit=${PAGE}&offset=${offset}`,
      { method: 'GET' },
    )) as { image_url: string }[];
    for (const r of rows) used.push(r.image_url);
    if (rows.length < PAGE) break;
  }
  const inUse = (name: string) => {
    const tails = [`/${PHOTO_BUCKET}/${name}`, `/${PHOTO_BUCKET}/${name.split('/').map(encodeURIComponent).join('/')}`];
    return used.some((u) => tails.some((t) => u.endsWith(t)));
  };

  const cutoff = (opts.now ?? new Date()).getTime() - opts.graceSeconds * 1000;
  // A photo whose age cannot be read is kept.
  const unused = photos.filter((p) => p.createdAt < cutoff && !inUse(p.name)).map((p) => p.name);
  const removed: string[] = [];
  for (let i = 0; i < unused.length; i += REMOVE_BATCH) {
    const batch = unused.slice(i, i + REMOVE_BATCH);
    const gone = (await call(`/storage/v1/object/${PHOTO_BUCKET}`, {
      method: 'DELETE',
      body: JSON.stringify({ prefixes: batch }),
    })) as { name: string }[];
    removed.push(...gone.map((o) => o.name));
  }
  return { photos: photos.length, removed };
}
