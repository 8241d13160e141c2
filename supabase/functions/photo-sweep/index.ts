// Supabase Edge Function (Deno): removes community recipe photos that no recipe uses, an hour after
// their upload, through the Storage API (./sweep.ts). Our own server sweeps them by itself; a hosted
// project has nothing that does, so a schedule calls this every 15 minutes (docs/deploy.md). It
// answers only a POST that carries PHOTO_SWEEP_SECRET: it is deployed without JWT verification
// (supabase/config.toml), since projects on the new API keys refuse the anon key as a JWT.
import { json, sameSecret, serve } from '../_shared/http.ts';
import { sweepUnusedPhotos } from './sweep.ts';

const env = Deno.env.toObject();

export async function handle(req: Request): Promise<Response> {
  if (req.method !== 'POST') return json(405, { error: 'POST only' });
  const secret = env.PHOTO_SWEEP_SECRET;
  if (!secret || !sameSecret(req.headers.get('x-photo-sweep-secret') ?? '', secret))
    return json(401, { error: 'unauthorized' });
  // Both are provided to every Edge Function by hosted Supabase. A project that turned its legacy
  // keys off sets PHOTO_SWEEP_SERVICE_KEY to a secret key (sb_secret_…).
  const url = env.SUPABASE_URL;
  const serviceKey = env.PHOTO_SWEEP_SERVICE_KEY || env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !serviceKey) return json(500, { error: 'SUPABASE_URL or the service key is not set' });
  const graceSeconds = Number(env.PHOTO_SWEEP_GRACE_SECONDS ?? 3600);
  if (!Number.isFinite(graceSeconds) || graceSeconds < 0)
    return json(500, { error: 'PHOTO_SWEEP_GRACE_SECONDS must be a number of seconds' });
  try {
    const { photos, removed } = await sweepUnusedPhotos({ url, serviceKey, graceSeconds });
    if (removed.length > 0) console.log(`photo sweep: removed ${removed.length} unused photo(s)`);
    return json(200, { photos, removed: removed.length });
  } catch (err) {
    console.error('photo sweep failed:', (err as Error).message);
    return json(500, { error: 'the sweep failed; see the function logs' });
  }
}

serve(handle, 'PHOTO_SWEEP_PORT');
