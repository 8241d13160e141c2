import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { openDb } from '../../src/db/index.ts';
import { BOOTSTRAP_FILE, listMigrations, migrate } from '../../src/db/migrate.ts';
import { startServer, type RunningServer } from '../../src/http/server.ts';

/**
 * The databases the server tests run on: PGlite always; PostgreSQL too when TEST_DATABASE_URL (which
 * .ci/run sets) points at a server where the user may create databases. Each test file gets its own
 * fresh database, dropped afterwards. Only TEST_DATABASE_URL is read, never the server's DATABASE_URL:
 * a developer's own database is never used to create and drop test databases.
 */
export interface Backend {
  name: 'pglite' | 'postgres';
  adminUrl?: string;
}

const adminUrl = process.env.TEST_DATABASE_URL;
export const backends: Backend[] = [{ name: 'pglite' }, ...(adminUrl ? [{ name: 'postgres' as const, adminUrl }] : [])];

/** A fixed secret, so tests can sign their own tokens (expired ones, other roles). */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestServer extends RunningServer {
  dataDir: string;
  stop(): Promise<void>;
}

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
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'chef-server-test-'));
  if (backend.name === 'pglite' && !opts.dataDir && !opts.seed) {
    fs.cpSync(path.join(await pgliteTemplate(), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  }
  let databaseUrl: string | undefined;
  let database: string | undefined;
  if (backend.name === 'postgres') {
    database = opts.database ?? (await createDatabase(backend.adminUrl!));
    databaseUrl = withDatabase(backend.adminUrl!, database);
  }
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    seed: opts.seed ?? false,
    staticDir: opts.staticDir ?? path.join(dataDir, 'no-site'),
    // Only what the test says: nothing from the developer's or CI's environment.
    // No scheduled backup during a test (tests that want one ask for it).
    env: { JWT_SECRET: TEST_JWT_SECRET, TRUST_PROXY: 'true', RATE_LIMIT_INSERTS: '1000', BACKUP_INTERVAL_HOURS: '0', ...opts.env },
    log: opts.log,
  });
  return {
    ...server,
    dataDir,
    async stop() {
      await server.close();
      if (database && !opts.database) await dropDatabase(backend.adminUrl!, database);
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrated PGlite data folder to copy: PGlite's initdb takes seconds, a copy a fraction of that.
 * Kept in the temp folder under a hash of the bootstrap and migrations, so a changed migration makes
 * a new one; built by whichever test file needs it first (the others wait or build their own).
 */
export async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [BOOTSTRAP_FILE, ...listMigrations().map((m) => m.file)]) {
    hash.update(file).update(fs.readFileSync(file));
  }
  const prefix = 'chef-pglite-template-';
  const dir = path.join(os.tmpdir(), `${prefix}${hash.digest('hex').slice(0, 16)}`);
  if (fs.existsSync(path.join(dir, 'ready'))) return dir;

  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-pglite-build-'));
  const db = await openDb({ dataDir: build });
  await migrate(db);
  await db.close();
  fs.writeFileSync(path.join(build, 'ready'), '');
  try {
    fs.renameSync(build, dir);
  } catch {
    fs.rmSync(build, { recursive: true, force: true }); // another test file made it first
  }
  // Templates of older migrations are of no more use.
  for (const name of fs.readdirSync(os.tmpdir())) {
    const old = path.join(os.tmpdir(), name);
    if (name.startsWith(prefix) && old !== dir && Date.now() - fs.statSync(old).mtimeMs > 3600_000) {
      fs.rmSync(old, { recursive: true, force: true });
    }
  }
  return dir;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function createDatabase(admin: string): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return name;
}

export async function dropDatabase(admin: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
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
