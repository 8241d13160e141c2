import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context.ts';

/** PLACEHOLDER written by the REST helper so the app compiles; the storage helper replaces this file. */
export function storageRoutes(_ctx: AppContext): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
