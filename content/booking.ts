import { z } from 'zod';
import { SectionCopySchema, ToastCopySchema } from './marketing-schema.ts';
import { site } from './site.ts';
import { Constants } from '../web/app/lib/database.constants.ts';

/**
 * /book-now: the six service types (docs/specification.md §9; the database's check
 * `bookings_service_type_known`, read from the generated constants), the form's labels and messages,
 * the information panel and the contact panel.
 */
export const serviceTypes = Constants.public.Checks.bookings.service_type;
export type ServiceType = (typeof serviceTypes)[number];

const text = z.string().trim().min(1);

const BookingContentSchema = z.object({
  heading: SectionCopySchema,
  form: z.object({
    title: text,
    servicePlaceholder: text,
    submit: text,
    submitting: text,
    honeypotLabel: text,
  }),
  info: z.object({ title: text, items: z.array(z.object({ title: text, text })).min(1) }),
  contact: z.object({ title: text, lead: text, phoneLabel: text, emailLabel: text, phone: text, email: z.email() }),
  toasts: z.object({ success: ToastCopySchema, failure: ToastCopySchema, tooMany: ToastCopySchema }),
});

export const booking = BookingContentSchema.parse({
  heading: {
    eyebrow: 'Reserve your date',
    title: 'Book Your Experience',
    lead: `Tell ${site.chefName} about your occasion. Every request gets a personal reply within 24 hours.`,
  },
  form: {
    title: 'Booking request',
    servicePlaceholder: 'Choose a service',
    submit: 'Submit Booking Request',
    submitting: 'Sending…',
    honeypotLabel: 'Website (leave this empty)',
  },
  info: {
    title: 'Booking Information',
    items: [
      { title: 'Private chef services', text: 'Please book at least 48 hours in advance.' },
      { title: 'Large events and catering', text: 'Please book 1-2 weeks in advance so every detail is planned.' },
      { title: 'Reply within 24 hours', text: 'We confirm availability, menu ideas and pricing by phone or e-mail.' },
      { title: 'Any diet, any table', text: 'Vegan, gluten-free and allergy-friendly menus are always welcome.' },
    ],
  },
  contact: {
    title: 'Prefer to talk?',
    lead: 'Call for urgent bookings or immediate help, or write any time.',
    phoneLabel: 'Phone',
    emailLabel: 'Email',
    phone: site.phone,
    email: site.email,
  },
  toasts: {
    // docs/specification.md §8, exact.
    success: {
      title: 'Booking Request Submitted!',
      description: `Thank you! ${site.chefName} will contact you within 24 hours to confirm the details.`,
    },
    failure: {
      title: 'Oh no! Something went wrong.',
      description: 'There was an error submitting your booking. Please try again.',
    },
    tooMany: {
      title: 'Too many requests',
      description: 'You have sent several requests in a short time. Please wait a minute, then try again.',
    },
  },
});

/** `tel:` link for a display phone number: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
