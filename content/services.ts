import { z } from 'zod';
import {
  RouteLinkSchema,
  SectionCopySchema,
  ServiceCardSchema,
  StepSchema,
  ToastCopySchema,
} from './marketing-schema.ts';

/** /services: the six service cards (docs/specification.md §9 prices), How It Works, and the closing buttons. */
export const ServicesPageSchema = z.object({
  heading: SectionCopySchema,
  services: z.array(ServiceCardSchema).length(6),
  bookButton: z.string().min(1),
  /** docs/specification.md §8: the Book This Service button only shows this toast. */
  bookToast: ToastCopySchema,
  howItWorks: SectionCopySchema.extend({ steps: z.array(StepSchema).length(4) }),
  cta: SectionCopySchema.extend({ links: z.array(RouteLinkSchema).min(1) }),
});

const page = ServicesPageSchema.parse({
  heading: {
    eyebrow: 'What I offer',
    title: 'Culinary Services',
    lead: 'From a candlelit dinner for two to a wedding for a hundred, every menu is written for you, cooked from scratch and served with care.',
  },
  services: [
    {
      title: 'Private Chef Service',
      description:
        'A restaurant-calibre dinner in your own dining room. I shop, cook, plate and serve a custom three-course menu, then leave your kitchen spotless.',
      features: [
        'Custom 3-course menu',
        'Shopping and prep included',
        'Plated, table-side service',
        'Full kitchen cleanup',
      ],
      price: 'From $150 per person',
      icon: 'chefHat',
      image: 'servicePrivateChef',
    },
    {
      title: 'Event Catering',
      description:
        'Weddings, milestone birthdays, launches and reunions: generous grazing tables, passed bites and plated menus for gatherings of any size.',
      features: [
        'Menus for 10 to 100+ guests',
        'Buffet, family-style or plated',
        'Staffing and rentals arranged',
        'Tasting before the big day',
      ],
      price: 'Custom pricing',
      icon: 'utensils',
      image: 'serviceCatering',
    },
    {
      title: 'Cooking Class',
      description:
        'Hands-on classes in your kitchen for friends, couples or teams. Learn knife skills, sauces and one showstopper dish — then sit down and eat it.',
      features: [
        '2-hour hands-on session',
        'All ingredients and tools provided',
        'Recipe cards to take home',
        'Private or group bookings',
      ],
      price: 'From $75 per person',
      icon: 'graduationCap',
      image: 'serviceCookingClass',
    },
    {
      title: 'Meal Prep Service',
      description:
        'A week of fresh, balanced meals cooked in one visit and portioned into your fridge, planned around your goals, tastes and allergies.',
      features: [
        'Weekly menu planned with you',
        'Macro-friendly portions',
        'Labelled, ready-to-heat containers',
        'Vegan and gluten-free options',
      ],
      price: 'From $200 per week',
      icon: 'salad',
      image: 'serviceMealPrep',
    },
    {
      title: 'Menu Consultation',
      description:
        'For restaurants, cafés and food trucks: a menu that sells. Recipe development, costing and plating, tested in your kitchen with your team.',
      features: [
        'Concept and menu development',
        'Recipe costing and sourcing',
        'Plating and presentation guide',
        'Two on-site test sessions',
      ],
      price: 'From $500',
      icon: 'clipboard',
      image: 'serviceConsultation',
    },
    {
      title: 'Personal Chef Training',
      description:
        'One-to-one coaching for home cooks and aspiring chefs, from kitchen basics to professional technique, at your pace and in your kitchen.',
      features: [
        'Lessons built around your goals',
        'Knife, heat and seasoning skills',
        'Professional plating techniques',
        'Practice plan between sessions',
      ],
      price: 'From $100 per hour',
      icon: 'users',
      image: 'serviceTraining',
    },
  ],
  bookButton: 'Book This Service',
  bookToast: {
    title: 'Booking feature coming soon!',
    description:
      'Booking a service from this page is not implemented yet. Please use Book Now or contact us to arrange it.',
  },
  howItWorks: {
    eyebrow: 'The process',
    title: 'How It Works',
    lead: 'Four simple steps from the first hello to the last plate.',
    steps: [
      {
        title: 'Consultation',
        icon: 'messageCircle',
        description:
          'We talk about your occasion, guests, tastes and any dietary needs — by phone, video or over coffee.',
      },
      {
        title: 'Menu Planning',
        icon: 'clipboard',
        description: 'You receive a tailored menu proposal and refine it with me until every course feels right.',
      },
      {
        title: 'Preparation',
        icon: 'flame',
        description: 'I source the freshest seasonal ingredients and prepare everything with care ahead of your event.',
      },
      {
        title: 'Service',
        icon: 'chefHat',
        description: 'I cook, plate and serve on the day, then clean up — you simply enjoy your guests.',
      },
    ],
  },
  cta: {
    title: 'Ready to plan something delicious?',
    lead: 'Tell me about your event and I will reply within 24 hours with ideas and availability.',
    links: [
      { label: 'Book Now', to: 'bookNow' },
      { label: 'Contact Us', to: 'contact' },
    ],
  },
});

/** The service cards as today's source gives them: the defaults of the published `pricing.services` (content/editable.ts). */
export const serviceCardDefaults = page.services;

/** The heading and How It Works as today's source gives them: the defaults of the published `pages.services`. */
export const servicesTextDefaults = { heading: page.heading, howItWorks: page.howItWorks };

/** The texts of the page that stay in code: the specification's button and toast, the closing links. */
export const servicesPage = { bookButton: page.bookButton, bookToast: page.bookToast, cta: page.cta };
