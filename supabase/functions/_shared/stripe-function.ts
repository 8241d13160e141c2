// What both Stripe Edge Functions (stripe-checkout, stripe-webhook) need on hosted Supabase: the
// Stripe settings read once (server/src/stripe/settings.ts; none set: card payments are off), and
// the database through npm:pg for each request. Imports npm:pg and npm:zod (through the settings):
// only for functions whose deno.json maps them.
import pg from 'pg';
import { sqlCardPaymentStore, type CardPaymentStore } from '../../../server/src/stripe/handlers.ts';
import { parseStripeConfig, type StripeConfig } from '../../../server/src/stripe/settings.ts';
import { withLibpqSslMode } from './database-url.ts';
import { serve } from './http.ts';

type Deps = { config: StripeConfig | undefined; store: CardPaymentStore };

/** Serves `handle` with the settings and the database (on `portVariable`'s port in the tests). */
export function serveStripeFunction(
  handle: (req: Request, deps: Deps) => Promise<Response>,
  portVariable: string,
): void {
  const env = Deno.env.toObject();
  // A bad setting fails every call with its message, as the server fails to start with it.
  let config: StripeConfig | undefined;
  let problem: string | undefined;
  try {
    config = parseStripeConfig(env);
  } catch (err) {
    problem = (err as Error).message;
  }
  const handler = async (req: Request): Promise<Response> => {
    if (problem) {
      console.error(problem);
      return new Response(JSON.stringify({ message: 'Card payments are misconfigured.' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    }
    const databaseUrl = env.SUPABASE_DB_URL ?? env.DATABASE_URL;
    let pool: pg.Pool | undefined;
    const store = sqlCardPaymentStore(async (text, params) => {
      if (!databaseUrl) throw new Error('SUPABASE_DB_URL is not set');
      pool ??= new pg.Pool({ connectionString: withLibpqSslMode(databaseUrl), max: 1 });
      return { rows: (await pool.query(text, params)).rows };
    });
    try {
      return await handle(req, { config, store });
    } finally {
      await pool?.end();
    }
  };
  serve(handler, portVariable);
}
