import { z } from 'zod';
import { isEmailAddress } from '../../../web/app/lib/email-address.ts';

/**
 * The e-mail settings, from the same environment as the rest of the server (README, Configuration).
 * Without SMTP_URL nothing is sent: messages wait in public.outbox and the console shows them.
 */
const Seconds = z.coerce.number().positive();
const MailEnvSchema = z
  .object({
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
    MAIL_FROM: z.string().optional(),
    OWNER_EMAIL: z.string().refine(isEmailAddress, 'must be one e-mail address').optional(),
    /** A booking request or recipe still waiting this long gets one reminder to the chef. */
    MAIL_REMINDER_HOURS: Seconds.default(24),
    MAIL_POLL_SECONDS: Seconds.default(5),
    MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).default(120),
    MAIL_RETRY_BASE_SECONDS: Seconds.default(30),
    MAIL_RETRY_MAX_SECONDS: Seconds.default(3600),
  })
  .refine((e) => !e.SMTP_URL || e.OWNER_EMAIL, { message: 'OWNER_EMAIL is needed with SMTP_URL (the chef’s messages go there)', path: ['OWNER_EMAIL'] });

export interface MailConfig {
  smtpUrl?: string;
  from: string;
  ownerEmail?: string;
  reminderAfterSeconds: number;
  pollSeconds: number;
  leaseSeconds: number;
  retryBaseSeconds: number;
  retryMaxSeconds: number;
}

export function parseMailConfig(env: Record<string, string | undefined>): MailConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = MailEnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM ?? e.OWNER_EMAIL ?? 'no-reply@localhost.localdomain',
    ownerEmail: e.OWNER_EMAIL,
    reminderAfterSeconds: e.MAIL_REMINDER_HOURS * 3600,
    pollSeconds: e.MAIL_POLL_SECONDS,
    leaseSeconds: e.MAIL_LEASE_SECONDS,
    retryBaseSeconds: e.MAIL_RETRY_BASE_SECONDS,
    retryMaxSeconds: e.MAIL_RETRY_MAX_SECONDS,
  };
}

/**
 * nodemailer's SMTP options: the URL, and time limits well inside MAIL_LEASE_SECONDS' default (a
 * send that outlived its claim could be sent again by another sender).
 */
export function smtpOptions(url: string) {
  return { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
}
