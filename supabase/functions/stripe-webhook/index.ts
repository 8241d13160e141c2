// Supabase Edge Function (Deno): Stripe's signed events on a hosted project, at
// https://<ref>.supabase.co/functions/v1/stripe-webhook, answered exactly as the local server answers
// the same path (the same code: server/src/stripe/handlers.ts). Deployed without JWT verification
// (supabase/config.toml): Stripe sends no Supabase JWT; the Stripe-Signature header, checked against
// STRIPE_WEBHOOK_SECRET on the raw body, is the key. docs/card-payments.md shows the set-up.
import { handleWebhook } from '../../../server/src/stripe/handlers.ts';
import { serveStripeFunction } from '../_shared/stripe-function.ts';

serveStripeFunction((req, deps) => handleWebhook(req, deps), 'STRIPE_WEBHOOK_FUNCTION_PORT');
