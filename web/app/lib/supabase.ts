// chunk: shell
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

/**
 * The backend client, loaded on first use so pages that never talk to the backend do not
 * download it. The URL and anon key come from the build (hosted Supabase) or, for the local
 * server, from the page itself: same origin, and the key the server writes into a meta tag. Typed
 * with the database's own types, generated from the migrations (database.types.ts, scripts/gen-types.ts).
 */
let client: Promise<SupabaseClient<Database>> | undefined;

/** Where supabase-js keeps the session in local storage (read directly by the auth context). */
export const AUTH_STORAGE_KEY = 'chef-auth';

export function backendSettings() {
  const url = import.meta.env.VITE_SUPABASE_URL || window.location.origin;
  const key =
    import.meta.env.VITE_SUPABASE_ANON_KEY ||
    document.querySelector<HTMLMetaElement>('meta[name="supabase-anon-key"]')?.content ||
    '';
  return { url, key };
}

export function getSupabase(): Promise<SupabaseClient<Database>> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const { url, key } = backendSettings();
    return createClient<Database>(url, key, {
      auth: { storageKey: AUTH_STORAGE_KEY, persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
    });
  });
  return client;
}
