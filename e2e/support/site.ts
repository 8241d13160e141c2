import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startServer, type RunningServer } from '../../server/src/http/server.ts';

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
  close(): Promise<void>;
}

/**
 * The real product: the built site (build/client, made by `npm run build` before the tests) served
 * by the real server on a random port, with a fresh data folder on PGlite.
 */
export interface SiteOptions {
  seed?: boolean;
  env?: Record<string, string>;
  /** The build to serve (default: $BUILD_DIR, else `build`). */
  buildDir?: string;
}

export async function startSite(options: SiteOptions = {}): Promise<RunningSite> {
  const staticDir = path.resolve(options.buildDir ?? process.env.BUILD_DIR ?? 'build', 'client');
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('build/client is missing: run `npm run build` before the end-to-end tests');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-e2e-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir, seed: options.seed ?? false,
    // Only what the test says, never the developer's or CI's environment (a DATABASE_URL would make
    // the tests write into that database, an SMTP_URL send real mail): PGlite in its own folder, no
    // mail unless the test starts an SMTP server and passes it, no scheduled backup.
    env: { BACKUP_INTERVAL_HOURS: '0', ...options.env } });
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
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
