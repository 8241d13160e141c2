import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { JwtClaims, Keys, Role } from '../data-dir/keys.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { SitePublisher } from '../site/publisher.ts';

/** What every route factory receives: the process-wide services, built once by `startServer`. */
export interface AppContext {
  config: Config;
  db: Db;
  keys: Keys;
  rateLimiter: RateLimiter;
  /**
   * Mail is sent (SMTP_URL): a member's new e-mail address then waits for confirmation from its
   * mailbox, as GoTrue's secure e-mail change; without mail it changes at once.
   */
  mailConfigured?: boolean;
  /** The mail sender's domain (MAIL_FROM): the host part of calendar UIDs (server/src/calendar/). */
  mailDomain?: string;
  /** The chef's publications rendered by this server (server/src/site/); absent: the build's pages only. */
  site?: SitePublisher;
}

/** Hono's per-request variables, set by the `requestClaims` middleware. */
export type AppEnv = {
  Variables: {
    /** Claims of the bearer token when one was sent, else of the apikey. */
    claims: JwtClaims;
    /** Role of the apikey itself (anon or service_role). */
    apikeyRole: Role;
    /** The client's address (see `clientAddress`), set first thing for every request. */
    clientAddress: string;
  };
};
