import { emails, type EmailTexts } from '../../../content/emails.ts';
import { isEmailAddress } from '../../../web/app/lib/email-address.ts';
import { formatMoney, paymentKinds, paymentMethods } from '../../../content/quotes.ts';
import { site } from '../../../content/site.ts';
import { bookingCalendar } from './calendar.ts';
import { parseOutboxPayload, type OutboxMessage } from './outbox-events.ts';
import { renderMail, type MailView } from './template.tsx';

/** A row of public.outbox as the sender reads it. */
export interface OutboxRow {
  id: string;
  idempotency_key: string;
  event: string;
  recipient: string;
  subject_id: string | null;
  /** As the database wrote it: checked against its event's schema (outbox-events.ts) before anything is composed. */
  payload: unknown;
  attempts: number;
  created_at: string | Date;
}

export interface MailSettings {
  /** The sender: `Chef Feva <bookings@example.com>` or a bare address. */
  from: string;
  /** Where messages addressed to 'owner' go. */
  ownerEmail: string;
  /** The public site, for links (console, confirm page, community recipes). */
  siteUrl: string;
}

export interface ComposedMail {
  from: { name: string; address: string };
  to: { name: string; address: string };
  replyTo?: { name: string; address: string };
  subject: string;
  messageId: string;
  html: string;
  text: string;
  /** A text/calendar part (nodemailer's icalEvent). */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string; filename: string };
}

/** A message that can never be sent as it is (a bad address): not worth retrying. */
export class PermanentMailError extends Error {}

/** Domains that can never receive mail (RFC 2606): the demo data's visitors use them. */
const RESERVED_DOMAIN = /@(?:[^@]+\.)?(?:example\.(?:com|net|org)|[^@.]+\.(?:example|invalid))$|@(?:example|invalid)$/i;

/** Header values come from visitors: no line breaks (header injection), no control characters, bounded. */
export function headerSafe(value: unknown, max = 200): string {
  const clean = String(value ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

export function parseAddress(value: string, what: string): { name: string; address: string } {
  // `Name <address>` (MAIL_FROM) or a bare address, which must be the address and nothing else.
  const m = /^(?:\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*|([^<>\s]+))$/.exec(value);
  const address = m?.[2]?.trim() ?? m?.[3] ?? '';
  if (!isEmailAddress(address)) throw new PermanentMailError(`${what} is not one e-mail address: ${headerSafe(value, 80)}`);
  return { name: headerSafe(m?.[1] ?? ''), address };
}

function fill(text: string, values: Record<string, string>) {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, key: string) => (key in values ? values[key]! : whole));
}

/**
 * A visitor's words the database withheld (private.outbox_guard empties the name and the recipe's
 * title until the mailbox has shown it is the visitor's own): the greeting goes without them, with
 * the comma or quotes around them ("Thank you, {name}" → "Thank you").
 */
function withoutWithheld(text: string, values: Record<string, string>) {
  return text.replace(/(?:, | )?"?\{(name|author|title)\}"?/g, (whole, key: string) => (values[key] === '' ? '' : whole));
}

/** "2026-12-24" → "Thursday 24 December 2026" (the date as the visitor chose it, no time zone shift). */
export function formatDate(date: string) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "19:30:00" → "7:30 PM". */
export function formatTime(time: string) {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** How long something has waited: "26 hours", "3 days". */
export function waited(since: string | Date, now = new Date()) {
  const hours = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 3_600_000));
  return hours < 48 ? `${hours} hours` : `${Math.floor(hours / 24)} days`;
}

function link(base: string, path: string) {
  return new URL(path, base.endsWith('/') ? base : `${base}/`).toString();
}

/** The console's section for an item (web/app/features/console/console-shell.tsx), with the item's id. */
function consoleLink(settings: MailSettings, kind: 'bookings' | 'recipes' | 'messages', id: string) {
  const [section, key] = kind === 'bookings' ? ['bookings', 'booking'] : kind === 'recipes' ? ['moderation', 'recipe'] : ['messages', 'message'];
  return link(settings.siteUrl, `console?section=${section}&${key}=${encodeURIComponent(id)}`);
}

