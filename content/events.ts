import { z } from 'zod';
import { EventCardSchema, RouteLinkSchema, SectionCopySchema } from './marketing-schema.ts';

/** /private-events: three event cards and Book Your Event (docs/specification.md §2). */
export const EventsPageSchema = z.object({
  heading: SectionCopySchema,
  events: z.array(EventCardSchema).length(3),
  cta: SectionCopySchema.extend({ link: RouteLinkSchema }),
});

export const eventsPage = EventsPageSchema.parse({
  heading: {
    eyebrow: 'Celebrate at home',
    title: 'Private Events',
    lead: 'Your guests, your space, your menu. I bring the kitchen brigade, the flavour and the finishing touches.',
  },
  events: [
    {
      title: 'Intimate Dinners',
      description:
        'Anniversaries, proposals and dinners with close friends, cooked in your home and served course by course at your table.',
      highlights: ['2 to 12 guests', 'Tasting or family-style menus', 'Candlelit table styling on request'],
      icon: 'heart',
      image: 'eventsDinner',
    },
    {
      title: 'Birthday Celebrations',
      description:
        'From a milestone fortieth to a garden party for grandma: grazing tables, a menu built around the guest of honour, and a cake to remember.',
      highlights: ['10 to 80 guests', 'Grazing tables and passed bites', 'Custom celebration cake'],
      icon: 'cake',
      image: 'eventsBirthday',
    },
    {
      title: 'Corporate Gatherings',
      description:
        'Client evenings, team lunches and launch parties with polished service, clear dietary labelling and food your guests will remember.',
      highlights: ['Up to 100 guests', 'Canapé receptions or seated dinners', 'Invoicing for businesses'],
      icon: 'briefcase',
      image: 'eventsCorporate',
    },
  ],
  cta: {
    title: 'Have a date in mind?',
    lead: 'Send your event details and I will reply within 24 hours with a menu idea and a quote.',
    link: { label: 'Book Your Event', to: 'bookNow' },
  },
});

/** What /private-events shows from code: the closing call to action (the heading and cards are published content). */
export const eventsCta = eventsPage.cta;
