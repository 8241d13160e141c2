// Starts the static host's build when the chef publishes (docs/decisions/0060-the-build-hook-called-by-the-database.md).
// The host's build hook (Netlify, Vercel, Cloudflare Pages) is an address that starts a build of the
// site when it receives a POST; the build reads the project's published content. The address comes
// only from the function's configuration, never from the request, so a caller cannot make the
// function post anywhere else. Plain fetch, no dependencies: it runs under Deno and Node.

export interface HookOutcome {
  /** HTTP status for the caller (the database webhook logs it in net._http_response). */
  status: number;
  body: Record<string, unknown>;
}

/** What a Supabase Database Webhook sends for a row inserted into public.site_publications. */
export function isPublicationInsert(payload: unknown): payload is { record: { id: number } } {
  if (typeof payload !== 'object' || payload === null) return false;
  const p = payload as Record<string, unknown>;
  const record = p.record as Record<string, unknown> | null | undefined;
  return (
    p.type === 'INSERT' &&
    p.schema === 'public' &&
    p.table === 'site_publications' &&
    typeof record === 'object' &&
    record !== null &&
    Number.isSafeInteger(record.id)
  );
}

/**
 * The configured hook as a URL, or why it cannot be one. Build hooks are https; plain http only to
 * this machine (a stand-in in tests, a proxy beside the function).
 */
export function hookUrl(configured: string): URL | string {
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    return 'SITE_BUILD_HOOK_URL is not an address';
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return 'SITE_BUILD_HOOK_URL must be an https:// address';
  if (url.username || url.password) return 'SITE_BUILD_HOOK_URL must not carry a user name or password';
  return url;
}

/**
 * POSTs `{}` to the hook (each host's documented call: an empty JSON body; Netlify passes it to the
 * build as INCOMING_HOOK_BODY). A redirect is not followed (a hook answers directly; following one
 * would let whoever controls the hook's host send the request elsewhere); 10 s at most.
 */
export async function callBuildHook(
  configured: string | undefined,
  publication: number,
  doFetch: typeof fetch = fetch,
): Promise<HookOutcome> {
  if (!configured) return { status: 200, body: { publication, rebuild: 'off: SITE_BUILD_HOOK_URL is not set' } };
  const url = hookUrl(configured);
  if (typeof url === 'string') return { status: 500, body: { error: url } };
  let res: Response;
  try {
    res = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    return { status: 502, body: { error: `the build hook could not be reached: ${(err as Error).message}` } };
  }
  const text = (await res.text().catch(() => '')).slice(0, 200);
  if (res.status < 200 || res.status > 299)
    return { status: 502, body: { error: `the build hook answered ${res.status}`, hook: text } };
  return { status: 200, body: { publication, rebuild: 'started' } };
}
