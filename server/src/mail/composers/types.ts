import type { EmailTexts } from '../../../../content/emails.ts';
import type { OutboxEvent, OutboxMessage } from '../outbox-events.ts';
import type { MailView } from '../template.tsx';

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

export interface Mailbox {
  name: string;
  address: string;
}

export interface ComposedMail {
  from: Mailbox;
  to: Mailbox;
  replyTo?: Mailbox;
  subject: string;
  messageId: string;
  html: string;
  text: string;
  /** A text/calendar part (nodemailer's icalEvent). */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string; filename: string };
}

/** What composeMail worked out before any event's composer runs. */
export interface ComposeContext {
  row: OutboxRow;
  settings: MailSettings;
  texts: EmailTexts;
  /** Addressed to 'owner' (the chef) rather than to a visitor. */
  toOwner: boolean;
  from: Mailbox;
  to: Mailbox;
  /** The sender's domain: Message-ID and calendar UID. */
  domain: string;
  /** The row's subject (a booking, recipe or message id), '' when it has none. */
  subjectId: string;
}

/** One event's message before the template: its copy with the values it fills in, and what goes around it. */
export interface Draft {
  copy: { subject: string; heading: string; paragraphs: string[] };
  values: Record<string, string>;
  details?: MailView['details'];
  buttons?: MailView['buttons'];
  notes?: string[];
  replyTo?: Mailbox;
  calendar?: ComposedMail['calendar'];
  /** A line before the copy's paragraphs (the day a booking asks for is no longer free). */
  dayNote?: string;
  /** Lines after the copy's paragraphs, already filled in (what a confirmation says is due). */
  paragraphsAfter?: string[];
}

/** An outbox message of the events `E`, its payload typed by its event's schema. */
export type MessageOf<E extends OutboxEvent> = Extract<OutboxMessage, { event: E }>;

/** Composes the messages of the events `E`. */
export type Composer<E extends OutboxEvent> = (m: MessageOf<E>, ctx: ComposeContext) => Draft;
