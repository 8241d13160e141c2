import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * CORS for the APIs, as Supabase's gateway answers any origin. Preflights are Hono's `cors`.
 * Other requests get their two headers after the handler answered: Hono's `cors` sets them on
 * `c.res` before the handler runs, which makes Hono copy the handler's answer into a new Response
 * (a web stream for a string body) on every request: 14 % of the server's CPU under the anonymous
 * list's load (docs/decisions/0057-the-server-measured-against-its-baseline.md).
 */
export function apiCors(opts: { allowHeaders: string[]; exposeHeaders: string[] }): MiddlewareHandler {
  const preflight = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: opts.allowHeaders,
    exposeHeaders: opts.exposeHeaders,
    maxAge: 86400,
  });
  const expose = opts.exposeHeaders.join(',');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Access-Control-Expose-Headers', expose);
  };
}
