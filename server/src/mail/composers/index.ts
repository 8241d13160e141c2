import type { OutboxEvent, OutboxMessage } from '../outbox-events.ts';
import { bookingToOwner, bookingToVisitor, eventTomorrow } from './bookings.ts';
import { contactReceived, emailChange } from './contact.ts';
import { paymentReceipt, paymentReceived, quoteMessage } from './quotes.ts';
import { recipeApproved, recipeToOwner } from './recipes.ts';
import type { ComposeContext, Draft, MessageOf } from './types.ts';

/**
 * Each outbox event's composer. Checked against the events of outbox-events.ts: an event without a
 * composer, or a composer for no event, does not compile.
 */
export const composers = {
  booking_received: bookingToOwner,
  booking_reminder: bookingToOwner,
  booking_acknowledged: bookingToVisitor,
  booking_declined: bookingToVisitor,
  booking_confirmed: bookingToVisitor,
  booking_cancelled: bookingToVisitor,
  recipe_received: recipeToOwner,
  recipe_approved: recipeApproved,
  recipe_reminder: recipeToOwner,
  contact_received: contactReceived,
  email_change: emailChange,
  quote_sent: quoteMessage,
  quote_accepted: quoteMessage,
  quote_acceptance_refused: quoteMessage,
  quote_changes_requested: quoteMessage,
  balance_reminder: quoteMessage,
  deposit_late: quoteMessage,
  event_tomorrow: eventTomorrow,
  payment_receipt: paymentReceipt,
  payment_received: paymentReceived,
} satisfies { [E in OutboxEvent]: (m: MessageOf<E>, ctx: ComposeContext) => Draft };

/** Composes a message with its event's composer. */
export function draftOf(m: OutboxMessage, ctx: ComposeContext): Draft {
  // The table pairs each event with its composer (checked above); looked up by a message of any event,
  // TypeScript no longer sees that pairing.
  const compose = composers[m.event] as (m: OutboxMessage, ctx: ComposeContext) => Draft;
  return compose(m, ctx);
}
