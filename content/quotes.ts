import { z } from 'zod';
import type { CheckValue } from '../web/app/lib/database.constants.ts';

/**
 * Quotes and payments (docs/decisions/0022-quotes-and-payments.md). `quoteDefaults` are the first
 * values of public.quote_settings (the migration *_quotes_and_payments.sql seeds the same ones; a
 * server test checks they agree); "today" for due dates is the calendar's time zone (site.timeZone).
 * The owner changes them in the database (docs/deploy.md). The rest is the wording of
 * the client's page (/quote) and of the console's quote and payment screens. Relative imports only.
 */
const Text = z.string().min(1).max(10_000);

export const QuoteDefaultsSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Basis points: 800 = 8.00 %. */
  taxRateBp: z.number().int().min(0).max(5000),
  depositPercent: z.number().int().min(0).max(100),
  /** The deposit is due this many days after the quote is sent (at the latest when the balance is). */
  depositDueDays: z.number().int().min(0).max(365),
  /** The balance is due this many days before the event. */
  balanceDueDaysBefore: z.number().int().min(0).max(365),
  /** The client's reminder goes this many days before the balance is due. */
  balanceReminderDays: z.number().int().min(1).max(60),
  quoteValidDays: z.number().int().min(1).max(365),
  terms: Text,
});

export const quoteDefaults = QuoteDefaultsSchema.parse({
  currency: 'USD',
  taxRateBp: 0,
  depositPercent: 30,
  depositDueDays: 7,
  balanceDueDaysBefore: 7,
  balanceReminderDays: 3,
  quoteValidDays: 14,
  terms:
    'The deposit holds your date and is not refundable within 14 days of the event. The balance is due before the event as shown above. ' +
    'Cancellations more than 14 days before the event receive the deposit back less $50. ' +
    'The guest count can change until the balance is due; the final invoice follows it. ' +
    'Please tell us about every allergy and dietary need: we plan the menu around them.',
});

export const quotePage = z
  .object({
    title: Text,
    loading: Text,
    intro: Text,
    menuHeading: Text,
    linesHeading: Text,
    labels: z.record(z.string(), Text),
    termsHeading: Text,
    acceptHeading: Text,
    fullName: Text,
    dietary: Text,
    dietaryHint: Text,
    acceptTerms: Text,
    accept: Text,
    accepting: Text,
    acceptedHeading: Text,
    acceptedText: Text,
    payHeading: Text,
    payText: Text,
    payLink: Text,
    /** The one button: {amount}. */
    payNow: Text,
    /** Under the amount: {date}. */
    payDue: Text,
    /** When the provider's link cannot carry the note (content/payment.ts). */
    payNote: Text,
    /** Beside the QR code, shown only where it can be scanned from another screen. */
    payScan: Text,
    /** {amount}, {date}. */
    balanceLater: Text,
    changesHeading: Text,
    changesLabel: Text,
    changesSend: Text,
    changesSending: Text,
    changesSent: Text,
    states: z.object({ missing: Text, unknown: Text, replaced: Text, withdrawn: Text, expired: Text, accepted: Text }),
    contact: Text,
  })
  .parse({
    title: 'Your quote',
    loading: 'Opening your quote…',
    intro: 'Here is the quote for your event. Read it through, then accept it or ask for changes.',
    menuHeading: 'Menu',
    linesHeading: 'Price',
    labels: {
      event: 'Event',
      date: 'Date',
      time: 'Time',
      location: 'Location',
      guests: 'Guests',
      perGuest: 'per guest',
      fixed: 'Fixed price',
      travel: 'Travel fee',
      subtotal: 'Subtotal',
      discount: 'Discount',
      tax: 'Tax',
      total: 'Total',
      deposit: 'Deposit',
      balance: 'Balance',
      due: 'due',
      version: 'Version',
      validUntil: 'Valid until',
      perPerson: 'per person',
      perHour: 'per hour',
    },
    termsHeading: 'Terms',
    acceptHeading: 'Accept this quote',
    fullName: 'Your full name',
    dietary: 'Dietary needs and allergies',
    dietaryHint: 'List every allergy and dietary need among your guests, or write “none”.',
    acceptTerms: 'I have read and accept the terms above.',
    accept: 'Accept quote',
    accepting: 'Accepting…',
    acceptedHeading: 'Quote accepted',
    acceptedText:
      'Thank you! Your date is confirmed. A confirmation with a calendar invitation is on its way to your inbox.',
    payHeading: 'Pay your deposit',
    payText: 'One tap opens your cash app with the amount filled in.',
    payLink: 'Open the payment page',
    payNow: 'Pay {amount} now',
    payDue: 'Due {date}',
    payNote: 'Add this note to your payment so the chef can match it:',
    payScan: 'On a computer? Scan this code with your phone’s camera to pay.',
    balanceLater: 'The balance of {amount} is due {date}. We will send you a reminder a few days before.',
    changesHeading: 'Ask for changes',
    changesLabel: 'What would you like to change?',
    changesSend: 'Send to the chef',
    changesSending: 'Sending…',
    changesSent: 'Your message was sent to the chef. This quote stays open; you will hear back soon.',
    states: {
      missing: 'This link is incomplete. Please use the link in your e-mail.',
      unknown: 'This link is not valid. Please use the link in your e-mail.',
      replaced: 'This quote was replaced by a newer version. Please use the link in the latest e-mail from the chef.',
      withdrawn: 'This quote was withdrawn by the chef.',
      expired: 'This quote has expired.',
      accepted: 'You accepted this quote. Thank you!',
    },
    contact: 'Contact the chef',
  });

/** Cents as the client reads them: formatMoney(144000, 'USD') → "$1,440.00". */
export function formatMoney(cents: number | string | bigint | null | undefined, currency: string): string {
  const n = Number(cents ?? 0);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: /^[A-Z]{3}$/.test(currency) ? currency : 'USD',
  }).format(n / 100);
}

/** How a payment was made, as the console and the receipt say it. */
export const paymentMethods = {
  cash_app: 'Cash App',
  card: 'Card',
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  other: 'Other',
} as const satisfies Record<CheckValue<'payments', 'method'>, string>;
/** What the chef records by hand. */
export const recordedPaymentKinds = { deposit: 'Deposit', balance: 'Balance', other: 'Other' } as const;
/** Every kind a payment row has: a refund (a negative amount) comes only from Stripe's webhook. */
export const paymentKinds = { ...recordedPaymentKinds, refund: 'Refund' } as const satisfies Record<
  CheckValue<'payments', 'kind'>,
  string
>;
