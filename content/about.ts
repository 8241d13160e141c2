import { z } from 'zod';
import { IconCardSchema, RouteLinkSchema, SectionCopySchema } from './marketing-schema.ts';
import { site } from './site.ts';

/** /about: the chef's story, philosophy cards and values (docs/specification.md §2). */
export const AboutPageSchema = z.object({
  heading: SectionCopySchema,
  story: z.object({
    title: z.string().min(1),
    paragraphs: z.array(z.string().min(1)).min(1),
    signature: z.string().min(1),
  }),
  philosophy: SectionCopySchema.extend({ cards: z.array(IconCardSchema).min(1) }),
  values: SectionCopySchema.extend({ items: z.array(IconCardSchema).length(4) }),
  cta: SectionCopySchema.extend({ links: z.array(RouteLinkSchema).min(1) }),
});

export const aboutPage = AboutPageSchema.parse({
  heading: {
    eyebrow: 'About the chef',
    title: `Meet ${site.chefName}`,
    lead: 'Bold flavour, fresh ingredients and a seat at the table for everyone.',
  },
  story: {
    title: 'My Story',
    paragraphs: [
      'I learned to cook standing on a step stool in my grandmother\u2019s kitchen in Atlanta, stirring pots of greens and watching her season by smell, never by measure. Sunday dinners fed whoever walked through the door, and I fell in love with the way a good meal turned strangers into family.',
      'Years on the line in restaurant kitchens taught me discipline, speed and technique. Travel taught me everything else: Caribbean jerk smoke, Japanese knife work, West African spice markets and the bright, raw flavours of California juice bars all found their way into my cooking.',
      'Today I bring that whole journey to your table — as a private chef, a caterer and a teacher. Every menu starts with a conversation about you, and ends with food that is fresh, healthy and full of soul.',
    ],
    signature: `— ${site.chefName}`,
  },
  philosophy: {
    eyebrow: 'How I cook',
    title: 'My Philosophy',
    cards: [
      {
        title: 'Season First',
        icon: 'sprout',
        description: 'Menus follow the market. I cook what is at its peak this week, from growers I know by name.',
      },
      {
        title: 'Flavour Without Compromise',
        icon: 'flame',
        description:
          'Healthy never means bland. Herbs, citrus, smoke and spice do the heavy lifting, not cream and salt.',
      },
      {
        title: 'Food Is Hospitality',
        icon: 'handshake',
        description:
          'A meal is an experience: the welcome, the pacing, the plating and the stories told around the table.',
      },
    ],
  },
  values: {
    eyebrow: 'What I stand for',
    title: 'My Values',
    items: [
      {
        title: 'Fresh & Healthy',
        icon: 'leaf',
        description: 'Whole, seasonal ingredients and balanced plates that leave you energised, never weighed down.',
      },
      {
        title: 'Innovation',
        icon: 'sparkles',
        description: 'Classic technique meets global flavours — from stuffed pineapples to green juices with a kick.',
      },
      {
        title: 'Excellence',
        icon: 'award',
        description:
          'Every plate leaves the kitchen as if it were going to a critic, whether it is dinner for two or two hundred.',
      },
      {
        title: 'Connection',
        icon: 'heart',
        description: 'Food brings people together. I cook to create moments your guests will talk about for years.',
      },
    ],
  },
  cta: {
    title: 'Let\u2019s cook for your people',
    lead: 'Private dinners, catering, classes and meal prep — find the service that fits your table.',
    links: [
      { label: 'Explore Services', to: 'services' },
      { label: 'Book Now', to: 'bookNow' },
    ],
  },
});

/** What /about shows from code: the closing call to action (the rest is published content, content/editable.ts). */
export const aboutCta = aboutPage.cta;
