import { emails, type EmailTexts } from '../../../content/emails.ts';
import { isEmailAddress } from '../../../web/app/lib/email-address.ts';
import { formatMoney, paymentKinds, paymentMethods } from '../../../content/quotes.ts';
import { site } from '../../../content/site.ts';
import { bookingCalendar } from './calendar.ts';
import { renderMail, type MailView } from './template.tsx';

/** A row of public.outbox as the sender reads it. */
export interface OutboxRow {
  id: string;
  idempotency_key: string;
  event: string;
  recipient: string;
  subject_id: string | null;
  payload: Record<string, unknown>;
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

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function fill(text: string, values: Record<string, string>) {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, key: string) => (key in values ? values[key]! : whole));
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

/**
 * Turns an outbox row into the message to send: recipient (the owner's address from the settings,
 * or the visitor's own from the row), subject, HTML and text from the template, and the calendar part
 * of a confirmation or a cancellation. The Message-ID is the row's idempotency key.
 */
export async function composeMail(row: OutboxRow, settings: MailSettings, texts: EmailTexts = emails): Promise<ComposedMail> {
  const from = parseAddress(settings.from, 'MAIL_FROM');
  if (!from.name) from.name = headerSafe(site.name);
  const toOwner = row.recipient === 'owner';
  const to = toOwner ? parseAddress(settings.ownerEmail, 'OWNER_EMAIL') : parseAddress(row.recipient, 'The recipient');
  if (!toOwner && RESERVED_DOMAIN.test(to.address)) {
    throw new PermanentMailError(`${to.address} is a reserved example address (demo data): it cannot receive mail`);
  }
  const p = row.payload;
  const domain = from.address.split('@')[1]!;

  const toVisitorWithEvent = !toOwner && typeof p.calendar === 'object' && p.calendar !== null;
  const bookingValues = {
    name: str(p.name),
    date: p.booking_date ? formatDate(str(p.booking_date)) : '',
    time: p.booking_time ? formatTime(str(p.booking_time)) : '',
    guests: str(p.guests),
    service: str(p.service_type),
    location: toOwner || toVisitorWithEvent ? str(p.location) : '',
    reason: str(p.status_reason),
    waiting: waited(str(p.created_at) || row.created_at),
  };
  // The chef's copy has everything; a visitor's carries booking facts only, never what was typed
  // into the form beyond the name (anyone can type any address there: issue 18). The location is
  // in it once the chef confirmed the booking (its calendar event). The database keeps the rest out
  // of visitors' payloads too (private.outbox_guard).
  const bookingDetails = (forOwner: boolean) => [
    ...(forOwner
      ? [
          { label: texts.labels.name, value: str(p.name) },
          { label: texts.labels.email, value: str(p.email) },
          { label: texts.labels.phone, value: str(p.phone) },
        ]
      : []),
    { label: texts.labels.service, value: bookingValues.service },
    { label: texts.labels.date, value: bookingValues.date },
    { label: texts.labels.time, value: bookingValues.time },
    { label: texts.labels.guests, value: bookingValues.guests },
    ...(forOwner || toVisitorWithEvent ? [{ label: texts.labels.location, value: bookingValues.location }] : []),
    ...(forOwner && p.message ? [{ label: texts.labels.message, value: str(p.message) }] : []),
  ];
  const recipeValues = {
    title: str(p.title),
    author: str(p.submitted_by) || 'A visitor',
    waiting: waited(str(p.created_at) || row.created_at),
  };

  let copy: { subject: string; heading: string; paragraphs: string[] };
  let values: Record<string, string>;
  let details: MailView['details'] = [];
  const buttons: MailView['buttons'] = [];
  const notes: string[] = [];
  let replyTo: ComposedMail['replyTo'];
  let calendar: ComposedMail['calendar'];
  let dayNote: string | undefined;
  const subjectId = str(row.subject_id);

  switch (row.event) {
    case 'booking_received':
    case 'booking_reminder': {
      copy = row.event === 'booking_received' ? texts.bookingReceived : texts.bookingReminder;
      values = bookingValues;
      details = bookingDetails(true);
      // Set by the database when the message was written (private.outbox_note_unavailable_day).
      const why = p.day_unavailable;
      if (why === 'blocked' || why === 'closed' || why === 'full') {
        dayNote = fill(texts.dayUnavailable[why], bookingValues);
      }
      if (row.event === 'booking_received' && p.confirm_token) {
        buttons.push({ label: texts.buttons.confirmBooking, href: `${link(settings.siteUrl, 'mail-action')}#token=${encodeURIComponent(str(p.confirm_token))}` });
        notes.push(texts.confirmLinkNote);
      }
      buttons.push({ label: texts.buttons.openInConsole, href: consoleLink(settings, 'bookings', subjectId) });
      replyTo = parseAddress(str(p.email), 'The visitor address');
      replyTo.name = headerSafe(p.name);
      break;
    }
    case 'booking_acknowledged':
    case 'booking_confirmed':
    case 'booking_declined':
    case 'booking_cancelled': {
      copy = {
        booking_acknowledged: texts.bookingAcknowledged,
        booking_confirmed: texts.bookingConfirmed,
        booking_declined: texts.bookingDeclined,
        booking_cancelled: texts.bookingCancelled,
      }[row.event];
      values = bookingValues;
      details = bookingDetails(false);
      const cal = p.calendar as { method?: string; sequence?: number } | undefined;
      if (cal && (cal.method === 'REQUEST' || cal.method === 'CANCEL')) {
        const content = bookingCalendar({
          method: cal.method,
          sequence: Number(cal.sequence ?? 0),
          bookingId: subjectId,
          domain,
          date: str(p.booking_date),
          time: str(p.booking_time),
          durationHours: texts.calendar.durationHours,
          title: fill(texts.calendar.title, bookingValues),
          description: fill(texts.calendar.description, bookingValues),
          location: bookingValues.location,
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
      copy = row.event === 'recipe_received' ? texts.recipeReceived : texts.recipeReminder;
      values = recipeValues;
      details = [
        { label: texts.labels.title, value: str(p.title) },
        ...(p.description ? [{ label: texts.labels.description, value: str(p.description) }] : []),
        ...(p.ingredients ? [{ label: texts.labels.ingredients, value: str(p.ingredients) }] : []),
        ...(p.instructions ? [{ label: texts.labels.instructions, value: str(p.instructions) }] : []),
        { label: texts.labels.submittedBy, value: recipeValues.author },
      ];
      if (p.author_wants_reply) notes.push(texts.labels.authorWantsReply);
      buttons.push({ label: texts.buttons.openInConsole, href: consoleLink(settings, 'recipes', subjectId) });
      break;
    }
    case 'recipe_approved': {
      copy = texts.recipeApproved;
      values = recipeValues;
      buttons.push({ label: texts.buttons.viewRecipe, href: link(settings.siteUrl, 'community-recipes') });
      break;
    }
    case 'contact_received': {
      copy = texts.contactReceived;
      values = { name: str(p.name), subject: str(p.subject) };
      details = [
        { label: texts.labels.name, value: str(p.name) },
        { label: texts.labels.email, value: str(p.email) },
        { label: texts.labels.subject, value: str(p.subject) },
        { label: texts.labels.message, value: str(p.message) },
      ];
      buttons.push({ label: texts.buttons.openInConsole, href: consoleLink(settings, 'messages', subjectId) });
      replyTo = parseAddress(str(p.email), 'The visitor address');
      replyTo.name = headerSafe(p.name);
      break;
    }
    case 'email_change': {
      copy = texts.emailChange;
      values = { email: to.address };
      buttons.push({
        label: texts.buttons.confirmEmail,
        href: `${link(settings.siteUrl, 'auth/v1/verify')}?type=email_change&token=${encodeURIComponent(str(p.token))}`,
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
      const currency = str(p.currency);
      const money = (v: unknown) => formatMoney(str(v) || 0, currency);
      const day = (v: unknown) => (v ? formatDate(str(v)) : '');
      values = {
        ...bookingValues,
        total: money(p.total_cents),
        deposit: money(p.deposit_cents),
        depositDue: day(p.deposit_due_on),
        balance: money(p.balance_cents),
        balanceDue: day(p.balance_due_on),
        expires: day(p.expires_on),
        version: str(p.version),
        paid: money(p.paid_cents),
        outstanding: money(p.outstanding_cents ?? p.deposit_outstanding_cents),
        reason: str(p.reason),
      };
      copy = {
        quote_sent: texts.quoteSent,
        quote_accepted: texts.quoteAccepted,
        quote_changes_requested: texts.quoteChangesRequested,
        quote_acceptance_refused: texts.quoteAcceptanceRefused,
        balance_reminder: texts.balanceReminder,
        deposit_late: texts.depositLate,
      }[row.event];
      const toChef = row.event !== 'quote_sent' && row.event !== 'balance_reminder';
      details = [
        ...bookingDetails(toChef),
        { label: texts.labels.total, value: values.total },
        { label: texts.labels.deposit, value: `${values.deposit} · ${values.depositDue}` },
        { label: texts.labels.balance, value: `${values.balance} · ${values.balanceDue}` },
        ...(row.event === 'quote_sent' ? [{ label: texts.labels.validUntil, value: values.expires }] : []),
        ...(p.accepted_name ? [{ label: texts.labels.acceptedBy, value: str(p.accepted_name) }] : []),
        ...(p.dietary ? [{ label: texts.labels.dietary, value: str(p.dietary) }] : []),
        ...(p.message ? [{ label: texts.labels.message, value: str(p.message) }] : []),
        ...(row.event === 'balance_reminder' || row.event === 'deposit_late'
          ? [
              { label: texts.labels.paid, value: values.paid },
              { label: texts.labels.outstanding, value: values.outstanding },
            ]
          : []),
      ];
      if (row.event === 'quote_sent') {
        if (!p.quote_token) throw new PermanentMailError('quote_sent without its link');
        buttons.push({ label: texts.buttons.viewQuote, href: `${link(settings.siteUrl, 'quote')}#token=${encodeURIComponent(str(p.quote_token))}` });
        notes.push(texts.quoteLinkNote);
      } else if (row.event === 'balance_reminder') {
        buttons.push({ label: texts.buttons.payNow, href: link(settings.siteUrl, 'payment') });
      } else {
        buttons.push({ label: texts.buttons.openInConsole, href: consoleLink(settings, 'bookings', str(p.booking_id)) });
        replyTo = parseAddress(str(p.email), 'The client address');
        replyTo.name = headerSafe(p.name);
      }
      break;
    }
    case 'payment_receipt': {
      const currency = str(p.currency);
      values = {
        ...bookingValues,
        amount: formatMoney(str(p.amount_cents) || 0, currency),
        received: p.received_on ? formatDate(str(p.received_on)) : '',
        method: paymentMethods[str(p.method) as keyof typeof paymentMethods] ?? str(p.method),
        kind: (paymentKinds[str(p.kind) as keyof typeof paymentKinds] ?? str(p.kind)).toLowerCase(),
        paid: formatMoney(str(p.paid_cents) || 0, currency),
        outstanding: p.outstanding_cents === null || p.outstanding_cents === undefined ? '' : formatMoney(str(p.outstanding_cents), currency),
        balanceDue: p.balance_due_on ? formatDate(str(p.balance_due_on)) : '',
      };
      copy = texts.paymentReceipt;
      details = [
        { label: texts.labels.amount, value: values.amount },
        { label: texts.labels.method, value: values.method },
        { label: texts.labels.date, value: values.date },
        { label: texts.labels.paid, value: values.paid },
        ...(values.outstanding ? [{ label: texts.labels.outstanding, value: values.outstanding }] : []),
      ];
      break;
    }
    default:
      throw new PermanentMailError(`unknown event ${headerSafe(row.event, 40)}`);
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
    to: toOwner ? to : { name: headerSafe(p.name ?? p.submitted_by ?? ''), address: to.address },
    replyTo,
    subject,
    messageId: `<${row.idempotency_key}@${domain}>`,
    html,
    text,
    calendar,
  };
}
