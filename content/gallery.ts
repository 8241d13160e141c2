import { z } from 'zod';
import type { ImageKey } from './media.ts';
import { GalleryItemSchema, SectionCopySchema } from './marketing-schema.ts';

/** /food-gallery: twenty photos, shown in an auto-advancing looping carousel (docs/specification.md §2, §9). */
export const GalleryPageSchema = z.object({
  heading: SectionCopySchema,
  items: z.array(GalleryItemSchema).length(20),
  /** docs/specification.md §9: autoplay delay in ms. */
  autoplayDelayMs: z.number().int().positive(),
  /** docs/specification.md §9: space between slides in px. */
  slideGapPx: z.number().int().nonnegative(),
  label: z.string().min(1),
});

export const galleryPage = GalleryPageSchema.parse({
  heading: {
    eyebrow: 'From the pass',
    title: 'Food Gallery',
    lead: 'Twenty plates from private dinners, catered events and cooking classes — seasonal, colourful and made to be shared.',
  },
  items: Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    image: `gallery${String(i + 1).padStart(2, '0')}` as ImageKey,
  })),
  autoplayDelayMs: 4000,
  slideGapPx: 30,
  label: 'Dishes by the chef',
});

/** What /food-gallery shows from code: all but the photos, which are published content (content/editable.ts). */
export const galleryText = {
  heading: galleryPage.heading,
  autoplayDelayMs: galleryPage.autoplayDelayMs,
  slideGapPx: galleryPage.slideGapPx,
  label: galleryPage.label,
};
