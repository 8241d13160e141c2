import { z } from 'zod';
import { AboutPageSchema, aboutPage } from './about.ts';
import { ContactPageSchema, contactPage } from './contact.ts';
import { EventsPageSchema, eventsPage } from './events.ts';
import { galleryPage } from './gallery.ts';
import { home } from './home.ts';
import { images } from './media.ts';
import { PricingPageSchema } from './pricing.ts';
import { pricingDefaults } from './pricing-defaults.ts';
import { QuoteDefaultsSchema, quoteDefaults } from './quotes.ts';
import { RecipeFieldsSchema, recipeChecks } from './recipe-schema.ts';
import { recipes } from './recipes.ts';
import { SiteSchema } from './schema.ts';
import { ServicesPageSchema, serviceCardDefaults, servicesTextDefaults } from './services.ts';
import { HomeSchema } from './showcase-schema.ts';
import { deliverFormsToChef, site } from './site.ts';
import { TestimonialsPageSchema, testimonialsPage } from './testimonials.ts';

/**
 * What the chef edits in the console (/console?section=site) and publishes (issue 36, docs/site-editing.md):
 * seven documents, each a zod schema built from content/'s own schemas (which stay the one definition of what
 * is valid) and a default, today's content/ values, which a fresh database starts from.
 *
 * Not here, on purpose: the texts the specification fixes for the interface (toasts, form labels, button
 * labels, error messages, e-mails), the links between routes, and the build settings of content/site.ts
 * (origin, analytics and channel widget ids, the /watch-{product} slug), which stay in code or the environment.
 *
 * Lists keep their order as the order on the page (a list's position is its order). Relative imports only:
 * the server and the scripts import this file.
 */

/** The Storage bucket of the chef's uploaded photos (created by the site-editing migration). */
export { SITE_PHOTOS_BUCKET } from './site-photos.ts';

