import { z } from 'zod';
import {
  FaqItemSchema,
  FormFieldCopySchema,
  InfoCardSchema,
  SectionCopySchema,
  ToastCopySchema,
} from './marketing-schema.ts';
import { site } from './site.ts';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** /contact: the message form, Get in Touch cards and the FAQ (docs/specification.md §2, §5, §8). */
export const ContactPageSchema = z.object({
  heading: SectionCopySchema,
  form: z.object({
    title: z.string().min(1),
    fields: z.object({
      name: FormFieldCopySchema,
      email: FormFieldCopySchema,
      subject: FormFieldCopySchema,
      message: FormFieldCopySchema,
    }),
    submit: z.string().min(1),
    /** docs/specification.md §7: browser local storage key of the list of sent messages. */
    storageKey: z.string().min(1),
    success: ToastCopySchema,
    failure: ToastCopySchema,
  }),
  info: SectionCopySchema.extend({ cards: z.array(InfoCardSchema).length(4) }),
  faq: SectionCopySchema.extend({ items: z.array(FaqItemSchema).length(4) }),
});

export const contactPage = ContactPageSchema.parse({
  heading: {
    eyebrow: 'Say hello',
    title: 'Contact Us',
    lead: 'Planning a dinner, an event or a class? Send a message and I will get back to you within 24 hours.',
  },
  form: {
    title: 'Send a Message',
    fields: {
      name: { label: 'Name', placeholder: 'Your full name' },
      email: { label: 'Email', placeholder: 'you@example.com' },
      subject: { label: 'Subject', placeholder: 'What is this about?' },
      message: { label: 'Message', placeholder: 'Tell me about your event or questions…' },
    },
    submit: 'Send Message',
    storageKey: 'cookingMessages',
    success: {
      title: 'Message Sent Successfully!',
      description: "Thank you for contacting us. We'll get back to you within 24 hours.",
    },
    failure: {
      title: 'Message not sent',
      description: 'Your browser would not let us save the message. Please call or e-mail us instead.',
    },
  },
  info: {
    title: 'Get in Touch',
    lead: 'Prefer to talk? Here is how and when to reach me.',
    cards: [
      {
        icon: 'mapPin',
        title: 'Service Area',
        details: [{ text: 'Nationwide service' }, { text: 'Travel fees may apply for distant locations' }],
      },
      {
        icon: 'phone',
        title: 'Phone',
        details: [
          { text: site.phone, href: telHref(site.phone) },
          { text: 'Available for urgent bookings' },
          { text: 'Call for immediate assistance' },
        ],
      },
      {
        icon: 'mail',
        title: 'Email',
        details: [{ text: site.email, href: `mailto:${site.email}` }, { text: 'Response within 24 hours' }],
      },
      {
        icon: 'clock',
        title: 'Availability',
        details: [{ text: '7 days a week' }, { text: 'Flexible scheduling' }],
      },
    ],
  },
  faq: {
    title: 'Frequently Asked Questions',
    items: [
      {
        question: 'How far in advance should I book?',
        answer:
          'Please book at least 48 hours in advance for private chef service. For large events such as weddings and corporate functions, 1-2 weeks of notice lets us plan the menu, staffing and sourcing properly.',
      },
      {
        question: 'Can you accommodate dietary restrictions?',
        answer:
          'Absolutely. Vegan, gluten-free and allergy-friendly menus are part of everyday cooking here — tell us about every guest\u2019s needs and each dish will be planned around them.',
      },
      {
        question: 'What is included in the service?',
        answer:
          'Menu planning, grocery shopping, cooking, presentation and cleanup. You get the whole experience; your kitchen is left as clean as we found it.',
      },
      {
        question: 'Do you travel for events?',
        answer:
          'Yes — we serve clients nationwide. Travel fees may apply for events outside our primary service area; they are always agreed with you in advance.',
      },
    ],
  },
});

export type ContactPage = typeof contactPage;

/** What /contact shows from code: all but the FAQ, which is published content (content/editable.ts). */
export const contactText = { heading: contactPage.heading, form: contactPage.form, info: contactPage.info };
