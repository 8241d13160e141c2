/** The interface's texts of /preview (docs/site-editing.md; the banner's are in web/app/features/preview/preview-banner.ts). */
export const previewCopy = {
  title: 'Preview',
  loading: 'Opening the preview of your drafts…',
  failed: 'The preview could not be loaded. Please try again.',
  again: 'Open a new preview from the console’s Preview button.',
  toSite: 'Go to the site',
} as const;
