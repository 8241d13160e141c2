import { formatMoney, paymentKinds, paymentMethods } from '../../../../content/quotes.ts';
import { replyToVisitor } from './address.ts';
import { bookingParts } from './bookings.ts';
import { consoleLink, formatDate, link } from './text.ts';
import type { EmailTexts } from '../../../../content/emails.ts';
import type { MailView } from '../template.tsx';
import type { Composer, MessageOf } from './types.ts';

type QuoteEvent =
  | 'quote_sent'
  | 'quote_accepted'
  | 'quote_changes_requested'
  | 'quote_acceptance_refused'
  | 'balance_reminder'
  | 'deposit_late';

/**
 * A quote's messages (supabase/migrations/*_quotes_and_payments.sql, private.quote_payload): to the
 * client, the quote and the balance reminder; to the chef, what the client did and a late deposit.
 */
export const quoteMessage: Composer<QuoteEvent> = (m, { row, settings, texts, toOwner }) => {
  const p = m.payload;
  const booking = bookingParts(p, toOwner, row.created_at, texts);
  const money = (cents: number | undefined) => formatMoney(cents ?? 0, p.currency);
  const day = (v: string | null) => (v ? formatDate(v) : '');
  const extra = {
    paid: 'paid_cents' in p ? p.paid_cents : undefined,
    outstanding:
      'outstanding_cents' in p
        ? p.outstanding_cents
        : 'deposit_outstanding_cents' in p
          ? p.deposit_outstanding_cents
          : undefined,
    acceptedName: 'accepted_name' in p ? p.accepted_name : '',
    dietary: 'dietary' in p ? (p.dietary ?? '') : '',
    message: 'message' in p ? p.message : '',
    reason: 'reason' in p ? p.reason : '',
  };
  const values = {
    ...booking.values,
    total: money(p.total_cents),
    deposit: money(p.deposit_cents),
    depositDue: day(p.deposit_due_on),
    balance: money(p.balance_cents),
    balanceDue: day(p.balance_due_on),
    expires: day(p.expires_on),
    version: String(p.version),
    paid: money(extra.paid),
    outstanding: money(extra.outstanding),
    reason: extra.reason,
  };
  const copy = {
    quote_sent: texts.quoteSent,
    quote_accepted: texts.quoteAccepted,
    quote_changes_requested: texts.quoteChangesRequested,
    quote_acceptance_refused: texts.quoteAcceptanceRefused,
    balance_reminder: texts.balanceReminder,
    deposit_late: texts.depositLate,
  }[m.event];
  const toChef = m.event !== 'quote_sent' && m.event !== 'balance_reminder';
  const details = [
    ...booking.details(toChef),
    { label: texts.labels.total, value: values.total },
    { label: texts.labels.deposit, value: `${values.deposit} · ${values.depositDue}` },
    { label: texts.labels.balance, value: `${values.balance} · ${values.balanceDue}` },
    ...(m.event === 'quote_sent' ? [{ label: texts.labels.validUntil, value: values.expires }] : []),
    ...(extra.acceptedName ? [{ label: texts.labels.acceptedBy, value: extra.acceptedName }] : []),
    ...(extra.dietary ? [{ label: texts.labels.dietary, value: extra.dietary }] : []),
    ...(extra.message ? [{ label: texts.labels.message, value: extra.message }] : []),
    ...(m.event === 'balance_reminder' || m.event === 'deposit_late'
      ? [
          { label: texts.labels.paid, value: values.paid },
          { label: texts.labels.outstanding, value: values.outstanding },
        ]
      : []),
  ];
  if (m.event === 'quote_sent') {
    return {
      copy,
      values,
      details,
      buttons: [
        {
          label: texts.buttons.viewQuote,
          href: `${link(settings.siteUrl, 'quote')}#token=${encodeURIComponent(m.payload.quote_token)}`,
        },
      ],
      notes: [texts.quoteLinkNote],
    };
  }
  if (m.event === 'balance_reminder')
    return {
      copy,
      values,
      details,
      buttons: [{ label: texts.buttons.payNow, href: link(settings.siteUrl, 'payment') }],
    };
  return {
    copy,
    values,
    details,
    buttons: [{ label: texts.buttons.openInConsole, href: consoleLink(settings, 'bookings', p.booking_id) }],
    replyTo: replyToVisitor(p.email, p.name, 'The client address'),
  };
};

type PaymentPayload = MessageOf<'payment_received' | 'payment_receipt'>['payload'];

/** A payment's values for the copy and its details table, shared by the chef's message and the client's receipt. */
function paymentParts(p: PaymentPayload, booking: ReturnType<typeof bookingParts>, texts: EmailTexts) {
  const values = {
    ...booking.values,
    amount: formatMoney(p.amount_cents, p.currency),
    received: formatDate(p.received_on),
    method: paymentMethods[p.method],
    kind: paymentKinds[p.kind].toLowerCase(),
    paid: formatMoney(p.paid_cents, p.currency),
    outstanding: p.outstanding_cents === null ? '' : formatMoney(p.outstanding_cents, p.currency),
    balanceDue: 'balance_due_on' in p && p.balance_due_on ? formatDate(p.balance_due_on) : '',
  };
  const details: MailView['details'] = [
    { label: texts.labels.amount, value: values.amount },
    { label: texts.labels.method, value: values.method },
    { label: texts.labels.paymentDate, value: values.received },
    { label: texts.labels.eventDate, value: values.date },
    { label: texts.labels.paid, value: values.paid },
    ...(values.outstanding ? [{ label: texts.labels.outstanding, value: values.outstanding }] : []),
  ];
  return { values, details };
}

/** To the chef: a card payment that Stripe's webhook recorded, and what is left to pay. */
export const paymentReceived: Composer<'payment_received'> = (m, { row, settings, texts, toOwner }) => {
  const p = m.payload;
  const { values, details } = paymentParts(p, bookingParts(p, toOwner, row.created_at, texts), texts);
  return {
    copy: texts.paymentReceived,
    // Without an accepted quote nothing is known to be due: "$0.00 is still to pay".
    values: { ...values, outstanding: values.outstanding || formatMoney(0, p.currency) },
    details,
    buttons: [{ label: texts.buttons.openInConsole, href: consoleLink(settings, 'bookings', p.booking_id) }],
    replyTo: replyToVisitor(p.email, p.name, 'The client address'),
  };
};

/** To the client: a payment the chef recorded, and what is left to pay. */
export const paymentReceipt: Composer<'payment_receipt'> = (m, { row, texts, toOwner }) => {
  const p = m.payload;
  const { values, details } = paymentParts(p, bookingParts(p, toOwner, row.created_at, texts), texts);
  return { copy: texts.paymentReceipt, values, details };
};
