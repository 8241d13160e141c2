import { z } from 'zod';
import { Constants, type CheckValue } from '../../../web/app/lib/database.constants.ts';

/**
 * What each outbox event carries: one schema per event, the contract between the database that
 * writes public.outbox (the triggers and functions of supabase/migrations, through private.outbox_put)
 * and the sender that reads it (compose.ts, in the local server and the Edge Function
 * supabase/functions/mail-outbox). Each schema is the payload as the sender reads it, after
 * private.outbox_guard took out of a visitor's message what the visitor must not get back (the phone,
 * the message, the location until the chef confirmed). Strict: a key the database adds or drops
 * without this file shows up as a failed message with the reason, never as a half-empty e-mail.
 * There is one schema for each event the table's check `outbox_event_known` allows (the generated
 * constants; a missing or unknown event does not compile). server/test/outbox-events.test.ts makes
 * the real triggers write every event, on PGlite and PostgreSQL, and checks each payload here
 * (docs/decisions/0026-one-source-per-contract.md).
 */

const id = z.guid();
const timestamp = z.iso.datetime({ offset: true });
const day = z.iso.date();
const time = z.iso.time();
const text = z.string();
const cents = z.number().int();
const token = z.string().regex(/^[0-9a-f]{64}$/);

/** private.booking_payload: a booking as the chef's messages carry it. */
const bookingForOwner = {
  id,
  created_at: timestamp,
  name: text,
  email: text,
  phone: text,
  booking_date: day,
  booking_time: time,
  guests: z.number().int(),
  service_type: text,
  location: text,
  message: text.nullable(),
  status: text,
  status_reason: text.nullable(),
  /** Set by private.outbox_note_unavailable_day when the day is blocked, closed or full. */
  day_unavailable: z.enum(['blocked', 'closed', 'full']).optional(),
};

/** The same booking in a message to the visitor: no phone, no message (private.outbox_guard). */
const {
  phone: _phone,
  message: _message,
  location: _location,
  day_unavailable: _day,
  ...bookingFacts
} = bookingForOwner;
const calendar = (method: 'REQUEST' | 'CANCEL') =>
  z.strictObject({ method: z.literal(method), sequence: z.number().int().min(0) });

/** private.quote_payload: a quote with its booking's facts. */
const quote = {
  quote_id: id,
  version: z.number().int(),
  booking_id: id,
  name: text,
  email: text,
  booking_date: day,
  booking_time: time,
  guests: z.number().int(),
  service_type: text,
  location: text,
  created_at: timestamp,
  currency: text,
  total_cents: cents,
  deposit_cents: cents,
  balance_cents: cents,
  deposit_due_on: day.nullable(),
  balance_due_on: day.nullable(),
  expires_on: day.nullable(),
};

/** A payment with its booking's facts: private.payments_outbox (the client's receipt) and payments_outbox_owner. */
const payment = {
  payment_id: id,
  booking_id: id,
  name: text,
  booking_date: day,
  booking_time: time,
  service_type: text,
  guests: z.number().int(),
  kind: z.enum(Constants.public.Checks.payments.kind),
  amount_cents: cents,
  received_on: day,
  method: z.enum(Constants.public.Checks.payments.method),
  currency: text,
  paid_cents: cents,
  /** Null when the booking has no accepted quote. */
  total_cents: cents.nullable(),
};

/** The recipe's row as private.community_recipes_outbox writes it. */
const recipe = {
  id,
  created_at: timestamp,
  title: text,
  description: text.nullable(),
  submitted_by: text.nullable(),
};

