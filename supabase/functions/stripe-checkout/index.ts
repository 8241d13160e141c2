// Supabase Edge Function (Deno): starts a card payment on a hosted project. The client's /quote page
// asks https://<ref>.supabase.co/functions/v1/stripe-checkout whether cards are taken (GET) and posts
// its link token to pay (POST); the Checkout Session is made for the database's amount, exactly as
// the local server does (the same code: server/src/stripe/handlers.ts). Deployed without JWT
// verification (supabase/config.toml): the quote link's token is the key, checked by the database.
import { handleCheckout } from '../../../server/src/stripe/handlers.ts';
import { serveStripeFunction } from '../_shared/stripe-function.ts';

const siteUrl = (Deno.env.get('SITE_URL') ?? 'http://localhost:8080').replace(/\/+$/, '');
serveStripeFunction((req, deps) => handleCheckout(req, { ...deps, siteUrl }), 'STRIPE_CHECKOUT_FUNCTION_PORT');
