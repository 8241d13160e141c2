import { z } from 'zod';
import { SectionCopySchema, TestimonialSchema } from './marketing-schema.ts';

/** /testimonials: four static client testimonials, five stars each (docs/specification.md §2, §9). */
export const TestimonialsPageSchema = z.object({
  heading: SectionCopySchema,
  items: z.array(TestimonialSchema).length(4),
});

export const testimonialsPage = TestimonialsPageSchema.parse({
  heading: {
    eyebrow: 'Kind words',
    title: 'What Our Clients Say',
    lead: 'Dinners, classes, weddings and boardrooms — here is how it felt from the other side of the table.',
  },
  items: [
    {
      name: 'Danielle Brooks',
      title: 'Private Dinner Client',
      quote:
        'We booked a private dinner for our tenth anniversary and it was better than any restaurant we have been to. The snapper was perfect, every course came with a story, and the kitchen was cleaner when Chef left than when she arrived.',
      rating: 5,
      image: 'testimonial1',
    },
    {
      name: 'Marcus Lee',
      title: 'Cooking Class Attendee',
      quote:
        'I could barely dice an onion before the class. Two hours later I had made sushi rolls and a stuffed pineapple from scratch — and I have cooked both again at home. Patient, funny and full of tricks.',
      rating: 5,
      image: 'testimonial2',
    },
    {
      name: 'Alicia Moreno',
      title: 'Wedding Catering',
      quote:
        'One hundred and twenty guests and not one cold plate. Our families are still talking about the jerk chicken and the pavlova. Chef Feva handled everything so we could simply enjoy our day.',
      rating: 5,
      image: 'testimonial3',
    },
    {
      name: 'James Whitfield',
      title: 'Corporate Event',
      quote:
        'We hired Chef Feva for our annual client evening. The canapés were stunning, dietary needs were handled without fuss, and several clients asked for the chef\u2019s card before dessert. Already booked for next year.',
      rating: 5,
      image: 'testimonial4',
    },
  ],
});

/** What /testimonials shows from code: its heading (the testimonials are published content, content/editable.ts). */
export const testimonialsHeading = testimonialsPage.heading;
