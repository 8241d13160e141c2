import { backendSettings } from '~/lib/supabase.ts';
import { RECIPE_PHOTO_BUCKET } from './limits.ts';

/**
 * What /community-recipes needs in the browser, and nothing more: the approved recipes' request, the
 * check of the rows it returns, and which photo URLs may be shown. No zod, no query builder: the page
 * asks for these as soon as it has hydrated, and on a phone building zod's schemas and evaluating
 * postgrest-js were most of the list's work (docs/decisions/0032-community-list-and-recipe-taps.md).
 */

/** A recipe as the public list shows it: the columns of `community_recipes` the card reads. */
export interface CommunityRecipe {
  id: string | number;
  title: string;
  description: string | null;
  submitted_by: string | null;
  image_url: string | null;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/**
 * One row of the response as the list shows it, or null when it does not have the shape the page
 * needs (a row that is not an object, an id that is neither text nor a number, a title that is not
 * text, a description, author or photo URL that is neither text nor null). Only the columns the
 * card reads are kept.
 */
export function readCommunityRecipe(row: unknown): CommunityRecipe | null {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return null;
  const { id, title, description, submitted_by, image_url } = row as Record<string, unknown>;
  if (!(isText(id) || (typeof id === 'number' && Number.isFinite(id)))) return null;
  if (!isText(title) || !isTextOrNull(description) || !isTextOrNull(submitted_by) || !isTextOrNull(image_url))
    return null;
  return { id, title, description, submitted_by, image_url };
}

/** What the backend answered when the list could not be read (Supabase's error JSON, when it sent one). */
export class ListError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const message =
      typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : `HTTP ${status}`;
    super(`Community recipes: ${message}`);
    this.name = 'ListError';
  }
}

/** Answers worth asking again, as supabase-js (postgrest-js) retries a GET: 503 (the API is starting) and 520. */
const RETRY_STATUSES = [503, 520];
/** Asked again at most 3 times, after 1, 2 and 4 s (or the answer's Retry-After), as postgrest-js does. */
const MAX_RETRIES = 3;
const retryDelay = (attempt: number, retryAfter: string | null) =>
  retryAfter !== null
    ? Math.max(0, Number.parseInt(retryAfter, 10) || 0) * 1000
    : Math.min(1000 * 2 ** attempt, 30_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The approved community recipes, newest first. Rows that do not have the shape the page needs are
 * left out rather than breaking the page. Throws when the request fails or the backend answers with
 * an error.
 *
 * One GET to the REST API, as supabase-js (through postgrest-js) would send it: the anon key as
 * `apikey`, and as the bearer the signed-in member's access token when there is a session
 * (`accessToken`), else the anon key; a network failure, 503 or 520 is retried as postgrest-js
 * retries it. The row-level policy shows approved rows to visitors and members alike
 * (supabase/migrations).
 */
export async function fetchApprovedRecipes(accessToken?: string | null): Promise<CommunityRecipe[]> {
  const { url, key } = backendSettings();
  const query = new URLSearchParams({ select: '*', status: 'eq.approved', order: 'created_at.desc' });
  const request = () =>
    fetch(`${url.replace(/\/+$/, '')}/rest/v1/community_recipes?${query}`, {
      headers: { apikey: key, Authorization: `Bearer ${accessToken || key}`, Accept: 'application/json' },
    });
  let response: Response;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await request();
    } catch (error) {
      if (attempt >= MAX_RETRIES) throw error;
      await sleep(retryDelay(attempt, null));
      continue;
    }
    if (attempt >= MAX_RETRIES || !RETRY_STATUSES.includes(response.status)) break;
    const retryAfter = response.headers.get('Retry-After');
    await response.body?.cancel();
    await sleep(retryDelay(attempt, retryAfter));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ListError(response.status, body);
  if (!Array.isArray(body)) throw new ListError(response.status, { message: 'the answer is not a list of rows' });
  return body.flatMap((row) => {
    const recipe = readCommunityRecipe(row);
    return recipe ? [recipe] : [];
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
