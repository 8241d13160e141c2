import Stripe from 'stripe';
import type { StripeConfig } from './settings.ts';

/**
 * Card payments through Stripe Checkout, as fetch handlers (Request → Response) shared by the local
 * server (server/src/stripe/routes.ts) and the Edge Functions on hosted Supabase
 * (supabase/functions/stripe-checkout, stripe-webhook). The database does the rest: what a quote
 * link may pay (private.card_payment_due) and recording each event once
 * (private.stripe_apply_event), both in supabase/migrations/20261128140000_card_payments.sql.
 */

/** What private.card_payment_due answers: the amount is the database's, never the page's. */
export interface CardPaymentDue {
  booking_id: string;
  quote_id: string;
  kind: 'deposit' | 'balance';
  amount_cents: number;
  currency: string;
  email: string;
  booking_date: string;
  service_type: string;
  due_on: string | null;
}

/** How the handlers reach the database. */
export interface CardPaymentStore {
  /** Raises an error with the client's message (a check_violation) when nothing may be paid. */
  due(token: string): Promise<CardPaymentDue>;
  /** Applies a verified event once; `duplicate` when its id was applied before. */
  apply(
    event: Stripe.Event,
  ): Promise<{ duplicate: boolean; outcome?: string; reason?: string | null; payment_id?: string | null }>;
}

/** The refusal a client sees: one of the database's messages (check_violation), never an internal one. */
export class ClientRefusal extends Error {}

/** A body larger than this is not one of Stripe's events nor a token (Stripe caps events near 64 KB of object). */
const MAX_BODY = 512 * 1024;
const TOKEN = /^[0-9a-f]{64}$/;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });

/** CORS for the page, which may be on another origin than the functions (a static host). */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'apikey, authorization, content-type, x-client-info',
  'access-control-max-age': '86400',
};

export const notConfiguredMessage = 'Card payments are not configured.';

export function stripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    host: config.api.host,
    port: config.api.port,
    protocol: config.api.protocol,
    // fetch on both Node and Deno; one attempt per click (the page says when it failed).
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
    timeout: 20_000,
  });
}

async function readBody(req: Request): Promise<string | null> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY) return null;
  const body = await req.text();
  return new TextEncoder().encode(body).length > MAX_BODY ? null : body;
}

/**
 * /functions/v1/stripe-checkout: GET says whether cards are taken (the page shows its button only
 * then; nothing is read or written); POST {token} creates a Checkout Session for what the link
 * may pay now and answers its URL.
 */
export async function handleCheckout(
  req: Request,
  deps: { config: StripeConfig | undefined; store: CardPaymentStore; siteUrl: string; stripe?: Stripe },
): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (!deps.config) return json(404, { message: notConfiguredMessage }, CORS);
  if (req.method === 'GET' || req.method === 'HEAD') return json(200, { card: true }, CORS);
  if (req.method !== 'POST') return json(405, { message: 'Use POST.' }, { ...CORS, allow: 'GET, POST, OPTIONS' });

  const raw = await readBody(req);
  let token: unknown;
  try {
    token = raw === null ? undefined : (JSON.parse(raw) as { token?: unknown } | null)?.token;
  } catch {
    token = undefined;
  }
  if (typeof token !== 'string' || !TOKEN.test(token)) return json(400, { message: 'This link is not valid.' }, CORS);

  let due: CardPaymentDue;
  try {
    due = await deps.store.due(token);
  } catch (err) {
    if (err instanceof ClientRefusal) return json(400, { message: err.message }, CORS);
    throw err;
  }
  const stripe = deps.stripe ?? stripeClient(deps.config);
  const metadata = { booking_id: due.booking_id, quote_id: due.quote_id, kind: due.kind };
  const what = due.kind === 'deposit' ? 'Deposit' : 'Balance';
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // Cards only: paid at once, so checkout.session.completed is the payment (no delayed methods).
        allowed_payment_method_types: ['card'],
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: due.currency.toLowerCase(),
              unit_amount: due.amount_cents,
              product_data: { name: `${what}: ${due.service_type}, ${due.booking_date}` },
            },
          },
        ],
        customer_email: due.email,
        client_reference_id: due.booking_id,
        metadata,
        // Copied to the payment intent and its charge, so a refund names its booking too.
        payment_intent_data: { metadata, description: `${what} for booking ${due.booking_id}` },
        // The link's token never goes to Stripe: the page keeps it for the way back (web/app/lib/fragment-token.ts).
        success_url: `${deps.siteUrl}/quote?card=paid`,
        cancel_url: `${deps.siteUrl}/quote?card=cancelled`,
      },
      {
        // A second press (or tab) within the hour gets the same session back from Stripe, not a second
        // one that could be paid too; a new hour, or another amount due, makes a new one.
        idempotencyKey: `checkout:${due.quote_id}:${due.kind}:${due.amount_cents}:${Math.floor(Date.now() / 3_600_000)}`,
      },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
    return json(
      200,
      { url: session.url, kind: due.kind, amount_cents: due.amount_cents, currency: due.currency },
      CORS,
    );
  } catch (err) {
    console.error('stripe-checkout:', err instanceof Error ? err.message : err);
    return json(502, { message: 'The card payment could not be started. Please try again in a moment.' }, CORS);
  }
}

