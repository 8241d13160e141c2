// chunk: shell
/**
 * The preview feature's public entry (docs/site-editing.md, "Preview"). Every page's scripts carry only the
 * token check (preview-token.ts); the drafts' reading, the page-building functions and the banner load in a
 * preview tab alone.
 */
export { previewOr, resumePreview } from './preview-token.ts';
