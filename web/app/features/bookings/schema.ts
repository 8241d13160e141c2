import '../../lib/zod-jitless.ts';
import { z } from 'zod';
import { serviceTypes } from '../../../../content/booking.ts';
import { calendarCopy } from '../../../../content/calendar.ts';
import { businessToday } from '../../lib/business-date.ts';
import { groupDigits } from '../../lib/group-digits.ts';
import { BOOKING_LIMITS } from './limits.ts';

/**
 * The booking form's rules and the row it becomes (the `bookings` table). The limits and the
 * service types are the database's checks (./limits.ts, content/booking.ts). Relative imports
 * only, so the server can import this file too.
 */
export { BOOKING_LIMITS };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const requiredText = (max: number, missing: string, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

/**
 * What the visitor fills in. `today` is the business's date (content/site.ts `timeZone`; defaults
 * to now); `isUnavailable` says whether the chef's calendar has a day taken (rpc/unavailable_dates).
 */
export const bookingFormSchema = (
  today: () => string = () => businessToday(),
  isUnavailable: (day: string) => boolean = () => false,
) =>
  z.object({
    name: requiredText(
      BOOKING_LIMITS.name,
      'Please enter your full name.',
      `Please keep your name under ${BOOKING_LIMITS.name} characters.`,
    ),
    email: z
      .string({ error: 'Please enter your email address.' })
      .trim()
      .min(1, 'Please enter your email address.')
      .max(BOOKING_LIMITS.email, `Please keep your email address under ${BOOKING_LIMITS.email} characters.`)
      .pipe(z.email('Please enter a valid email address, like name@example.com.')),
    phone: requiredText(
      BOOKING_LIMITS.phone,
      'Please enter your phone number.',
      `Please keep your phone number under ${BOOKING_LIMITS.phone} characters.`,
    ).refine(
      (v) => (v.match(/\d/g) ?? []).length >= 7,
      'Please enter a phone number we can call, with at least 7 digits.',
    ),
    service: z
      .string({ error: 'Please choose a service.' })
      .pipe(z.enum(serviceTypes, { error: 'Please choose a service.' })),
    date: z
      .string({ error: 'Please choose a date.' })
      .regex(ISO_DATE, 'Please choose a date.')
      .refine((d) => d >= today(), 'Please choose today or a later date.')
      .refine((d) => !isUnavailable(d), calendarCopy.form.unavailable),
    time: z.string({ error: 'Please choose a time.' }).regex(TIME, 'Please choose a time.'),
    // A number input gives text: blank means missing, anything else is read as a number.
    guests: z
      .string({ error: 'Please enter the number of guests.' })
      .transform((v) => (v.trim() === '' ? undefined : Number(v)))
      .pipe(
        z
          .number({ error: 'Please enter the number of guests.' })
          .int('Please enter a whole number of guests.')
          .min(BOOKING_LIMITS.guestsMin, `Please enter at least ${BOOKING_LIMITS.guestsMin} guest.`)
          .max(
            BOOKING_LIMITS.guestsMax,
            `We can take up to ${BOOKING_LIMITS.guestsMax} guests here. For a larger event, please call or email us.`,
          ),
      ),
    location: requiredText(
      BOOKING_LIMITS.location,
      'Please enter the event location.',
      `Please keep the location under ${BOOKING_LIMITS.location} characters.`,
    ),
    message: z
      .string()
      .trim()
      .max(
        BOOKING_LIMITS.message,
        `Please keep special requests under ${groupDigits(BOOKING_LIMITS.message)} characters.`,
      ),
  });

export type BookingFormInput = z.input<ReturnType<typeof bookingFormSchema>>;
export type BookingFormValues = z.output<ReturnType<typeof bookingFormSchema>>;

/** The row inserted into `bookings` (what the anon role may write). */
export const bookingRowSchema = z.object({
  name: z.string().trim().min(1).max(BOOKING_LIMITS.name),
  email: z.email().max(BOOKING_LIMITS.email),
  phone: z.string().trim().min(1).max(BOOKING_LIMITS.phone),
  booking_date: z.string().regex(ISO_DATE),
  booking_time: z.string().regex(TIME),
  guests: z.number().int().min(BOOKING_LIMITS.guestsMin).max(BOOKING_LIMITS.guestsMax),
  service_type: z.enum(serviceTypes),
  location: z.string().trim().min(1).max(BOOKING_LIMITS.location),
  message: z.string().max(BOOKING_LIMITS.message).nullable(),
  idempotency_key: z.uuid(),
});
export type BookingRow = z.infer<typeof bookingRowSchema>;

export function toBookingRow(values: BookingFormValues, idempotencyKey: string): BookingRow {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    booking_date: values.date,
    booking_time: values.time,
    guests: values.guests,
    service_type: values.service,
    location: values.location,
    message: values.message === '' ? null : values.message,
    idempotency_key: idempotencyKey,
  };
}
