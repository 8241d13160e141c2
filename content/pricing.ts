import { z } from 'zod';
import { AddOnSchema, PricingPackageSchema, RouteLinkSchema, SectionCopySchema } from './marketing-schema.ts';

/** /price-list: three packages, the add-ons (docs/specification.md §9 prices) and the links onward. */
export const PricingPageSchema = z.object({
  heading: SectionCopySchema,
  packages: z.array(PricingPackageSchema).length(3).refine((p) => p.filter((x) => x.popular).length === 1, 'exactly one popular package'),
  popularLabel: z.string().min(1),
  packageCta: RouteLinkSchema,
  addOns: SectionCopySchema.extend({ items: z.array(AddOnSchema).min(1) }),
  note: z.string().min(1),
  cta: SectionCopySchema.extend({ links: z.array(RouteLinkSchema).min(1) }),
});

export const pricingPage = PricingPageSchema.parse({
  heading: {
    eyebrow: 'Transparent pricing',
    title: 'Price List',
    lead: 'Clear starting prices for every kind of table. Your final quote is written around your menu, guest count and location.',
  },
  packages: [
    {
      name: 'Private Chef',
      price: 'From $150',
      per: 'per person',
      description: 'A custom 3-course menu cooked and served in your home for an unforgettable evening.',
      features: ['Custom 3-course menu', 'Grocery shopping included', 'Table-side plating and service', 'Full kitchen cleanup'],
      popular: false,
      icon: 'chefHat',
    },
    {
      name: 'Catering',
      price: 'Custom',
      per: 'pricing',
      description: 'Full-service catering for weddings, birthdays and corporate events, quoted for your guest list.',
      features: ['Menus for any group size', 'Buffet, family-style or plated', 'Service staff available', 'Tasting session for large events'],
      popular: true,
      icon: 'utensils',
    },
    {
      name: 'Cooking Classes',
      price: 'From $75',
      per: 'per person',
      description: 'A 2-hour session of hands-on cooking in your kitchen, for friends, couples or teams.',
      features: ['2-hour session', 'All ingredients provided', 'Recipe cards to keep', 'Enjoy what you cook together'],
      popular: false,
      icon: 'graduationCap',
    },
  ],
  popularLabel: 'Most Popular',
  packageCta: { label: 'Book Now', to: 'bookNow' },
  addOns: {
    title: 'Add-ons',
    lead: 'Make the evening yours with a few extras.',
    items: [
      { title: 'Wine Pairing', price: '$30 per person', description: 'A sommelier-chosen wine for each course, poured and introduced at the table.', icon: 'wine', amount: { cents: 3000, unit: 'per_person' } },
      { title: 'Premium Ingredients', price: 'Market price', description: 'Wagyu, lobster, truffle and other luxury ingredients, billed at the day\u2019s market price.', icon: 'gem' },
      { title: 'Mixologist', price: '$50 per hour', description: 'A professional bartender mixing signature cocktails and mocktails for your guests.', icon: 'sparkles', amount: { cents: 5000, unit: 'per_hour' } },
      { title: 'Live Music', price: 'Custom quote', description: 'An acoustic duo, a jazz trio or a DJ to set the mood, booked through our trusted partners.', icon: 'music' },
    ],
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