export const outboxEvents = {
  booking_received: z.strictObject({ ...bookingForOwner, confirm_token: token }),
  booking_reminder: z.strictObject(bookingForOwner),
  booking_acknowledged: z.strictObject(bookingFacts),
  booking_declined: z.strictObject(bookingFacts),
  /** Confirmed: the calendar invitation, and with it the location. */
  booking_confirmed: z.strictObject({
    ...bookingFacts,
    location: text,
    calendar: calendar('REQUEST'),
    /** private.confirmation_payment: null without an accepted quote; absent in rows written before it. */
    payment: z
      .strictObject({
        currency: text,
        total_cents: cents,
        paid_cents: cents,
        deposit_cents: cents,
        deposit_outstanding_cents: cents,
        deposit_due_on: day.nullable(),
        outstanding_cents: cents,
        balance_due_on: day.nullable(),
        reminder_days: z.number().int().nullable(),
        pay_url: text.nullable(),
      })
      .nullish(),
  }),
  /** A confirmed booking's cancellation cancels the invitation (location and calendar); any other has neither. */
  booking_cancelled: z.union([
    z.strictObject({ ...bookingFacts, location: text, calendar: calendar('CANCEL') }),
    z.strictObject(bookingFacts),
  ]),
  recipe_received: z.strictObject({
    ...recipe,
    ingredients: text,
    instructions: text,
    image_url: text.nullable(),
    author_wants_reply: z.boolean(),
  }),
  /** To the recipe's author: only what private.outbox_guard lets through. */
  recipe_approved: z.strictObject({ id, created_at: timestamp, title: text, submitted_by: text.nullable() }),
  recipe_reminder: z.strictObject(recipe),
  contact_received: z.strictObject({
    id,
    created_at: timestamp,
    name: text,
    email: text,
    subject: text,
    message: text,
  }),
  /** Queued by the local server's auth API (server/src/auth/store.ts, requestEmailChange). */
  email_change: z.strictObject({ token }),
  quote_sent: z.strictObject({ ...quote, quote_token: token }),
  quote_accepted: z.strictObject({ ...quote, accepted_name: text, dietary: text.nullable() }),
  quote_acceptance_refused: z.strictObject({ ...quote, accepted_name: text, dietary: text.nullable(), reason: text }),
  quote_changes_requested: z.strictObject({ ...quote, message: text }),
  balance_reminder: z.strictObject({ ...quote, paid_cents: cents, outstanding_cents: cents }),
  deposit_late: z.strictObject({ ...quote, paid_cents: cents, deposit_outstanding_cents: cents }),
  /** To the chef the day before a confirmed event (private.chef_enqueue_day_before): allergies and what is still to pay, when a quote was accepted. */
  event_tomorrow: z.strictObject({
    id,
    name: text,
    email: text,
    phone: text,
    booking_date: day,
    booking_time: time,
    guests: z.number().int(),
    service_type: text,
    location: text,
    message: text.nullable(),
    dietary: text.nullable(),
    currency: text.nullable(),
    outstanding_cents: cents.nullable(),
  }),
  /** To the chef: a card payment the Stripe webhook recorded (private.payments_outbox_owner). */
  payment_received: z.strictObject({ ...payment, email: text, outstanding_cents: cents.nullable() }),
  payment_receipt: z.strictObject({
    ...payment,
    location: text,
    outstanding_cents: cents.nullable(),
    balance_due_on: day.nullable(),
  }),
} satisfies Record<CheckValue<'outbox', 'event'>, z.ZodType>;

export type OutboxEvent = keyof typeof outboxEvents;
export const OUTBOX_EVENTS = Object.keys(outboxEvents) as OutboxEvent[];

/** An outbox message whose payload matched its event's schema: switch on `event` for a typed `payload`. */
export type OutboxMessage = {
  [E in OutboxEvent]: { event: E; payload: z.infer<(typeof outboxEvents)[E]> };
}[OutboxEvent];

export type ParsedPayload = { ok: true; message: OutboxMessage } | { ok: false; reason: string };

/** Checks a payload against its event's schema; the reason names the event and each mismatch (never a value). */
export function parseOutboxPayload(event: string, payload: unknown): ParsedPayload {
  if (!Object.hasOwn(outboxEvents, event))
    return { ok: false, reason: `unknown event ${JSON.stringify(event.slice(0, 40))}` };
  const result = outboxEvents[event as OutboxEvent].safeParse(payload);
  if (result.success) return { ok: true, message: { event, payload: result.data } as OutboxMessage };
  const problems = result.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
  return {
    ok: false,
    reason: `the ${event} payload does not match its schema (server/src/mail/outbox-events.ts): ${problems.join('; ')}`,
  };
}