/**
 * /functions/v1/stripe-webhook: Stripe's signed events. The signature is checked on the raw body
 * (a parsed and re-serialized body would not match); a bad one is refused with Stripe's kind of
 * error and nothing written. A verified event is applied once by the database and answered 200,
 * also when it was a duplicate or of no use to us, so Stripe stops retrying; a database failure
 * answers 500 and Stripe tries again later.
 */
export async function handleWebhook(
  req: Request,
  deps: { config: StripeConfig | undefined; store: CardPaymentStore },
): Promise<Response> {
  // 503: Stripe keeps retrying for days, so events sent before the keys are set are not lost.
  if (!deps.config) return json(503, { error: { type: 'api_error', message: notConfiguredMessage } });
  if (req.method !== 'POST')
    return json(405, { error: { type: 'invalid_request_error', message: 'Use POST.' } }, { allow: 'POST' });
  const signature = req.headers.get('stripe-signature');
  const raw = await readBody(req);
  if (raw === null)
    return json(413, { error: { type: 'invalid_request_error', message: 'The payload is too large.' } });
  if (!signature) {
    return json(400, {
      error: { type: 'invalid_request_error', message: 'No stripe-signature header value was provided.' },
    });
  }
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(
      raw,
      signature,
      deps.config.webhookSecret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch (err) {
    const message =
      err instanceof Stripe.errors.StripeSignatureVerificationError
        ? err.message
        : 'The payload is not a Stripe event.';
    return json(400, { error: { type: 'invalid_request_error', message } });
  }
  try {
    const result = await deps.store.apply(event);
    return json(200, { received: true, ...result });
  } catch (err) {
    if (err instanceof ClientRefusal)
      return json(400, { error: { type: 'invalid_request_error', message: err.message } });
    console.error('stripe-webhook:', err instanceof Error ? err.message : err);
    return json(500, { error: { type: 'api_error', message: 'The event could not be recorded; it will be retried.' } });
  }
}

/** The store over any SQL client (the local server's transaction, or npm:pg in the Edge Functions). */
export function sqlCardPaymentStore(
  query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
): CardPaymentStore {
  const refused = (err: unknown) => {
    const e = err as { code?: string; message?: string };
    return e?.code === '23514' ? new ClientRefusal(e.message ?? 'This link is not valid.') : err;
  };
  return {
    async due(token) {
      try {
        const { rows } = await query('select private.card_payment_due($1) as due', [token]);
        return rows[0]!.due as CardPaymentDue;
      } catch (err) {
        throw refused(err);
      }
    },
    async apply(event) {
      try {
        const { rows } = await query('select private.stripe_apply_event($1::jsonb) as result', [JSON.stringify(event)]);
        return rows[0]!.result as Awaited<ReturnType<CardPaymentStore['apply']>>;
      } catch (err) {
        throw refused(err);
      }
    },
  };
}
