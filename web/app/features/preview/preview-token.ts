// chunk: shell
import type { Params } from 'react-router';
import type { PageDataOf, PageKey } from '~/lib/page-data.ts';
import { previewToken } from './preview-storage.ts';

/** A route's clientLoader: the page's data from the drafts in a preview tab, else the prerendered data. */
export function previewOr<K extends PageKey, T>(
  key: K,
  serverLoader: () => Promise<T>,
  params: Params = {},
): Promise<T | PageDataOf<K>> {
  return previewToken()
    ? import('./preview-content.ts').then((preview) => preview.default(key, params))
    : serverLoader();
}

/**
 * A page loaded directly in a preview tab (a reload, an address typed) was painted from the published HTML:
 * /preview opens it again from the drafts. Called once per document, after hydrating (root.tsx).
 */
export function resumePreview() {
  // The public pages have no query of their own: the path is the page.
  const { pathname } = location;
  if (pathname !== '/preview' && previewToken()) location.replace('/preview?to=' + encodeURIComponent(pathname));
}
