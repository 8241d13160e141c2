import { z } from 'zod';
import { AddOnSchema, PricingPackageSchema, RouteLinkSchema, SectionCopySchema } from './marketing-schema.ts';

/** /price-list: three packages, the add-ons (docs/specification.md §9 prices) and the links onward. */
export const PricingPageSchema = z.object({
  heading: SectionCopySchema,
  packages: z
    .array(PricingPackageSchema)
    .length(3)
    .refine((p) => p.filter((x) => x.popular).length === 1, 'exactly one popular package'),
  popularLabel: z.string().min(1),
  packageCta: RouteLinkSchema,
  addOns: SectionCopySchema.extend({ items: z.array(AddOnSchema).min(1) }),
  note: z.string().min(1),
  cta: SectionCopySchema.extend({ links: z.array(RouteLinkSchema).min(1) }),
});

/** The page's own copy (the packages and add-ons are published content: content/pricing-defaults.ts). */
export const pricingPage = PricingPageSchema.omit({ packages: true })
  .extend({ addOns: SectionCopySchema })
  .parse({
    heading: {
      eyebrow: 'Transparent pricing',
      title: 'Price List',
      lead: 'Clear starting prices for every kind of table. Your final quote is written around your menu, guest count and location.',
    },
    popularLabel: 'Most Popular',
    packageCta: { label: 'Book Now', to: 'bookNow' },
    addOns: {
      title: 'Add-ons',
      lead: 'Make the evening yours with a few extras.',
    },
    note: 'Prices are starting points before travel and taxes. Travel fees may apply outside the primary service area.',
    cta: {
      title: 'Let\u2019s build your menu',
      lead: 'Book a date, ask a question or explore every service in detail.',
      links: [
        { label: 'Book Now', to: 'bookNow' },
        { label: 'Contact Us', to: 'contact' },
        { label: 'View Services', to: 'services' },
      ],
    },
  });
