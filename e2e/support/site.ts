import fs from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RunningServer } from '../../server/src/http/server.ts';
import type { TestSmtp } from '../../server/test/support/smtp.ts';
import { startProduct } from '../../test-support/product.ts';

/** Node 20 has no WebSocket; supabase-js only needs a realtime transport to exist (tests never use realtime). */
export class NoRealtime {
  constructor() {
    throw new Error('realtime is not used in these tests');
  }
}

export interface RunningSite {
  url: string;
  anonKey: string;
  serviceKey: string;
  /** A supabase-js client with the service role (bypasses RLS) to check and arrange rows. */
  admin: SupabaseClient;
  /** The server's database, as its owner: for rows no API may write (ones kept from before a rule). */
  db: RunningServer['db'];
  /** The SMTP server the site sends to, when `smtp` was asked for. */
  smtp?: TestSmtp;
  close(): Promise<void>;
}

/**
 * The real product: the built site (build/client, made by `npm run build` before the tests) served
 * by the real server on a random port, with a fresh data folder on PGlite (test-support/product.ts,
 * as every test starts it).
 */
export interface SiteOptions {
  seed?: boolean;
  env?: Record<string, string>;
  /** The build to serve (default: $BUILD_DIR, else `build`). */
  buildDir?: string;
  /** Start a real SMTP server for the site's outbox. */
  smtp?: boolean;
}

export async function startSite(options: SiteOptions = {}): Promise<RunningSite> {
  const staticDir = path.resolve(options.buildDir ?? process.env.BUILD_DIR ?? 'build', 'client');
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('build/client is missing: run `npm run build` before the end-to-end tests');
  }
  // Only what the test says, never the developer's or CI's environment (a DATABASE_URL would make
  // the tests write into that database, an SMTP_URL send real mail): PGlite in its own folder, no
  // mail unless the test asks for an SMTP server, no scheduled backup.
  const server = await startProduct({ staticDir, seed: options.seed ?? false, smtp: options.smtp, env: options.env });
  const admin = createClient(server.url, server.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  });
  return {
    url: server.url,
    anonKey: server.anonKey,
    serviceKey: server.serviceKey,
    admin,
    db: server.db,
    smtp: server.smtp,
    close: () => server.stop(),
  };
}
