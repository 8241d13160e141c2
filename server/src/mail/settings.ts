import { z } from 'zod';
import { isEmailAddress } from '../../../web/app/lib/email-address.ts';
import { readEnv, type EnvRule } from '../env.ts';

/**
 * The e-mail settings, from the same environment as the rest of the server (docs/configuration.md).
 * Without SMTP_URL nothing is sent: messages wait in public.outbox and the console shows them.
 */
const Seconds = z.coerce.number().positive();

/** The mail variables; server/src/config.ts reads them together with the server's own. */
export const mailEnvShape = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().optional(),
  OWNER_EMAIL: z.string().refine(isEmailAddress, 'must be one e-mail address').optional(),
  /** A booking request or recipe still waiting this long gets one reminder to the chef. */
  MAIL_REMINDER_HOURS: Seconds.default(24),
  MAIL_POLL_SECONDS: Seconds.default(5),
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).default(120),
  MAIL_RETRY_BASE_SECONDS: Seconds.default(30),
  MAIL_RETRY_MAX_SECONDS: Seconds.default(3600),
  /** The mail Edge Function: at most this many messages per call. */
  MAIL_BATCH: z.coerce.number().int().min(1).max(1000).default(50),
};

type MailEnv = z.output<z.ZodObject<typeof mailEnvShape>>;

/** The rule between mail variables, for whichever schema holds them. */
export const mailEnvRules: EnvRule[] = [
  {
    name: 'OWNER_EMAIL',
    message: 'OWNER_EMAIL is needed with SMTP_URL (the chef’s messages go there)',
    holds: (e) => !e.SMTP_URL || Boolean(e.OWNER_EMAIL),
  },
];

export interface MailConfig {
  smtpUrl?: string;
  from: string;
  ownerEmail?: string;
  reminderAfterSeconds: number;
  pollSeconds: number;
  leaseSeconds: number;
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  /** Messages per call of the mail Edge Function (MAIL_BATCH). */
  batch: number;
}

export function mailConfigFrom(e: MailEnv): MailConfig {
  return {
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM ?? e.OWNER_EMAIL ?? 'no-reply@localhost.localdomain',
    ownerEmail: e.OWNER_EMAIL,
    reminderAfterSeconds: e.MAIL_REMINDER_HOURS * 3600,
    pollSeconds: e.MAIL_POLL_SECONDS,
    leaseSeconds: e.MAIL_LEASE_SECONDS,
    retryBaseSeconds: e.MAIL_RETRY_BASE_SECONDS,
    retryMaxSeconds: e.MAIL_RETRY_MAX_SECONDS,
    batch: e.MAIL_BATCH,
  };
}

/** The mail settings alone: the mail Edge Function's (the server reads them in parseConfig). */
export function parseMailConfig(env: Record<string, string | undefined>): MailConfig {
  return mailConfigFrom(readEnv(z.object(mailEnvShape), env, mailEnvRules));
}

/**
 * nodemailer's SMTP options: the URL, and time limits well inside MAIL_LEASE_SECONDS' default (a
 * send that outlived its claim could be sent again by another sender).
 */
export function smtpOptions(url: string) {
  return { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
}
