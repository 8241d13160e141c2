// Supabase Edge Function (Deno): drains public.outbox over SMTP on a hosted project, exactly as the
// local server does (the same code: server/src/mail/drain.ts and its templates). Invoked by a
// schedule (pg_cron + pg_net) and by a database webhook on public.outbox inserts; docs/deploy.md
// shows both. Each call adds the reminders that are due, then sends what is due, at most
// MAIL_BATCH messages, and answers with the counts. Deployed without JWT verification
// (supabase/config.toml): it checks its own secret.
import os from 'node:os';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { drainOutbox, nodemailerTransport, sqlOutboxStore, type Query } from '../../../server/src/mail/drain.ts';
import { parseMailConfig, smtpOptions } from '../../../server/src/mail/settings.ts';
import { withLibpqSslMode } from '../_shared/database-url.ts';
import { json, sameSecret, serve } from '../_shared/http.ts';

const env = Deno.env.toObject();

export async function handle(req: Request): Promise<Response> {
  if (req.method !== 'POST') return json(405, { error: 'POST only' });
  // Only the schedule and the webhook know this secret (docs/deploy.md).
  const secret = env.MAIL_HOOK_SECRET;
  if (!secret || !sameSecret(req.headers.get('x-mail-hook-secret') ?? '', secret))
    return json(401, { error: 'unauthorized' });

  let config;
  try {
    config = parseMailConfig(env);
  } catch (err) {
    return json(500, { error: (err as Error).message });
  }
  const databaseUrl = env.SUPABASE_DB_URL ?? env.DATABASE_URL;
  if (!databaseUrl) return json(500, { error: 'SUPABASE_DB_URL is not set' });
  const pool = new pg.Pool({ connectionString: withLibpqSslMode(databaseUrl), max: 1 });
  const query: Query = async (text, params) => ({ rows: (await pool.query(text, params)).rows });
  const store = sqlOutboxStore(query);
  try {
    const reminders = await store.enqueueReminders(config.reminderAfterSeconds);
    if (!config.smtpUrl)
      return json(200, { reminders, sent: 0, note: 'SMTP_URL is not set: messages wait in the outbox' });
    const transporter = nodemailer.createTransport(smtpOptions(config.smtpUrl));
    try {
      const result = await drainOutbox({
        store,
        transport: nodemailerTransport(transporter),
        settings: {
          from: config.from,
          ownerEmail: config.ownerEmail!,
          siteUrl: env.SITE_URL ?? 'http://localhost:8080',
        },
        worker: `edge:${os.hostname()}:${crypto.randomUUID().slice(0, 8)}`,
        leaseSeconds: config.leaseSeconds,
        retryBaseSeconds: config.retryBaseSeconds,
        retryMaxSeconds: config.retryMaxSeconds,
        maxMessages: config.batch,
        log: (line) => console.log(line),
      });
      return json(200, { reminders, ...result });
    } finally {
      transporter.close();
    }
  } catch (err) {
    console.error(err);
    return json(500, { error: 'the outbox could not be drained' });
  } finally {
    await pool.end();
  }
}

serve(handle, 'MAIL_FUNCTION_PORT');
