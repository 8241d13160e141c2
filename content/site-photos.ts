/**
 * The chef's uploaded photos: the Storage bucket they are in (created by the site-editing migration) and
 * the widths each is offered at, the widths of the bundled media's cards (scripts/build/media.ts `CARD`).
 * No imports: the pages' photo URLs (web/app/lib/photo-sources.ts) and the server's upload path
 * (server/src/storage/variants.ts) read the same two values.
 */
export const SITE_PHOTOS_BUCKET = 'site-photos';

/** Ascending; a photo narrower than one of them is offered at its own width instead of the wider ones. */
export const SITE_PHOTO_WIDTHS = [320, 640, 960, 1280] as const;