/** The booking facts that bookings', quotes' and payments' messages share (outbox-events.ts). */
interface BookingFacts {
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
function bookingParts(p: BookingFacts, toOwner: boolean, rowCreatedAt: string | Date, texts: EmailTexts) {
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

/** The visitor's name for the To header: the booking's, the recipe author's, or none. */
function visitorName(m: OutboxMessage): string {
  const p = m.payload;
  if ('name' in p) return p.name;
  if ('submitted_by' in p) return p.submitted_by ?? '';
  return '';
}

/**
 * Turns an outbox row into the message to send: recipient (the owner's address from the settings,
 * or the visitor's own from the row), subject, HTML and text from the template, and the calendar part
 * of a confirmation or a cancellation. The Message-ID is the row's idempotency key. A payload that
 * does not match its event's schema (outbox-events.ts) is a PermanentMailError naming the mismatch:
 * the message is marked failed with that reason, never sent half-empty.
 */
export async function composeMail(row: OutboxRow, settings: MailSettings, texts: EmailTexts = emails): Promise<ComposedMail> {
  const from = parseAddress(settings.from, 'MAIL_FROM');
  if (!from.name) from.name = headerSafe(site.name);
  const toOwner = row.recipient === 'owner';
  const to = toOwner ? parseAddress(settings.ownerEmail, 'OWNER_EMAIL') : parseAddress(row.recipient, 'The recipient');
  if (!toOwner && RESERVED_DOMAIN.test(to.address)) {
    throw new PermanentMailError(`${to.address} is a reserved example address (demo data): it cannot receive mail`);
  }
  const parsed = parseOutboxPayload(row.event, row.payload);
  if (!parsed.ok) throw new PermanentMailError(parsed.reason);
  const m = parsed.message;
  const domain = from.address.split('@')[1]!;

  let copy: { subject: string; heading: string; paragraphs: string[] };
  let values: Record<string, string>;
  let details: MailView['details'] = [];
  const buttons: MailView['buttons'] = [];
  const notes: string[] = [];
  let replyTo: ComposedMail['replyTo'];
  let calendar: ComposedMail['calendar'];
  let dayNote: string | undefined;
  const subjectId = row.subject_id ?? '';
  const recipeValues = (p: { title: string; submitted_by: string | null; created_at: string }) => ({
    title: p.title,
    // The author's own thanks go without a name they did not give (or the database withheld).
    author: p.submitted_by || (toOwner ? 'A visitor' : ''),
    waiting: waited(p.created_at || row.created_at),
  });

  switch (m.event) {
    case 'booking_received':
    case 'booking_reminder': {
      const p = m.payload;
      const booking = bookingParts(p, toOwner, row.created_at, texts);
      copy = m.event === 'booking_received' ? texts.bookingReceived : texts.bookingReminder;
      values = booking.values;
      details = booking.details(true);
      // Set by the database when the message was written (private.outbox_note_unavailable_day).
      if (p.day_unavailable) dayNote = fill(texts.dayUnavailable[p.day_unavailable], booking.values);
      if (m.event === 'booking_received') {
        buttons.push({ label: texts.buttons.confirmBooking, href: `${link(settings.siteUrl, 'mail-action')}#token=${encodeURIComponent(m.payload.confirm_token)}` });
        notes.push(texts.confirmLinkNote);
      }
      buttons.push({ label: texts.buttons.openInConsole, href: consoleLink(settings, 'bookings', subjectId) });
      replyTo = parseAddress(p.email, 'The visitor address');
      replyTo.name = headerSafe(p.name);
      break;
    }
    case 'booking_acknowledged':
    case 'booking_confirmed':
    case 'booking_declined':
    case 'booking_cancelled': {
      const p: BookingFacts = m.payload;
      const booking = bookingParts(p, toOwner, row.created_at, texts);
      copy = {
        booking_acknowledged: texts.bookingAcknowledged,
        booking_confirmed: texts.bookingConfirmed,
        booking_declined: texts.bookingDeclined,
        booking_cancelled: texts.bookingCancelled,
      }[m.event];
      values = booking.values;
      details = booking.details(false);
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
      break;
    }
    case 'recipe_received':
    case 'recipe_reminder': {
      const p = m.payload;
      copy = m.event === 'recipe_received' ? texts.recipeReceived : texts.recipeReminder;
      values = recipeValues(p);
      details = [
        { label: texts.labels.title, value: p.title },
        ...(p.description ? [{ label: texts.labels.description, value: p.description }] : []),
        ...(m.event === 'recipe_received' && m.payload.ingredients ? [{ label: texts.labels.ingredients, value: m.payload.ingredients }] : []),
        ...(m.event === 'recipe_received' && m.payload.instructions ? [{ label: texts.labels.instructions, value: m.payload.instructions }] : []),
        { label: texts.labels.submittedBy, value: values.author! },
      ];
      if (m.event === 'recipe_received' && m.payload.author_wants_reply) notes.push(texts.labels.authorWantsReply);
      buttons.push({ label: texts.buttons.openInConsole, href: consoleLink(settings, 'recipes', subjectId) });
      break;
    }
    case 'recipe_approved': {
      copy = texts.recipeApproved;
      values = recipeValues(m.payload);
      buttons.push({ label: texts.buttons.viewRecipe, href: link(settings.siteUrl, 'community-recipes') });
      break;
    }
    case 'contact_received': {
      const p = m.payload;
      copy = texts.contactReceived;
      values = { name: p.name, subject: p.subject };
      details = [
        { label: texts.labels.name, value: p.name },
        { label: texts.labels.email, value: p.email },
        { label: texts.labels.subject, value: p.subject },
        { label: texts.labels.message, value: p.message },
      ];
      buttons.push({ label: texts.buttons.openInConsole, href: consoleLink(settings, 'messages', subjectId) });
      replyTo = parseAddress(p.email, 'The visitor address');
      replyTo.name = headerSafe(p.name);
      break;
    }
    case 'email_change': {
      copy = texts.emailChange;
      values = { email: to.address };
      buttons.push({
        label: texts.buttons.confirmEmail,
        href: `${link(settings.siteUrl, 'auth/v1/verify')}?type=email_change&token=${encodeURIComponent(m.payload.token)}`,
      });
      break;
    }
    case 'quote_sent':
    case 'quote_accepted':
    case 'quote_changes_requested':
    case 'quote_acceptance_refused':
    case 'balance_reminder':
    case 'deposit_late': {
      // A quote's messages (supabase/migrations/*_quotes_and_payments.sql, private.quote_payload).
      const p = m.payload;
      const booking = bookingParts(p, toOwner, row.created_at, texts);
      const money = (cents: number | undefined) => formatMoney(cents ?? 0, p.currency);
      const day = (v: string | null) => (v ? formatDate(v) : '');
      const extra = {
        paid: 'paid_cents' in p ? p.paid_cents : undefined,
        outstanding: 'outstanding_cents' in p ? p.outstanding_cents : 'deposit_outstanding_cents' in p ? p.deposit_outstanding_cents : undefined,
        acceptedName: 'accepted_name' in p ? p.accepted_name : '',
        dietary: 'dietary' in p ? (p.dietary ?? '') : '',
        message: 'message' in p ? p.message : '',
        reason: 'reason' in p ? p.reason : '',
      };
      values = {
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
      copy = {
        quote_sent: texts.quoteSent,
        quote_accepted: texts.quoteAccepted,
        quote_changes_requested: texts.quoteChangesRequested,
        quote_acceptance_refused: texts.quoteAcceptanceRefused,
        balance_reminder: texts.balanceReminder,
        deposit_late: texts.depositLate,
      }[m.event];
      const toChef = m.event !== 'quote_sent' && m.event !== 'balance_reminder';
      details = [
        ...booking.details(toChef),
        { label: texts.labels.total, value: values.total! },
        { label: texts.labels.deposit, value: `${values.deposit} · ${values.depositDue}` },
        { label: texts.labels.balance, value: `${values.balance} · ${values.balanceDue}` },
        ...(m.event === 'quote_sent' ? [{ label: texts.labels.validUntil, value: values.expires! }] : []),
        ...(extra.acceptedName ? [{ label: texts.labels.acceptedBy, value: extra.acceptedName }] : []),
        ...(extra.dietary ? [{ label: texts.labels.dietary, value: extra.dietary }] : []),
        ...(extra.message ? [{ label: texts.labels.message, value: extra.message }] : []),
        ...(m.event === 'balance_reminder' || m.event === 'deposit_late'
          ? [
              { label: texts.labels.paid, value: values.paid! },
              { label: texts.labels.outstanding, value: values.outstanding! },
            ]
          : []),
      ];
      if (m.event === 'quote_sent') {
        buttons.push({ label: texts.buttons.viewQuote, href: `${link(settings.siteUrl, 'quote')}#token=${encodeURIComponent(m.payload.quote_token)}` });
        notes.push(texts.quoteLinkNote);
      } else if (m.event === 'balance_reminder') {
        buttons.push({ label: texts.buttons.payNow, href: link(settings.siteUrl, 'payment') });
      } else {
        buttons.push({ label: texts.buttons.openInConsole, href: consoleLink(settings, 'bookings', p.booking_id) });
        replyTo = parseAddress(p.email, 'The client address');
        replyTo.name = headerSafe(p.name);
      }
      break;
    }
    case 'event_tomorrow': {
      const p = m.payload;
      const booking = bookingParts(p, true, row.created_at, texts);
      const outstanding = p.outstanding_cents && p.currency ? formatMoney(p.outstanding_cents, p.currency) : '';
      values = { ...booking.values, outstanding };
      copy = texts.eventTomorrow;
      const dietary = p.dietary?.trim();
      details = [
        { label: texts.labels.dietary, value: dietary || texts.eventTomorrowNoDietary },
        ...booking.details(true),
        { label: texts.labels.outstanding, value: outstanding },
      ];
      buttons.push({ label: texts.buttons.openInConsole, href: consoleLink(settings, 'bookings', p.id) });
      break;
    }
    case 'payment_receipt': {
      const p = m.payload;
      const booking = bookingParts(p, toOwner, row.created_at, texts);
      values = {
        ...booking.values,
        amount: formatMoney(p.amount_cents, p.currency),
        received: formatDate(p.received_on),
        method: paymentMethods[p.method],
        kind: paymentKinds[p.kind].toLowerCase(),
        paid: formatMoney(p.paid_cents, p.currency),
        outstanding: p.outstanding_cents === null ? '' : formatMoney(p.outstanding_cents, p.currency),
        balanceDue: p.balance_due_on ? formatDate(p.balance_due_on) : '',
      };
      copy = texts.paymentReceipt;
      details = [
        { label: texts.labels.amount, value: values.amount! },
        { label: texts.labels.method, value: values.method! },
        { label: texts.labels.paymentDate, value: values.received! },
        { label: texts.labels.eventDate, value: values.date! },
        { label: texts.labels.paid, value: values.paid! },
        ...(values.outstanding ? [{ label: texts.labels.outstanding, value: values.outstanding }] : []),
      ];
      break;
    }
  }

  if (!toOwner) {
    copy = {
      subject: withoutWithheld(copy.subject, values),
      heading: withoutWithheld(copy.heading, values),
      paragraphs: copy.paragraphs.map((para) => withoutWithheld(para, values)),
    };
  }
  const subject = headerSafe(fill(copy.subject, values), 180);
  const view: MailView = {
    brand: site.name,
    preview: subject,
    heading: fill(copy.heading, values),
    paragraphs: [
      ...(dayNote ? [dayNote] : []),
      ...copy.paragraphs.filter((para) => !para.includes('{reason}') || values.reason).map((para) => fill(para, values)),
    ],
    detailsHeading: details.length ? texts.detailsHeading : undefined,
    details: details.filter((d) => d.value !== ''),
    buttons,
    notes,
    footer: texts.footer,
  };
  const { html, text } = await renderMail(view);
  return {
    from,
    to: toOwner ? to : { name: headerSafe(visitorName(m)), address: to.address },
    replyTo,
    subject,
    messageId: `<${row.idempotency_key}@${domain}>`,
    html,
    text,
    calendar,
  };
}
