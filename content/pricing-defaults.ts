import { z } from 'zod';
import { PricingPageSchema } from './pricing.ts';

/**
 * The price list's packages and add-ons as today's source gives them (docs/specification.md §9 prices): the
 * defaults of the chef's published `pricing` (content/editable.ts). The pages read the published ones from
 * their route's data; an add-on's `amount` is what a quote charges, in integer cents.
 */
export const pricingDefaults = z
  .object({ packages: PricingPageSchema.shape.packages, addOns: PricingPageSchema.shape.addOns.shape.items })
  .parse({
    packages: [
      {
        name: 'Private Chef',
        price: 'From $150',
        per: 'per person',
        description: 'A custom 3-course menu cooked and served in your home for an unforgettable evening.',
        features: [
          'Custom 3-course menu',
          'Grocery shopping included',
          'Table-side plating and service',
          'Full kitchen cleanup',
        ],
        popular: false,
        icon: 'chefHat',
      },
      {
        name: 'Catering',
        price: 'Custom',
        per: 'pricing',
        description: 'Full-service catering for weddings, birthdays and corporate events, quoted for your guest list.',
        features: [
          'Menus for any group size',
          'Buffet, family-style or plated',
          'Service staff available',
          'Tasting session for large events',
        ],
        popular: true,
        icon: 'utensils',
      },
      {
        name: 'Cooking Classes',
        price: 'From $75',
        per: 'per person',
        description: 'A 2-hour session of hands-on cooking in your kitchen, for friends, couples or teams.',
        features: [
          '2-hour session',
          'All ingredients provided',
          'Recipe cards to keep',
          'Enjoy what you cook together',
        ],
        popular: false,
        icon: 'graduationCap',
      },
    ],
    addOns: [
      {
        title: 'Wine Pairing',
        price: '$30 per person',
        description: 'A sommelier-chosen wine for each course, poured and introduced at the table.',
        icon: 'wine',
        amount: { cents: 3000, unit: 'per_person' },
      },
      {
        title: 'Premium Ingredients',
        price: 'Market price',
        description: 'Wagyu, lobster, truffle and other luxury ingredients, billed at the day\u2019s market price.',
        icon: 'gem',
      },
      {
        title: 'Mixologist',
        price: '$50 per hour',
        description: 'A professional bartender mixing signature cocktails and mocktails for your guests.',
        icon: 'sparkles',
        amount: { cents: 5000, unit: 'per_hour' },
      },
      {
        title: 'Live Music',
        price: 'Custom quote',
        description: 'An acoustic duo, a jazz trio or a DJ to set the mood, booked through our trusted partners.',
        icon: 'music',
      },
    ],
  });
