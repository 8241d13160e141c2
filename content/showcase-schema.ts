import { z } from 'zod';
import { images, type ImageKey } from './media.ts';

/**
 * Schemas of the showcase content: the home page, the channel's videos, the three products
 * (cookbook, soundtrack, seasoning). Kept apart from schema.ts so each content area owns its file.
 */

/** An image key of content/media.ts, checked at parse time. */
export const ImageKeySchema = z.custom<ImageKey>((v) => typeof v === 'string' && v in images, {
  message: 'unknown image key (see content/media.ts)',
});

/** Pages a content block may link to (ids of web/app/paths.ts). */
export const LinkTargetSchema = z.enum([
  'home',
  'about',
  'services',
  'recipes',
  'bookNow',
  'priceList',
  'contact',
  'cookingBook',
  'soundtrack',
  'seasoning',
  'watch',
  'gallery',
  'testimonials',
  'privateEvents',
  'payment',
  'communityRecipes',
  'submitRecipe',
]);
export type LinkTarget = z.infer<typeof LinkTargetSchema>;

/** Icons the showcase pages may use (mapped to lucide-react components by the features). */
export const IconNameSchema = z.enum([
  'book',
  'chef',
  'music',
  'flame',
  'leaf',
  'sparkles',
  'heart',
  'utensils',
  'users',
  'qr',
  'scale',
  'play',
  'disc',
]);
export type IconName = z.infer<typeof IconNameSchema>;

export const LinkSchema = z.object({ label: z.string().min(1), to: LinkTargetSchema });

/** A placeholder button's toast (docs/specification.md §8): exact title, a description saying it is not built yet. */
export const PlaceholderToastSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
});

/** A card with an icon: benefits, book features. */
export const FeatureCardSchema = z.object({
  icon: IconNameSchema,
  title: z.string().min(1),
  description: z.string().min(1),
});

// ── Videos ───────────────────────────────────────────────────────────────────────────────────────

export const ChannelVideoSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  /** Running time as shown, e.g. 8:42. */
  duration: z.string().regex(/^\d{1,2}:\d{2}$/),
  thumbnail: ImageKeySchema,
  /** The day it was published (YYYY-MM-DD): the VideoObject's uploadDate for search engines. */
  published: z.iso.date(),
  /**
   * The video's id on the video platform. When set, the card plays a privacy-enhanced embed, loaded
   * only when the visitor presses play; when empty, the card links to the channel in a new tab.
   */
  youtubeId: z
    .string()
    .regex(/^[\w-]{0,20}$/)
    .default(''),
});
export type ChannelVideo = z.infer<typeof ChannelVideoSchema>;

export const ChannelWidgetSchema = z.object({
  /** The widget platform's loader script (loaded only when site.channelWidgetId is set). */
  scriptUrl: z.string().url(),
  /** The container's class is this prefix plus the widget id. */
  containerClassPrefix: z.string().min(1),
});

// ── Products ─────────────────────────────────────────────────────────────────────────────────────

export const ProductHeroSchema = z.object({
  eyebrow: z.string().min(1),
  title: z.string().min(1),
  lead: z.string().min(1),
  image: ImageKeySchema,
});

export const ClosingCtaSchema = z.object({
  title: z.string().min(1),
  text: z.string().min(1),
  button: z.string().min(1),
});

export const PhotoSectionSchema = z.object({
  title: z.string().min(1),
  lead: z.string().min(1),
  images: z.array(ImageKeySchema).length(4),
});

export const CookbookSchema = z.object({
  hero: ProductHeroSchema,
  preorderButton: z.string().min(1),
  comingSoonLabel: z.string().min(1),
  inside: z.object({
    title: z.string().min(1),
    lead: z.string().min(1),
    features: z.array(FeatureCardSchema).length(3),
  }),
  peek: PhotoSectionSchema,
  cta: ClosingCtaSchema,
  toast: PlaceholderToastSchema,
});

export const SeasoningSchema = z.object({
  hero: ProductHeroSchema,
  orderButton: z.string().min(1),
  benefits: z.object({
    title: z.string().min(1),
    lead: z.string().min(1),
    cards: z.array(FeatureCardSchema).length(3),
  }),
  gallery: PhotoSectionSchema,
  cta: ClosingCtaSchema,
  toast: PlaceholderToastSchema,
});

export const TrackSchema = z.object({
  title: z.string().min(1),
  /** Duration text, m:ss. */
  duration: z.string().regex(/^\d{1,2}:\d{2}$/),
});
export type Track = z.infer<typeof TrackSchema>;

export const SoundtrackSchema = z.object({
  hero: ProductHeroSchema,
  albumTitle: z.string().min(1),
  listenButton: z.string().min(1),
  tracklist: z.object({ title: z.string().min(1), tracks: z.array(TrackSchema).length(5) }),
  vibe: z.object({ title: z.string().min(1), paragraphs: z.array(z.string().min(1)).min(1) }),
  availability: z.object({ title: z.string().min(1), text: z.string().min(1) }),
  toast: PlaceholderToastSchema,
});

// ── Home ─────────────────────────────────────────────────────────────────────────────────────────

export const OfferCardSchema = z.object({
  icon: IconNameSchema,
  title: z.string().min(1),
  description: z.string().min(1),
  link: LinkSchema,
});

export const ProductCardSchema = z.object({
  name: z.string().min(1),
  /** A badge such as Coming Soon; empty for none. */
  badge: z.string(),
  description: z.string().min(1),
  image: ImageKeySchema,
  link: LinkSchema,
});

const SectionSchema = z.object({ eyebrow: z.string().min(1), title: z.string().min(1), text: z.string().min(1) });

export const HomeSchema = z.object({
  hero: z.object({
    eyebrow: z.string().min(1),
    title: z.string().min(1),
    lead: z.string().min(1),
    buttons: z.object({ cookbook: LinkSchema, book: LinkSchema, watch: LinkSchema }),
  }),
  meetChef: z.object({
    eyebrow: z.string().min(1),
    title: z.string().min(1),
    paragraphs: z.array(z.string().min(1)).min(1),
    link: LinkSchema,
  }),
  latestVideos: z.object({
    eyebrow: z.string().min(1),
    title: z.string().min(1),
    text: z.string().min(1),
    link: LinkSchema,
  }),
  offers: z.object({ eyebrow: z.string().min(1), title: z.string().min(1), cards: z.array(OfferCardSchema).length(4) }),
  products: z.object({
    eyebrow: z.string().min(1),
    title: z.string().min(1),
    cards: z.array(ProductCardSchema).length(3),
  }),
  community: SectionSchema.extend({ link: LinkSchema }),
  scaling: SectionSchema.extend({
    link: LinkSchema,
    example: z.array(z.object({ servings: z.number().int().positive(), quantity: z.string().min(1) })).min(2),
    ingredient: z.string().min(1),
  }),
  payment: SectionSchema.extend({ link: LinkSchema }),
  booking: z.object({ title: z.string().min(1), text: z.string().min(1), primary: LinkSchema, secondary: LinkSchema }),
});

export const WatchPageSchema = z.object({
  marquee: z.string().min(1),
  eyebrow: z.string().min(1),
  title: z.string().min(1),
  lead: z.string().min(1),
  subscribe: z.string().min(1),
});
