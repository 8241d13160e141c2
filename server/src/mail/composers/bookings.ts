import type { EmailTexts } from '../../../../content/emails.ts';
import { formatMoney } from '../../../../content/quotes.ts';
import { site } from '../../../../content/site.ts';
import { paymentLink, paymentReference } from '../../../../web/app/lib/payment-link.ts';
import { bookingCalendar } from '../calendar.ts';
import type { MailView } from '../template.tsx';
import { headerSafe, replyToVisitor } from './address.ts';
import { consoleLink, fill, formatDate, formatTime, link, waited } from './text.ts';
import type { Composer, ComposedMail, MessageOf } from './types.ts';

/** The booking facts that bookings', quotes' and payments' messages share (outbox-events.ts). */
export interface BookingFacts {
  name: string;
  email?: string;
  phone?: string;
  message?: string | null;
  booking_date: string;
  booking_time: string;
  guests: number;
  service_type: string;
  location?: string;
  status_reason?: string | null;
  created_at?: string;
  calendar?: { method: 'REQUEST' | 'CANCEL'; sequence: number };
}

/**
 * A booking's values for the copy ({name}, {date}, …) and its details table. The chef's copy has
 * everything; a visitor's carries booking facts only, never what was typed into the form beyond the
 * name (anyone can type any address there: issue 18). The location is in it once the chef confirmed
 * the booking (its calendar event). The database keeps the rest out of visitors' payloads too
 * (private.outbox_guard).
 */
export function bookingParts(p: BookingFacts, toOwner: boolean, rowCreatedAt: string | Date, texts: EmailTexts) {
  const toVisitorWithEvent = !toOwner && p.calendar !== undefined;
  const values = {
    name: p.name,
    date: formatDate(p.booking_date),
    time: formatTime(p.booking_time),
    guests: String(p.guests),
    service: p.service_type,
    location: toOwner || toVisitorWithEvent ? (p.location ?? '') : '',
    reason: p.status_reason ?? '',
    waiting: waited(p.created_at || rowCreatedAt),
  };
  const details = (forOwner: boolean): MailView['details'] => [
    ...(forOwner
      ? [
          { label: texts.labels.name, value: p.name },
          { label: texts.labels.email, value: p.email ?? '' },
          { label: texts.labels.phone, value: p.phone ?? '' },
        ]
      : []),
    { label: texts.labels.service, value: values.service },
    { label: texts.labels.date, value: values.date },
    { label: texts.labels.time, value: values.time },
    { label: texts.labels.guests, value: values.guests },
    ...(forOwner || toVisitorWithEvent ? [{ label: texts.labels.location, value: values.location }] : []),
    ...(forOwner && p.message ? [{ label: texts.labels.message, value: p.message }] : []),
  ];
  return { values, details };
}

/** To the chef: a new booking (with its one-click confirm link), or one still waiting for an answer. */
export const bookingToOwner: Composer<'booking_received' | 'booking_reminder'> = (
  m,
  { row, settings, texts, toOwner, subjectId },
) => {
  const p = m.payload;
  const booking = bookingParts(p, toOwner, row.created_at, texts);
  const buttons: MailView['buttons'] = [];
  const notes: string[] = [];
  if (m.event === 'booking_received') {
    buttons.push({
      label: texts.buttons.confirmBooking,
      href: `${link(settings.siteUrl, 'mail-action')}#token=${encodeURIComponent(m.payload.confirm_token)}`,
    });
    notes.push(texts.confirmLinkNote);
  }
  buttons.push({ label: texts.buttons.openInConsole, href: consoleLink(settings, 'bookings', subjectId) });
  return {
    copy: m.event === 'booking_received' ? texts.bookingReceived : texts.bookingReminder,
    values: booking.values,
    details: booking.details(true),
    // Set by the database when the message was written (private.outbox_note_unavailable_day).
    dayNote: p.day_unavailable ? fill(texts.dayUnavailable[p.day_unavailable], booking.values) : undefined,
    buttons,
    notes,
    replyTo: replyToVisitor(p.email, p.name, 'The visitor address'),
  };
};

/** To the visitor: the chef's answer, with the calendar invitation (or its cancellation) once confirmed. */
export const bookingToVisitor: Composer<
  'booking_acknowledged' | 'booking_confirmed' | 'booking_declined' | 'booking_cancelled'
