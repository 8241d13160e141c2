// chunk: shell
/**
 * A preview tab (docs/site-editing.md, "Preview"): /preview keeps the link's token in the tab's session storage,
 * and from then on the routes' `clientLoader`s build each page in the browser from the drafts. Without a token
 * (every visitor) a clientLoader only hands over to the prerendered data, and the preview's code never loads.
 * The storage is read once per document, after the page has hydrated (root.tsx's resumePreview), and kept here:
 * a navigation reads no storage (decision 0040). The preview's own chunk writes it (preview-content.ts).
 */
export const PREVIEW_TOKEN_KEY = 'preview';

let known: string | null | undefined;

/** The tab's preview token (none where storage is refused). */
export function previewToken(): string | null {
  if (known === undefined) {
    try {
      known = sessionStorage.getItem(PREVIEW_TOKEN_KEY);
    } catch {
      known = null;
    }
  }
  return known;
}

/** What the preview's chunk has just written to (or removed from) the tab's storage. */
export const rememberPreviewToken = (token: string | null) => {
  known = token;
};