/** An uploaded photo: its object path in the site-photos bucket, e.g. "gallery/5b0f….jpg". No "..", no leading "/". */
export const PhotoPathSchema = z
  .string()
  .max(200)
  .regex(
    /^[a-z0-9_-]+(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/,
    'a path in the site-photos bucket, such as gallery/photo.jpg',
  )
  .refine((p) => !p.split('/').includes('..'), 'a path in the site-photos bucket, such as gallery/photo.jpg');

const ImageKeySchema = z.custom<keyof typeof images>((v) => typeof v === 'string' && Object.hasOwn(images, v), {
  message: 'not an image key of content/media.ts',
});

/** A list item's stable id (a uuid for new items; the defaults use short names). */
const ItemIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, "-" or "_"');

/** Items of a list must have distinct ids (the console edits them by id). */
function distinctIds<T>(key: (item: T) => string | number) {
  return (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string | number>();
    list.forEach((item, i) => {
      const id = key(item);
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate id ${id}` });
      seen.add(id);
    });
  };
}

// ── brand ───────────────────────────────────────────────────────────────────────────────────────────
export const BrandSchema = SiteSchema.omit({
  origin: true,
  channelWidgetId: true,
  analyticsId: true,
  watchSlug: true,
}).extend({
  /** Whether the contact and newsletter forms deliver to the chef (content/site.ts `deliverFormsToChef`). */
  deliverFormsToChef: z.boolean(),
});
const {
  origin: _origin,
  channelWidgetId: _widget,
  analyticsId: _analytics,
  watchSlug: _watch,
  ...brandDefaults
} = site;
export const brandDefault = BrandSchema.parse({ ...brandDefaults, deliverFormsToChef });

// ── pricing ─────────────────────────────────────────────────────────────────────────────────────────
/**
 * The price list's packages and add-ons (an add-on's `amount` is what a quote charges, in integer cents) and
 * the service cards of /services with their displayed prices.
 */
export const PricingSchema = z.object({
  packages: PricingPageSchema.shape.packages,
  addOns: PricingPageSchema.shape.addOns.shape.items,
  services: ServicesPageSchema.shape.services,
});
export const pricingDefault = PricingSchema.parse({
  packages: pricingDefaults.packages,
  addOns: pricingDefaults.addOns,
  services: serviceCardDefaults,
});

// ── pages ───────────────────────────────────────────────────────────────────────────────────────────
export const PagesSchema = z.object({
  home: z.object({
    hero: HomeSchema.shape.hero.omit({ buttons: true }),
    intro: HomeSchema.shape.meetChef.omit({ link: true }),
  }),
  about: AboutPageSchema.omit({ cta: true }),
  services: ServicesPageSchema.pick({ heading: true, howItWorks: true }),
  privateEvents: EventsPageSchema.pick({ heading: true, events: true }),
  faq: ContactPageSchema.shape.faq,
});
export const pagesDefault = PagesSchema.parse({
  home: { hero: { eyebrow: home.hero.eyebrow, title: home.hero.title, lead: home.hero.lead }, intro: home.meetChef },
  about: aboutPage,
  services: servicesTextDefaults,
  privateEvents: eventsPage,
  faq: contactPage.faq,
});

// ── testimonials ────────────────────────────────────────────────────────────────────────────────────
export const TestimonialItemSchema = TestimonialsPageSchema.shape.items.element.extend({
  id: ItemIdSchema,
  hidden: z.boolean(),
  /** An uploaded portrait; without one the bundled `image` shows. */
  photo: PhotoPathSchema.optional(),
});
export const TestimonialsSchema = z
  .array(TestimonialItemSchema)
  .max(50)
  .superRefine(distinctIds((t) => t.id));
export const testimonialsDefault = TestimonialsSchema.parse(
  testimonialsPage.items.map((item, i) => ({ ...item, id: `t${i + 1}`, hidden: false })),
);

// ── recipes ─────────────────────────────────────────────────────────────────────────────────────────
/** A recipe: its numeric id is its public URL (/recipe/<id>), never reused. Hidden ones answer 404. */
export const EditableRecipeSchema = RecipeFieldsSchema.extend({
  hidden: z.boolean(),
  /** An uploaded photo; without one the bundled `image` shows. */
  photo: PhotoPathSchema.optional(),
  /** Tags shown on the recipe and used for search (the category stays the filter). */
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
}).superRefine(recipeChecks);
export const RecipesSchema = z
  .array(EditableRecipeSchema)
  .min(1)
  .max(500)
  .superRefine(distinctIds((r) => r.id));
export const recipesDefault = RecipesSchema.parse(recipes.map((r) => ({ ...r, hidden: false, tags: [] })));

// ── gallery ─────────────────────────────────────────────────────────────────────────────────────────
export const GalleryPhotoSchema = z
  .object({
    id: ItemIdSchema,
    /** A bundled photo (content/media.ts) … */
    image: ImageKeySchema.optional(),
    /** … or an uploaded one; exactly one of the two. */
    photo: PhotoPathSchema.optional(),
    alt: z.string().trim().min(1, 'describe the photo for a visitor who cannot see it').max(300),
  })
  .strict()
  .refine((p) => (p.image === undefined) !== (p.photo === undefined), 'either a bundled image or an uploaded photo');
export const GallerySchema = z
  .array(GalleryPhotoSchema)
  .min(1, 'the gallery needs at least one photo')
  .max(60)
  .superRefine(distinctIds((p) => p.id));
export const galleryDefault = GallerySchema.parse(
  galleryPage.items.map((item) => ({ id: `g${item.id}`, image: item.image, alt: images[item.image].alt })),
);

// ── quotes ──────────────────────────────────────────────────────────────────────────────────────────
export const QuotesSchema = QuoteDefaultsSchema;
export const quotesDefault = QuotesSchema.parse(quoteDefaults);

// ── the whole ───────────────────────────────────────────────────────────────────────────────────────
export const siteDocumentSchemas = {
  brand: BrandSchema,
  pricing: PricingSchema,
  pages: PagesSchema,
  testimonials: TestimonialsSchema,
  recipes: RecipesSchema,
  gallery: GallerySchema,
  quotes: QuotesSchema,
} as const;
export type SiteDocumentKey = keyof typeof siteDocumentSchemas;
export const SITE_DOCUMENT_KEYS = Object.keys(siteDocumentSchemas) as SiteDocumentKey[];
export type SiteContent = { [K in SiteDocumentKey]: z.infer<(typeof siteDocumentSchemas)[K]> };

export const siteContentDefaults: SiteContent = {
  brand: brandDefault,
  pricing: pricingDefault,
  pages: pagesDefault,
  testimonials: testimonialsDefault,
  recipes: recipesDefault,
  gallery: galleryDefault,
  quotes: quotesDefault,
};

export const SiteContentSchema = z.object(siteDocumentSchemas);

/**
 * The content a page shows from what `public.published_site()` or `public.site_preview(token)` returned: null
 * (nothing published yet) gives the defaults; a document the JSON lacks is its default. A document that is
 * present but invalid throws (a ZodError naming the document and the field): the publish fails, the old site
 * stays.
 */
export function parseSiteContent(json: unknown): SiteContent {
  if (json === null || json === undefined) return siteContentDefaults;
  if (typeof json !== 'object' || Array.isArray(json))
    throw new TypeError('site content must be an object of documents');
  const given = json as Record<string, unknown>;
  return SiteContentSchema.parse(
    Object.fromEntries(SITE_DOCUMENT_KEYS.map((key) => [key, given[key] ?? siteContentDefaults[key]])),
  ) as SiteContent;
}
