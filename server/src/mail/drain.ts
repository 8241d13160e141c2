import type { ComposedMail, MailSettings, OutboxRow } from './composers/types.ts';

/**
 * The templates (React, react-email, the calendar files) load with the first message to compose,
 * not at start: a server whose outbox waits for SMTP settings never holds them in memory.
 */
let composer: Promise<typeof import('./compose.ts')> | undefined;
const loadComposer = () => (composer ??= import('./compose.ts'));

/**
 * Draining public.outbox, shared by the local server (server/src/mail/sender.ts) and the Edge Function
 * (supabase/functions/mail-outbox): claim one due message, compose it, hand it to SMTP, mark it sent.
 * The database functions it calls (migration *_outbox.sql) make the claim safe between senders and
 * count the attempt before the message leaves; docs/decisions/0011-mail-outbox.md says what a crash
 * at each step does.
 */

/** One SQL statement with bound parameters, committed on its own. */
export type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface OutboxStore {
  claim(worker: string, leaseSeconds: number): Promise<OutboxRow | null>;
  markSent(id: string, worker: string): Promise<boolean>;
  markFailed(id: string, worker: string, error: string, retrySeconds: number, permanent: boolean): Promise<boolean>;
  enqueueReminders(afterSeconds: number): Promise<number>;
}

export function sqlOutboxStore(query: Query): OutboxStore {
  return {
    async claim(worker, leaseSeconds) {
      const { rows } = await query('select * from private.outbox_claim($1, $2)', [worker, leaseSeconds]);
      const row = rows[0];
      if (!row) return null;
      const payload =
        typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
      return { ...(row as unknown as OutboxRow), payload: (payload ?? {}) as Record<string, unknown> };
    },
    async markSent(id, worker) {
      const { rows } = await query('select private.outbox_mark_sent($1, $2) as ok', [id, worker]);
      return rows[0]?.ok === true;
    },
    async markFailed(id, worker, error, retrySeconds, permanent) {
      const { rows } = await query('select private.outbox_mark_failed($1, $2, $3, $4, $5) as ok', [
        id,
        worker,
        error,
        retrySeconds,
        permanent,
      ]);
      return rows[0]?.ok === true;
    },
    async enqueueReminders(afterSeconds) {
      // The chef's reminders of waiting requests, the payment reminders (balance soon due, deposit
      // late: supabase/migrations/*_quotes_and_payments.sql) and the chef's reminder the day before an
      // event (*_money_at_a_glance.sql), one statement.
      const { rows } = await query(
        'select private.outbox_enqueue_reminders(make_interval(secs => $1)) + private.payments_enqueue_reminders() + private.chef_enqueue_day_before() as n',
        [afterSeconds],
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
}

export interface MailTransport {
  send(mail: ComposedMail): Promise<void>;
}

export interface DrainOptions {
  store: OutboxStore;
  transport: MailTransport;
  settings: MailSettings;
  worker: string;
  /** How long a claimed message is held before another sender may take it (must exceed one send). */
  leaseSeconds: number;
  /** Back-off after a failed attempt: base × 2^(attempt − 1), at most max, ±20 % jitter. */
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  /** Stop after this many messages (the Edge Function's time budget); default: until none is due. */
  maxMessages?: number;
  shouldStop?: () => boolean;
  log?: (line: string) => void;
}

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** Errors that say the SMTP server itself is out of reach: end this pass, try again later. */
const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'EAUTH',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPROTOCOL',
]);

export function retryDelay(attempts: number, base: number, max: number, random = Math.random) {
  const delay = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return delay * (0.8 + 0.4 * random());
}

function describe(err: unknown) {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
  return (
    [e.code, e.responseCode, e.response ?? e.message]
      .filter((x) => x !== undefined && x !== '')
      .join(' ')
      .slice(0, 1000) || String(err)
  );
}

/** A refused recipient (5xx on RCPT TO) or a message we cannot compose will never go: no retry. */
function isPermanent(err: unknown, PermanentMailError: typeof import('./compose.ts').PermanentMailError) {
  if (err instanceof PermanentMailError) return true;
  const e = err as { code?: string; responseCode?: number };
  return e.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

/**
 * Logs name no visitor: SMTP answers and our own errors may quote an address ("550 <x@y> unknown"),
 * and a log is kept and shared more widely than the database. The outbox row keeps the full error
 * for the chef (console → Outbox).
 */
export function withoutAddresses(line: string): string {
  return line.replace(/[^\s<>()[\]\\,;:"'@]+@[^\s<>()[\]\\,;:"'@]+/g, '<address>');
}

export async function drainOutbox(opts: DrainOptions): Promise<DrainResult> {
  const log = opts.log ? (line: string) => opts.log!(withoutAddresses(line)) : () => {};
  const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
  while (
    !opts.shouldStop?.() &&
    (opts.maxMessages === undefined || result.sent + result.retrying + result.failed < opts.maxMessages)
  ) {
    // The claim counts the attempt and records its time before anything leaves (see the decision).
    const row = await opts.store.claim(opts.worker, opts.leaseSeconds);
    if (!row) break;
    const { composeMail, PermanentMailError } = await loadComposer();
    try {
      const mail = await composeMail(row, opts.settings);
      await opts.transport.send(mail);
    } catch (err) {
      const permanent = isPermanent(err, PermanentMailError);
      const delay = retryDelay(row.attempts, opts.retryBaseSeconds, opts.retryMaxSeconds);
      await opts.store.markFailed(row.id, opts.worker, describe(err), permanent ? 0 : delay, permanent);
      if (permanent) {
        result.failed++;
        log(`mail: ${row.idempotency_key} cannot be sent: ${describe(err)}`);
        continue;
      }
      result.retrying++;
      const code = (err as { code?: string }).code;
      if (code && CONNECTION_CODES.has(code)) {
        log(`mail: SMTP server out of reach (${describe(err)}); trying again in ${delay.toFixed(1)} s`);
        break;
      }
      continue;
    }
    if (await opts.store.markSent(row.id, opts.worker)) result.sent++;
    else log(`mail: ${row.idempotency_key} was sent but its claim had expired (lease too short?)`);
  }
  return result;
}

export interface NodemailerLike {
  sendMail(message: Record<string, unknown>): Promise<unknown>;
}

/** A MailTransport over a nodemailer transporter (SMTP in both the server and the Edge Function). */
export function nodemailerTransport(transporter: NodemailerLike): MailTransport {
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        messageId: mail.messageId,
        html: mail.html,
        text: mail.text,
        ...(mail.calendar
          ? {
              icalEvent: {
                method: mail.calendar.method,
                filename: mail.calendar.filename,
                content: mail.calendar.content,
              },
            }
          : {}),
        // Nothing visitors wrote goes into a header unchecked (compose.ts); no other headers are added.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
  };
}
