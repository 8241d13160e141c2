// chunk: shell
/**
 * A preview tab (docs/site-editing.md, "Preview"): /preview keeps the link's token in the tab's session storage,
 * and from then on the routes' `clientLoader`s build each page in the browser from the drafts. Without a token
 * (every visitor) a clientLoader only hands over to the prerendered data, and the preview's code never loads.
 */
export const PREVIEW_TOKEN_KEY = 'preview';

/** The tab's preview token (none where storage is refused). */
export function previewToken(): string | null | undefined {
  try {
    return sessionStorage.getItem(PREVIEW_TOKEN_KEY);
  } catch {
    // no storage, no preview
  }
}
