// chunk: shell
import { useSyncExternalStore } from 'react';
import type { Params } from 'react-router';
import type { PageDataOf, PageKey } from '~/lib/page-data.ts';

/**
 * A preview tab (docs/site-editing.md, "Preview"): /preview keeps the link's token in the tab's session storage,
 * and from then on the routes' `clientLoader`s build each page in the browser from the drafts. Without a token
 * (every visitor) a clientLoader only hands over to the prerendered data, and the preview's code never loads.
 */
export const PREVIEW_TOKEN_KEY = 'chef-site-preview';

/** The tab's preview token, or null (also where storage is refused). */
export function previewToken(): string | null {
  try {
    return window.sessionStorage.getItem(PREVIEW_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** A route's clientLoader: the page's data from the drafts in a preview tab, else the prerendered data. */
export async function previewOr<K extends PageKey, T>(
  key: K,
  serverLoader: () => Promise<T>,
  params: Params = {},
): Promise<T | PageDataOf<K>> {
  if (!previewToken()) return serverLoader();
  const { previewPageData } = await import('./preview-content.ts');
  return previewPageData(key, params);
}

const nothingToFollow = () => () => {};
const inPreview = () => previewToken() !== null;
const notInHtml = () => false;

/**
 * Whether this tab is a preview tab: false in the prerendered HTML and while hydrating (the build cannot
 * know), then read once the page has hydrated; for every other visitor it stays false, and nothing re-renders.
 */
export function usePreviewTab(): boolean {
  return useSyncExternalStore(nothingToFollow, inPreview, notInHtml);
}
