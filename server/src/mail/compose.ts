import { emails, type EmailTexts } from '../../../content/emails.ts';
import { site } from '../../../content/site.ts';
import { parseOutboxPayload, type OutboxMessage } from './outbox-events.ts';
import { renderMail, type MailView } from './template.tsx';
import { headerSafe, parseAddress, PermanentMailError } from './composers/address.ts';
import { draftOf } from './composers/index.ts';
import { fill, withoutWithheld } from './composers/text.ts';
import type { ComposedMail, MailSettings, OutboxRow } from './composers/types.ts';

export { headerSafe, parseAddress, PermanentMailError } from './composers/address.ts';
export { formatDate, formatTime, waited } from './composers/text.ts';
export type { ComposedMail, MailSettings, OutboxRow } from './composers/types.ts';

/** Domains that can never receive mail (RFC 2606): the demo data's visitors use them. */
const RESERVED_DOMAIN = /@(?:[^@]+\.)?(?:example\.(?:com|net|org)|[^@.]+\.(?:example|invalid))$|@(?:example|invalid)$/i;

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
 * of a confirmation or a cancellation. What each event says is its composer's (composers/index.ts).
 * The Message-ID is the row's idempotency key. A payload that does not match its event's schema
 * (outbox-events.ts) is a PermanentMailError naming the mismatch: the message is marked failed with
 * that reason, never sent half-empty.
 */
export async function composeMail(
  row: OutboxRow,
  settings: MailSettings,
  texts: EmailTexts = emails,
): Promise<ComposedMail> {
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

  const draft = draftOf(m, {
    row,
    settings,
    texts,
    toOwner,
    from,
    to,
    domain,
    subjectId: row.subject_id ?? '',
  });
  const { values, details = [], buttons = [], notes = [], replyTo, calendar, dayNote, paragraphsAfter = [] } = draft;
  const copy = toOwner
    ? draft.copy
    : {
        subject: withoutWithheld(draft.copy.subject, values),
        heading: withoutWithheld(draft.copy.heading, values),
        paragraphs: draft.copy.paragraphs.map((para) => withoutWithheld(para, values)),
      };

  const subject = headerSafe(fill(copy.subject, values), 180);
  const view: MailView = {
    brand: site.name,
    preview: subject,
    heading: fill(copy.heading, values),
    paragraphs: [
      ...(dayNote ? [dayNote] : []),
      ...copy.paragraphs
        .filter((para) => !para.includes('{reason}') || values.reason)
        .map((para) => fill(para, values)),
      ...paragraphsAfter,
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
