import http from 'node:http';
import type net from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A stand-in for the few calls of Stripe's API the card payment makes, answering as Stripe's API
 * reference says (https://docs.stripe.com/api/checkout/sessions/create): POST /v1/checkout/sessions
 * with a form-encoded body → a Checkout Session object, or Stripe's error object for a missing
 * parameter or a bad key. Plus a tiny "Checkout page" (GET /pay/<session id>) whose button leads to
 * the session's success_url, for the e2e journey. And the events Stripe would send afterwards,
 * signed with the official library's test-header helper. Nothing here reaches the network.
 */
export interface StripeStandIn {
  /** http://127.0.0.1:port: STRIPE_API_BASE. */
  base: string;
  /** Every Checkout Session created, as Stripe stores it. */
  sessions: Session[];
  /** The raw form parameters of each create call. */
  requests: {
    path: string;
    authorization: string | undefined;
    idempotencyKey: string | undefined;
    params: URLSearchParams;
  }[];
  /** When set, the next create calls answer this status with Stripe's error object. */
  failWith?: number;
  stop(): Promise<void>;
}

export interface Session {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  livemode: false;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function stripeError(res: http.ServerResponse, status: number, type: string, message: string, param?: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify({ error: { type, message, ...(param ? { param } : {}) } }));
}

export async function startStripeStandIn(secretKey: string): Promise<StripeStandIn> {
  const standIn: StripeStandIn = { base: '', sessions: [], requests: [], stop: async () => {} };
  const replies = new Map<string, Session>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', standIn.base);
      if (req.method === 'GET' && url.pathname.startsWith('/pay/')) {
        const session = standIn.sessions.find((s) => s.id === url.pathname.slice(5));
        if (!session) return void res.writeHead(404).end('No such session');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const amount = (session.amount_total / 100).toFixed(2);
        return void res.end(
          `<!doctype html><meta name="viewport" content="width=device-width"><title>Test checkout</title>` +
            `<h1>Test checkout</h1><p>Pay ${session.currency.toUpperCase()} ${amount}</p>` +
            `<a href="${session.success_url.replace(/"/g, '&quot;')}">Pay now</a>`,
        );
      }
      const params = new URLSearchParams(Buffer.concat(chunks).toString());
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      standIn.requests.push({ path: url.pathname, authorization: req.headers.authorization, idempotencyKey, params });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
      }
      if (req.method !== 'POST' || url.pathname !== '/v1/checkout/sessions') {
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `Unrecognized request URL (${req.method}: ${url.pathname}).`,
        );
      }
      if (standIn.failWith)
        return stripeError(res, standIn.failWith, 'api_error', 'Something went wrong on Stripe’s end.');
      // Stripe answers a key it has seen with the first answer (https://docs.stripe.com/api/idempotent_requests).
      const replay = idempotencyKey ? replies.get(idempotencyKey) : undefined;
      if (replay) {
        res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return void res.end(JSON.stringify(replay));
      }
      for (const required of [
        'line_items[0][price_data][unit_amount]',
        'line_items[0][price_data][currency]',
        'success_url',
      ]) {
        if (!params.get(required))
          return stripeError(res, 400, 'invalid_request_error', `Missing required param: ${required}.`, required);
      }
      const metadata: Record<string, string> = {};
      for (const [k, v] of params) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const sessionId = id('cs');
      const amount =
        Number(params.get('line_items[0][price_data][unit_amount]')) *
        Number(params.get('line_items[0][quantity]') ?? '1');
      const session: Session = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        amount_subtotal: amount,
        currency: params.get('line_items[0][price_data][currency]')!,
        customer_email: params.get('customer_email'),
        client_reference_id: params.get('client_reference_id'),
        metadata,
        payment_intent: null,
        success_url: params.get('success_url')!,
        cancel_url: params.get('cancel_url') ?? '',
        url: `${standIn.base}/pay/${sessionId}`,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      standIn.sessions.push(session);
      if (idempotencyKey) replies.set(idempotencyKey, session);
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(session));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  standIn.base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  standIn.stop = () => new Promise((r) => server.close(() => r()));
  return standIn;
}

/** The events Stripe sends about a session and its charge, as its API reference shapes them. */
export function completedEvent(session: Session, paymentIntent = id('pi')): Stripe.Event {
  return event('checkout.session.completed', {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    payment_intent: paymentIntent,
    url: null,
  });
}

export function refundedEvent(
  session: Session,
  paymentIntent: string,
  amountRefunded: number,
  chargeId = `ch_${paymentIntent.slice(3)}`,
): Stripe.Event {
  return event('charge.refunded', {
    id: chargeId,
    object: 'charge',
    amount: session.amount_total,
    amount_captured: session.amount_total,
    amount_refunded: amountRefunded,
    captured: true,
    currency: session.currency,
    metadata: session.metadata,
    paid: true,
    payment_intent: paymentIntent,
    refunded: amountRefunded === session.amount_total,
    status: 'succeeded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  });
}

export function event(type: string, object: Record<string, unknown>): Stripe.Event {
  return {
    id: id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as unknown as Stripe.Event;
}

/** Delivers an event as Stripe does: the JSON body and its Stripe-Signature header (the official test helper). */
export async function deliver(
  url: string,
  evt: Stripe.Event | string,
  secret: string,
  opts: { timestamp?: number } = {},
) {
  const payload = typeof evt === 'string' ? evt : JSON.stringify(evt, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: opts.timestamp });
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
