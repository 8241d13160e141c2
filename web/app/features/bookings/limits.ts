/**
 * The booking form's limits, without zod, for the form's inputs while the page renders; the schema
 * (./schema.ts, which re-exports them) loads when the form is first checked
 * (docs/decisions/0024-load-the-forms-work-when-used.md). They are the database's
 * (supabase/migrations/*_bookings.sql): change them together. Relative imports only.
 */
export const BOOKING_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  location: 300,
  message: 5000,
  guestsMin: 1,
  guestsMax: 100,
} as const;
