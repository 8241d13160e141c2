import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../http/context.ts';
import { limitBody } from '../http/body.ts';
import { authBody } from './error-codes.ts';
import { authDeps } from './route-deps.ts';
import { sessionRoutes } from './session-routes.ts';
import { settingsRoutes } from './settings-routes.ts';
import { userRoutes } from './user-routes.ts';

/**
 * `/auth/v1`: the part of GoTrue's API the site uses, with GoTrue's paths, bodies, statuses and
 * error codes, so that supabase-js's auth client works unchanged. E-mail sign-up is
 * autoconfirmed (no mailer locally). One file per group of routes; what runs before them (rate
 * limits, the bearer check, a new session) in `route-deps.ts`; SQL in `store.ts`, token and JSON
 * shaping in `session.ts`.
 *
 *   settings-routes.ts
 *   GET  /health, GET /settings
 *   session-routes.ts
 *   POST /signup                          rate-limited (signUp)
 *   POST /token?grant_type=password       rate-limited (signIn)
 *   POST /token?grant_type=refresh_token  rotation with reuse detection
 *   POST /logout?scope=global|local|others  bearer required
 *   user-routes.ts
 *   GET  /user, PUT /user                 bearer required; with mail configured a new e-mail
 *                                         waits for its mailbox's confirmation (secure change)
 *   GET  /verify?type=email_change        the confirmation link's page (changes nothing)
 *   POST /verify                          the page's button: makes the change, once
 */
export function authRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', limitBody(authBody));
  const deps = authDeps(ctx);
  settingsRoutes(app);
  sessionRoutes(app, deps);
  userRoutes(app, deps);
  return app;
}
