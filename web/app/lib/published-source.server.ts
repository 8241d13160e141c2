import { parseSiteContent, type SiteContent } from '../../../content/editable.ts';

/**
 * The published content a build prerenders (docs/site-editing.md). A hosted build (VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY set) reads the project's current publication through `public.published_site()`,
 * as anon; a project where nothing was published yet answers null, which is the defaults. Without those
 * settings (the local build: the local server renders the publications itself) it is the defaults.
 * A project that cannot answer fails the build: a site built from the defaults would silently undo
 * the chef's publications. Node only (the build and the server); relative imports only.
 */
export async function fetchPublishedSiteContent(
  env: Record<string, string | undefined> = process.env,
  fetchImpl: typeof fetch = fetch,
): Promise<SiteContent> {
  const url = env.VITE_SUPABASE_URL;
  const key = env.VITE_SUPABASE_ANON_KEY;
  if (!url || !key) return parseSiteContent(null);
  const endpoint = `${url.replace(/\/+$/, '')}/rest/v1/rpc/published_site`;
  let response: Response;
  try {
    response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: {
        apikey: key,
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: '{}',
    });
  } catch (error) {
    throw new Error(
      `The build reads the published site from ${endpoint}, which did not answer: ${(error as Error).message}`,
    );
  }
  if (!response.ok) {
    throw new Error(
      `The build reads the published site from ${endpoint}, which answered ${response.status}: ${(await response.text()).slice(0, 500)}`,
    );
  }
  return parseSiteContent(await response.json());
}
