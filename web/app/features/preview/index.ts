// chunk: shell
import { lazy } from 'react';

/**
 * The preview feature's public entry (docs/site-editing.md, "Preview"). Every page's scripts carry only the
 * token check (preview-token.ts); the banner, the drafts' reading and the page-building functions load in a
 * preview tab alone.
 */
export { previewOr, usePreviewTab } from './preview-token.ts';

/** The banner over a previewed page; render it inside a <Suspense>, only in a preview tab. */
export const PreviewBanner = lazy(() => import('./preview-banner.tsx'));
