import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../http/context.ts';
import { handleCheckout, handleWebhook, sqlCardPaymentStore } from './handlers.ts';

/**
 * The card payment's two functions on the local server, at the paths the Edge Functions have on
 * hosted Supabase: /functions/v1/stripe-checkout and /functions/v1/stripe-webhook. Without Stripe's
 * keys both say so (404 and 503) and nothing reaches Stripe.
 */
export function stripeRoutes(ctx: AppContext) {
  const store = sqlCardPaymentStore((text, params) => ctx.db.tx(null, (sql) => sql(text, params)));
  const app = new Hono<AppEnv>();
  app.all('/stripe-checkout', (c) =>
    handleCheckout(c.req.raw, {
      config: ctx.config.stripe,
      store,
      siteUrl: ctx.config.siteUrl ?? new URL(c.req.url).origin,
    }),
  );
  app.all('/stripe-webhook', (c) => handleWebhook(c.req.raw, { config: ctx.config.stripe, store }));
  return app;
}
