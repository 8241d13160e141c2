import { SITE_DOCUMENT_KEYS, SITE_PHOTOS_BUCKET, siteContentDefaults } from './editable.ts';

/**
 * content/editable.ts's defaults and names as plain data, for the browser: the build turns this module into
 * literals (scripts/build/content-data-plugin.ts), so a preview tab has the defaults without zod and the schemas.
 */
export const siteDefaults = siteContentDefaults;
export const siteDocumentKeys = SITE_DOCUMENT_KEYS;
export const sitePhotosBucket = SITE_PHOTOS_BUCKET;
