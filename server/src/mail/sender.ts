import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import {
  drainOutbox,
  nodemailerTransport,
  sqlOutboxStore,
  withoutAddresses,
  type MailTransport,
  type Query,
} from './drain.ts';
import { smtpOptions, type MailConfig } from './settings.ts';

export interface MailSender {
  /** Look at the outbox now rather than at the next poll. */
  wake(): void;
  /** Finishes the message being sent, then stops. */
  stop(): Promise<void>;
}

/**
 * The local server's sender: every MAIL_POLL_SECONDS it adds the reminders that are due, then (with
 * SMTP_URL set) drains the outbox over SMTP. Without SMTP_URL it says so once and sends nothing.
 */
export function startMailSender(
  db: Db,
  config: MailConfig,
  opts: { siteUrl: string; log: (line: string) => void },
): MailSender {
  const query: Query = (text, params) => db.tx(null, (sql) => sql(text, params));
  const store = sqlOutboxStore(query);
  const worker = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  if (!config.smtpUrl) {
    opts.log('  e-mail:       SMTP_URL is not set: messages wait in the outbox (console → Outbox)');
  } else {
    opts.log(`  e-mail:       SMTP to ${new URL(config.smtpUrl!).host}, chef's messages to ${config.ownerEmail}`);
  }
  // nodemailer loads with the first pass that has SMTP settings, not at start.
  let smtp: { transport: MailTransport; close(): void } | undefined;
  const smtpTransport = async () => {
    if (!smtp && config.smtpUrl) {
      const { default: nodemailer } = await import('nodemailer');
      const transporter = nodemailer.createTransport(smtpOptions(config.smtpUrl));
      smtp = { transport: nodemailerTransport(transporter), close: () => transporter.close() };
    }
    return smtp?.transport;
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  // Reminders are due by the hour: looking once a minute is enough.
  let remindersAt = 0;
  const pass = async () => {
    try {
      if (Date.now() >= remindersAt) {
        remindersAt = Date.now() + Math.min(60, config.pollSeconds * 12) * 1000;
        await store.enqueueReminders(config.reminderAfterSeconds);
      }
      const transport = await smtpTransport();
      if (!transport) return;
      await drainOutbox({
        store,
        transport,
        settings: { from: config.from, ownerEmail: config.ownerEmail!, siteUrl: opts.siteUrl },
        worker,
        leaseSeconds: config.leaseSeconds,
        retryBaseSeconds: config.retryBaseSeconds,
        retryMaxSeconds: config.retryMaxSeconds,
        shouldStop: () => stopped,
        log: opts.log,
      });
    } catch (err) {
      if (!stopped) opts.log(withoutAddresses(`mail: ${(err as Error).message}`));
    }
  };

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass().finally(() => {
      running = undefined;
      if (stopped) return;
      if (again) {
        again = false;
        run();
      } else {
        timer = setTimeout(run, config.pollSeconds * 1000);
      }
    });
  };
  timer = setTimeout(run, 0);

  return {
    wake: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      smtp?.close();
    },
  };
}
