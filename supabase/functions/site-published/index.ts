// Supabase Edge Function (Deno): the chef published (or rolled back: also a new publication), so the
// static host rebuilds the site through its build hook (./rebuild.ts). Called by a Database Webhook
// on inserts into public.site_publications (docs/deploy.md), which sends this function's own secret
// in x-site-published-secret: nobody else can start builds. Deployed without JWT verification
// (supabase/config.toml): the caller is the database, not a signed-in user.
import { json, sameSecret, serve } from '../_shared/http.ts';
import { callBuildHook, isPublicationInsert } from './rebuild.ts';

const env = Deno.env.toObject();

export async function handle(req: Request): Promise<Response> {
  if (req.method !== 'POST') return json(405, { error: 'POST only' });
  const secret = env.SITE_PUBLISHED_SECRET;
  if (!secret || !sameSecret(req.headers.get('x-site-published-secret') ?? '', secret))
    return json(401, { error: 'unauthorized' });
  const payload: unknown = await req.json().catch(() => null);
  // Only a new publication starts a build: a webhook set up on another event or table is refused,
  // so its mistake shows in the webhook's log instead of as builds nobody asked for.
  if (!isPublicationInsert(payload))
    return json(400, { error: 'expected a Database Webhook payload for an INSERT into public.site_publications' });
  const outcome = await callBuildHook(env.SITE_BUILD_HOOK_URL, payload.record.id);
  if (outcome.status === 200) console.log(`site published: publication ${payload.record.id}, ${outcome.body.rebuild}`);
  else console.error(`site published: publication ${payload.record.id}:`, outcome.body.error);
  return json(outcome.status, outcome.body);
}

serve(handle, 'SITE_PUBLISHED_PORT');
