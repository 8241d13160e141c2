import { Hono, type MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from './context.ts';
import { authErrors } from '../auth/error-codes.ts';
import { apiCors } from './cors.ts';
import { handleError } from './errors.ts';
import { restErrors } from '../rest/error-codes.ts';
import { storageErrors } from '../storage/error-codes.ts';
import { headLimits } from './limits.ts';
import { requestClaims } from './middleware.ts';
import { resolveClientAddress } from './rate-limit.ts';
import { restRoutes } from '../rest/routes.ts';
import { authRoutes } from '../auth/routes.ts';
import { storageRoutes } from '../storage/routes.ts';
import { staticSite } from '../site/static.ts';
import { calendarFeedRoutes } from '../calendar/routes.ts';
import { stripeRoutes } from '../stripe/routes.ts';

/** The headers supabase-js sends, which Supabase's gateway allows from any origin. */
const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'x-client-info',
  'prefer',
  'range',
  'range-unit',
  'accept-profile',
  'content-profile',
  'x-upsert',
  'cache-control',
  'x-idempotency-key',
  'x-honeypot',
  'x-supabase-api-version',
];

/**
 * The whole HTTP surface, in order: CORS, then each API behind the claims check, then the site.
 * Built without listening so tests can call `app.request()` too.
 */
export function createApp(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use('*', headLimits());

  app.use('*', async (c, next) => {
    c.set('clientAddress', resolveClientAddress(c, ctx.config.trustProxy));
    await next();
  });

  const cors = apiCors({
    allowHeaders: ALLOWED_HEADERS,
    exposeHeaders: ['Content-Range', 'Content-Location', 'Content-Profile', 'X-Total-Count'],
  });
  for (const [prefix, api] of [
    ['/rest/v1', 'rest'],
    ['/auth/v1', 'auth'],
    ['/storage/v1', 'storage'],
  ] as const) {
    app.use(`${prefix}/*`, cors);
    app.use(`${prefix}/*`, refuseNulInUrl(api));
    app.use(`${prefix}/*`, requestClaims(ctx, api));
  }

  app.route('/rest/v1', restRoutes(ctx));
  app.route('/auth/v1', authRoutes(ctx));
  app.route('/storage/v1', storageRoutes(ctx));
  // Anything under the API prefixes that no route answered is an API 404, not a page.
  app.all('/rest/v1/*', (c) => {
    throw restErrors.invalidPath(c.req.path);
  });
  app.all('/auth/v1/*', () => {
    throw authErrors.notFound();
  });
  app.all('/storage/v1/*', (c) => {
    throw storageErrors.routeNotFound(`Route ${c.req.method}:${c.req.path} not found`);
  });

  // The chef's private calendar feed, at the path the Edge Function has on hosted Supabase.
  app.route('/functions/v1/calendar-feed', calendarFeedRoutes(ctx));
  // Card payments (Stripe Checkout and its webhook), at the Edge Functions' paths too.
  app.route('/functions/v1', stripeRoutes(ctx));

  app.route('/', staticSite(ctx));
  return app;
}

/**
 * PostgreSQL's text cannot hold U+0000, so a NUL in the path or a query parameter (a bucket id, an
 * object name, a filter value) is the request's error: 400 in the API's shape, before any query.
 */
function refuseNulInUrl(api: 'rest' | 'auth' | 'storage'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    if (url.includes('%00') || url.includes('\u0000')) {
      const search = new URL(url).searchParams;
      let decodedPath = '';
      try {
        decodedPath = decodeURIComponent(c.req.path);
      } catch {
        // A malformed escape is for the route to answer.
      }
      if (decodedPath.includes('\u0000') || [...search.keys(), ...search.values()].some((v) => v.includes('\u0000'))) {
        switch (api) {
          case 'rest':
            // What PostgREST answers when PostgreSQL refuses the byte.
            throw restErrors.nulInUrl();
          case 'auth':
            throw authErrors.nulInText();
          case 'storage':
            // In an object's path it is a bad object name, as Storage says for other unsafe names.
            if (decodedPath.includes('\u0000') && /^\/storage\/v1\/object\/(?!list\/)[^/]+\/./.test(c.req.path)) {
              throw storageErrors.invalidKey('Invalid key: object names must not contain NUL characters');
            }
            throw storageErrors.nulInText();
        }
      }
    }
    await next();
  };
}
