/** The interface's texts of a preview tab (/preview and the banner over the previewed pages; docs/site-editing.md). */
export const previewCopy = {
  title: 'Preview',
  loading: 'Opening the preview of your drafts…',
  missing: 'This preview link is not valid or has expired.',
  failed: 'The preview could not be loaded. Please try again.',
  again: 'Open a new preview from the console’s Preview button.',
  toSite: 'Go to the site',
  banner: 'Preview: these pages show your drafts. Visitors still see the published site.',
  leave: 'Leave preview',
} as const;