> = (m, { row, texts, toOwner, from, to, domain, subjectId }) => {
  const p: BookingFacts = m.payload;
  const booking = bookingParts(p, toOwner, row.created_at, texts);
  const copy = {
    booking_acknowledged: texts.bookingAcknowledged,
    booking_confirmed: texts.bookingConfirmed,
    booking_declined: texts.bookingDeclined,
    booking_cancelled: texts.bookingCancelled,
  }[m.event];
  const notes: string[] = [];
  let calendar: ComposedMail['calendar'];
  const cal = p.calendar;
  if (cal) {
    const content = bookingCalendar({
      method: cal.method,
      sequence: cal.sequence,
      bookingId: subjectId,
      domain,
      timeZone: site.timeZone,
      date: p.booking_date,
      time: p.booking_time,
      durationHours: texts.calendar.durationHours,
      title: fill(texts.calendar.title, booking.values),
      description: fill(texts.calendar.description, booking.values),
      location: booking.values.location,
      organizer: { name: from.name, email: from.address },
      attendee: { name: headerSafe(p.name), email: to.address },
    });
    calendar = { method: cal.method, content, filename: cal.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics' };
    if (cal.method === 'CANCEL') notes.push(texts.bookingCancelledCalendarNote);
  }
  const pay = m.event === 'booking_confirmed' ? confirmationPayment(m.payload, texts) : undefined;
  return {
    copy,
    values: booking.values,
    details: [...booking.details(false), ...(pay?.details ?? [])],
    paragraphsAfter: pay?.paragraphs,
    buttons: pay?.buttons,
    notes: [...(pay?.notes ?? []), ...notes],
    calendar,
  };
};

type ConfirmedPayload = MessageOf<'booking_confirmed'>['payload'];

/**
 * The money part of a confirmation with an accepted quote: what is due next (the deposit while any of
 * it is outstanding, then the balance), when, and one button to the published payment link carrying
 * the amount and the reference where the provider takes them (web/app/lib/payment-link.ts); then when
 * the balance falls due and that its reminder will come. The amounts are the database's.
 */
function confirmationPayment(p: ConfirmedPayload, texts: EmailTexts) {
  const money = p.payment;
  if (!money) return undefined;
  const t = texts.confirmationPayment;
  const deposit = money.deposit_outstanding_cents > 0;
  const dueCents = deposit ? money.deposit_outstanding_cents : money.outstanding_cents;
  const dueOn = deposit ? money.deposit_due_on : money.balance_due_on;
  const paragraphs: string[] = [];
  const buttons: MailView['buttons'] = [];
  const notes: string[] = [];
  const details: MailView['details'] = [
    { label: texts.labels.total, value: formatMoney(money.total_cents, money.currency) },
    ...(money.paid_cents > 0
      ? [{ label: texts.labels.paid, value: formatMoney(money.paid_cents, money.currency) }]
      : []),
  ];
  if (dueCents <= 0) {
    paragraphs.push(t.allPaid);
    return { paragraphs, buttons, notes, details };
  }
  const amount = formatMoney(dueCents, money.currency);
  const kind = deposit ? 'deposit' : 'balance';
  paragraphs.push(
    fill(t.next, {
      what: deposit ? texts.labels.deposit.toLowerCase() : texts.labels.balance.toLowerCase(),
      amount,
      dueOn: dueOn ? formatDate(dueOn) : '',
    }),
  );
  const reference = paymentReference(kind, p.name, p.booking_date);
  const link = paymentLink(money.pay_url || site.paymentUrl, dueCents, money.currency, reference);
  buttons.push({ label: fill(t.payButton, { amount }), href: link.href });
  if (!link.carriesNote) notes.push(fill(t.reference, { reference }));
  const balanceCents = money.outstanding_cents - (deposit ? money.deposit_outstanding_cents : 0);
  if (deposit && balanceCents > 0 && money.balance_due_on) {
    paragraphs.push(
      fill(t.balance, {
        balance: formatMoney(balanceCents, money.currency),
        balanceDue: formatDate(money.balance_due_on),
        reminderDays: String(money.reminder_days ?? ''),
      }),
    );
  }
  return { paragraphs, buttons, notes, details };
}

/** To the chef, the day before an event: the client's dietary needs first, and what is still to pay. */
export const eventTomorrow: Composer<'event_tomorrow'> = (m, { row, settings, texts }) => {
  const p = m.payload;
  const booking = bookingParts(p, true, row.created_at, texts);
  const outstanding = p.outstanding_cents && p.currency ? formatMoney(p.outstanding_cents, p.currency) : '';
  const dietary = p.dietary?.trim();
  return {
    copy: texts.eventTomorrow,
    values: { ...booking.values, outstanding },
    details: [
      { label: texts.labels.dietary, value: dietary || texts.eventTomorrowNoDietary },
      ...booking.details(true),
      { label: texts.labels.outstanding, value: outstanding },
    ],
    buttons: [{ label: texts.buttons.openInConsole, href: consoleLink(settings, 'bookings', p.id) }],
  };
};
