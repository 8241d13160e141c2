import { z } from 'zod';
import { images, type ImageKey } from './media.ts';
import { Constants } from '../web/app/lib/database.constants.ts';

/**
 * Schemas of the marketing pages' content (docs/specification.md §3: service card, pricing package, add-on, track,
 * FAQ item, info card, gallery item, testimonial …). Every content file parses its data with these,
 * so a typo in a price or a missing image key fails the build with a clear message.
 */

/** A key of content/media.ts `images`. */
export const ImageKeySchema = z.custom<ImageKey>((value) => typeof value === 'string' && Object.hasOwn(images, value), {
  message: 'not an image key of content/media.ts',
});

/** Icons the marketing pages can show (mapped to lucide-react icons in the features). */
export const IconNameSchema = z.enum([
  'chefHat',
  'utensils',
  'graduationCap',
  'salad',
  'clipboard',
  'users',
  'leaf',
  'sparkles',
  'award',
  'heart',
  'mapPin',
  'phone',
  'mail',
  'clock',
  'calendar',
  'messageCircle',
  'cake',
  'briefcase',
  'wine',
  'music',
  'gem',
  'flame',
  'sprout',
  'handshake',
]);
export type IconName = z.infer<typeof IconNameSchema>;

const text = z.string().trim().min(1);

/** A heading plus an optional lead paragraph for a page or a section. */
export const SectionCopySchema = z.object({ eyebrow: text.optional(), title: text, lead: text.optional() });
export type SectionCopy = z.infer<typeof SectionCopySchema>;

/** A labelled link to a route of the registry (web/app/paths.ts ids). */
export const RouteLinkSchema = z.object({
  label: text,
  to: z.enum([
    'bookNow',
    'contact',
    'services',
    'priceList',
    'home',
    'about',
    'testimonials',
    'privateEvents',
    'payment',
  ]),
});
export type RouteLink = z.infer<typeof RouteLinkSchema>;

/** A toast's exact wording (docs/specification.md §8). */
export const ToastCopySchema = z.object({ title: text, description: text });
export type ToastCopy = z.infer<typeof ToastCopySchema>;

// ── /services ────────────────────────────────────────────────────────────────────────────────────
export const ServiceCardSchema = z.object({
  title: text,
  description: text,
  features: z.array(text).min(1),
  /** Displayed price text (docs/specification.md §9), e.g. "From $150 per person". */
  price: text,
  icon: IconNameSchema,
  image: ImageKeySchema.optional(),
});
export type ServiceCard = z.infer<typeof ServiceCardSchema>;

export const StepSchema = z.object({ title: text, description: text, icon: IconNameSchema });
export type Step = z.infer<typeof StepSchema>;

// ── /price-list ──────────────────────────────────────────────────────────────────────────────────
export const PricingPackageSchema = z.object({
  name: text,
  /** e.g. "From $150" or "Custom". */
  price: text,
  /** e.g. "per person" or "pricing". */
  per: text,
  description: text,
  features: z.array(text).min(1),
  popular: z.boolean(),
  icon: IconNameSchema,
});
export type PricingPackage = z.infer<typeof PricingPackageSchema>;

/**
 * `amount`: what a quote charges for it (the console offers it as a line, docs/decisions/0022), in
 * cents, per person, per hour or fixed; absent for an add-on quoted case by case (market price).
 */
export const AddOnAmountSchema = z.object({
  cents: z.number().int().min(0).max(10_000_000),
  unit: z.enum(Constants.public.Checks.quote_lines.unit),
});
export const AddOnSchema = z.object({
  title: text,
  price: text,
  description: text,
  icon: IconNameSchema,
  amount: AddOnAmountSchema.optional(),
});
export type AddOn = z.infer<typeof AddOnSchema>;

// ── /contact ─────────────────────────────────────────────────────────────────────────────────────
export const FaqItemSchema = z.object({ question: text, answer: text });
export type FaqItem = z.infer<typeof FaqItemSchema>;

/** One line of an info card; with `href` (tel:, mailto:) it is a link. */
export const InfoDetailSchema = z.object({
  text,
  href: z
    .string()
    .regex(/^(tel|mailto):/)
    .optional(),
});
export const InfoCardSchema = z.object({
  icon: IconNameSchema,
  title: text,
  details: z.array(InfoDetailSchema).min(1),
});
export type InfoCard = z.infer<typeof InfoCardSchema>;

export const FormFieldCopySchema = z.object({ label: text, placeholder: text });

// ── /food-gallery ────────────────────────────────────────────────────────────────────────────────
/** docs/specification.md §3 gallery item: id, src, alt — src and alt come from the image key in content/media.ts. */
export const GalleryItemSchema = z.object({ id: z.number().int().positive(), image: ImageKeySchema });
export type GalleryItem = z.infer<typeof GalleryItemSchema>;

// ── /testimonials ────────────────────────────────────────────────────────────────────────────────
export const TestimonialSchema = z.object({
  name: text,
  title: text,
  quote: text,
  rating: z.number().int().min(1).max(5),
  image: ImageKeySchema,
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

// ── /private-events ──────────────────────────────────────────────────────────────────────────────
export const EventCardSchema = z.object({
  title: text,
  description: text,
  highlights: z.array(text).min(1),
  icon: IconNameSchema,
  image: ImageKeySchema,
});
export type EventCard = z.infer<typeof EventCardSchema>;

// ── /about ───────────────────────────────────────────────────────────────────────────────────────
export const IconCardSchema = z.object({ title: text, description: text, icon: IconNameSchema });
export type IconCard = z.infer<typeof IconCardSchema>;
