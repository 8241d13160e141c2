// Supabase Edge Function (Deno): the chef's private calendar feed on a hosted project, answering
// https://<ref>.supabase.co/functions/v1/calendar-feed/<secret>.ics exactly as the local server
// answers the same path (the same code: server/src/calendar/feed.ts). Deployed with
// --no-verify-jwt, since calendar apps send no Authorization header: the secret in the address is
// the key (only its hash is stored; a new address from the console revokes the old one).
// docs/deploy.md shows the deployment.
import pg from 'pg';
import { site } from '../../../content/site.ts';
import { feedResponse, senderDomain, type FeedBooking } from '../../../server/src/calendar/feed.ts';
import { withLibpqSslMode } from '../_shared/database-url.ts';
import { serve } from '../_shared/http.ts';

const env = Deno.env.toObject();

export async function handle(req: Request): Promise<Response> {
  const databaseUrl = env.SUPABASE_DB_URL ?? env.DATABASE_URL;
  if (!databaseUrl) return new Response('SUPABASE_DB_URL is not set\n', { status: 500 });
  const file = new URL(req.url).pathname.split('/').pop() ?? '';
  const settings = {
    domain: senderDomain(env.MAIL_FROM ?? env.OWNER_EMAIL ?? ''),
    siteUrl: env.SITE_URL ?? 'http://localhost:8080',
    timeZone: site.timeZone,
  };
  let pool: pg.Pool | undefined;
  try {
    return await feedResponse(
      file,
      async (secret) => {
        pool = new pg.Pool({ connectionString: withLibpqSslMode(databaseUrl), max: 1 });
        const { rows } = await pool.query<{ feed: FeedBooking[] | null }>('select private.calendar_feed($1) as feed', [
          secret,
        ]);
        return rows[0]?.feed ?? null;
      },
      settings,
      req.method,
    );
  } catch (err) {
    console.error(err);
    return new Response('The calendar could not be read\n', {
      status: 500,
      headers: { 'cache-control': 'private, no-cache' },
    });
  } finally {
    await pool?.end();
  }
}

serve(handle, 'CALENDAR_FUNCTION_PORT');
