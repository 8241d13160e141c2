import { Constants } from '../../lib/database.constants.ts';
import { EMAIL_ADDRESS_MAX_LENGTH } from '../../lib/email-address.ts';

/**
 * The booking form's limits, without zod, for the form's inputs while the page renders; the schema
 * (./schema.ts, which re-exports them) loads when the form is first checked
 * (docs/decisions/0024-load-the-forms-work-when-used.md). They are the database's checks on the
 * bookings table, read from the generated constants. Relative imports only.
 */
const { MaxLength, Range } = Constants.public;
export const BOOKING_LIMITS = {
  name: MaxLength.bookings.name,
  email: EMAIL_ADDRESS_MAX_LENGTH,
  phone: MaxLength.bookings.phone,
  location: MaxLength.bookings.location,
  message: MaxLength.bookings.message,
  guestsMin: Range.bookings.guests[0],
  guestsMax: Range.bookings.guests[1],
} as const;
