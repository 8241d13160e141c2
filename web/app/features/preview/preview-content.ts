import { redirect, type Params } from 'react-router';
import type { SiteContent } from '@content/editable.ts';
import { siteDefaults, siteDocumentKeys } from '@content/site-defaults.ts';
import { pageData, type PageDataOf, type PageKey } from '~/lib/page-data.ts';
import { getSupabase } from '~/lib/supabase.ts';
import { forgetPreviewToken, showPreviewBanner } from './preview-banner.ts';
import { PREVIEW_TOKEN_KEY, previewToken, rememberPreviewToken } from './preview-storage.ts';

/** What the console's Preview button makes: 64 hex digits (create_site_preview()). */
const TOKEN = /^[0-9a-f]{64}$/;
/** The database's own words for an unknown or expired token (site_preview()), said before asking it too. */
const INVALID = 'This preview link is not valid or has expired.';

/** Why a preview cannot be shown: the database's message (an unknown or expired token), or ours. */
export class PreviewUnavailable extends Error {}

let cached: { token: string; content: Promise<SiteContent> } | undefined;

/**
 * The drafts over the published content (`site_preview(token)`, anon may call it: the token is the secret).
 * A document the answer lacks is its default, as for a publication (content/editable.ts parseSiteContent).
 * The drafts were checked by the same schemas when the console saved them, so the browser does not load zod
 * to check them again.
 */
async function fetchPreview(token: string): Promise<SiteContent> {
  if (!TOKEN.test(token)) throw new PreviewUnavailable(INVALID);
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('site_preview', { p_token: token });
  if (error) throw new PreviewUnavailable(error.message);
  const given = (data ?? {}) as Partial<Record<keyof SiteContent, unknown>>;
  return Object.fromEntries(siteDocumentKeys.map((key) => [key, given[key] ?? siteDefaults[key]])) as SiteContent;
}

/** The tab's preview content, read once per document (a new Preview from the console opens a new tab). */
export function previewContent(token: string): Promise<SiteContent> {
  if (cached?.token !== token) {
    const content = fetchPreview(token);
    content.catch(() => {
      if (cached?.content === content) cached = undefined;
    });
    cached = { token, content };
  }
  return cached.content;
}

/**
 * A page's data from the drafts. When the preview cannot be read (the link expired meanwhile), the tab goes
 * to /preview, which says so.
 */
export default async function previewPageData<K extends PageKey>(key: K, params: Params): Promise<PageDataOf<K>> {
  const token = previewToken();
  let content: SiteContent;
  try {
    if (!token) throw new PreviewUnavailable('no preview in this tab');
    content = await previewContent(token);
  } catch (error) {
    if (error instanceof PreviewUnavailable) throw redirect('/preview');
    throw error;
  }
  showPreviewBanner();
  return (pageData[key] as (content: SiteContent, params: Params) => PageDataOf<K>)(content, params);
}

/**
 * /preview: keeps the link's token (or the one the tab already has) and reads the drafts once. Answers the page
 * to open (the one a reload in the tab left, `?to=`, else /home), or why the preview cannot be shown (a message,
 * or none for a failure that is not the link's); then the tab forgets the token.
 */
export async function openPreview(fragment: string | null): Promise<{ to: string } | { problem?: string }> {
  const token = fragment ?? previewToken();
  try {
    if (!token) throw new PreviewUnavailable(INVALID);
    sessionStorage.setItem(PREVIEW_TOKEN_KEY, token);
    rememberPreviewToken(token);
    await previewContent(token);
  } catch (error) {
    forgetPreviewToken();
    return { problem: error instanceof PreviewUnavailable ? error.message : undefined };
  }
  const to = new URLSearchParams(location.search).get('to');
  return { to: to && /^\/(?![/\\])/.test(to) ? to : '/home' };
}
