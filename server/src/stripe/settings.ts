import { z } from 'zod';
import { readEnv, type EnvRule } from '../env.ts';

/**
 * Stripe's settings (docs/card-payments.md). None by default: without them no page offers a card
 * and nothing talks to Stripe. Read by server/src/config.ts with the server's own variables, and
 * alone by the Stripe Edge Functions.
 */
export const stripeEnvShape = {
  /** The secret API key (sk_live_… / sk_test_…, or a restricted rk_… key allowed to write Checkout Sessions). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)')
    .optional(),
  /** The webhook endpoint's signing secret (whsec_…), from Stripe's dashboard. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=_]{8,}$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** Tests only: where Stripe's API is answered instead (http://127.0.0.1:port). */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
};

export const stripeEnvRules: EnvRule[] = [
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    message:
      'set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither (a card payment is recorded by the webhook)',
    holds: (e) => !e.STRIPE_SECRET_KEY === !e.STRIPE_WEBHOOK_SECRET,
  },
];

type StripeEnv = z.output<z.ZodObject<typeof stripeEnvShape>>;

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API unless a test points elsewhere. */
  api: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Undefined when card payments are not configured. */
export function stripeConfigFrom(e: StripeEnv): StripeConfig | undefined {
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) return undefined;
  const base = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : new URL('https://api.stripe.com');
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    api: { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol },
  };
}

/** The Stripe settings alone: the Edge Functions' (the server reads them in parseConfig). */
export function parseStripeConfig(env: Record<string, string | undefined>): StripeConfig | undefined {
  return stripeConfigFrom(readEnv(z.object(stripeEnvShape), env, stripeEnvRules));
}
