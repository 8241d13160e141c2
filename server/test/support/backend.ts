import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startProduct, type Backend as StoreBackend, type Product } from '../../../test-support/product.ts';

export { pgliteTemplate } from '../../../test-support/product.ts';
export { createDatabase, dropDatabase, withDatabase } from '../../../test-support/databases.ts';

/**
 * The databases the server tests run on: PGlite always; PostgreSQL too when TEST_DATABASE_URL (which
 * .ci/run sets) points at a server where the user may create databases. Each test file gets its own
 * fresh database, dropped afterwards. Only TEST_DATABASE_URL is read, never the server's DATABASE_URL:
 * a developer's own database is never used to create and drop test databases. The product starts as
 * the e2e tests, the bench and the resilience suite start it: test-support/product.ts.
 */
export interface Backend {
  name: 'pglite' | 'postgres';
  adminUrl?: string;
}

const adminUrl = process.env.TEST_DATABASE_URL;
export const backends: Backend[] = [{ name: 'pglite' }, ...(adminUrl ? [{ name: 'postgres' as const, adminUrl }] : [])];

/** The same backend in test-support's shape (prepareStore, startProduct). */
export function storeBackend(backend: Backend): StoreBackend {
  return backend.name === 'postgres' ? { name: 'postgres', adminUrl: backend.adminUrl! } : { name: 'pglite' };
}

/** A fixed secret, so tests can sign their own tokens (expired ones, other roles). */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export type TestServer = Product;

export async function startTestServer(
  backend: Backend,
  opts: {
    env?: Record<string, string>;
    staticDir?: string;
    seed?: boolean;
    dataDir?: string;
    database?: string;
    /** Where the server's start-up and mail lines go (default: nowhere). */
    log?: (line: string) => void;
  } = {},
): Promise<TestServer> {
  return startProduct({
    backend: storeBackend(backend),
    dataDir: opts.dataDir,
    database: opts.database,
    // A given folder is the test's own; a seeded start is a fresh install.
    template: !opts.dataDir && !opts.seed,
    seed: opts.seed,
    staticDir: opts.staticDir,
    // Only what the test says: nothing from the developer's or CI's environment.
    env: { JWT_SECRET: TEST_JWT_SECRET, TRUST_PROXY: 'true', RATE_LIMIT_INSERTS: '1000', ...opts.env },
    log: opts.log,
  });
}

/** Node 20 has no WebSocket; the tests never use realtime, so its transport only has to exist. */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used in these tests');
  }
}

let nextAddress = 1;
/** A distinct client address per call (the test server trusts X-Forwarded-For), so rate limits don't leak between tests. */
export function freshAddress(): string {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** supabase-js, exactly as the site uses it, against the test server. */
export function client(
  server: { url: string },
  key: string,
  opts: { accessToken?: string; headers?: Record<string, string>; address?: string } = {},
): SupabaseClient {
  const headers: Record<string, string> = { 'X-Forwarded-For': opts.address ?? freshAddress(), ...opts.headers };
  if (opts.accessToken) headers.Authorization = `Bearer ${opts.accessToken}`;
  return createClient(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
    realtime: { transport: NoRealtime as never },
  });
}
