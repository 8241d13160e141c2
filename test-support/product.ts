import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../server/src/db/index.ts';
import { BOOTSTRAP_FILE, listMigrations, migrate } from '../server/src/db/migrate.ts';
import { startServer, type RunningServer } from '../server/src/http/server.ts';
import { startTestSmtp, type TestSmtp } from '../server/test/support/smtp.ts';
import { createDatabase, dropDatabase, withDatabase } from './databases.ts';
import { freePort } from './fixtures.ts';
import { spawnGroup, stopGroup } from './processes.ts';

/**
 * The one way the tests, the bench and the resilience suite start the product: a store (a fresh data
 * folder, copied from a migrated PGlite template or empty for a seeded start, and a fresh PostgreSQL
 * database when asked), optionally a real SMTP server, and the server itself, either in this process
 * (`startProduct`: server and end-to-end tests, which reach into its database) or in a process group
 * of its own as `npm start` runs it (`spawnProduct`: the bench measures it apart, the resilience
 * suite kills it). Everything it made goes when it stops.
 */
export const ROOT = path.resolve(import.meta.dirname, '..');
const MAIN = 'server/src/main.ts';

/** Where the data lives: PGlite always exists; PostgreSQL needs a URL on which the user may create databases. */
export type Backend = { name: 'pglite' } | { name: 'postgres'; adminUrl: string };

/** What every start gets unless told otherwise: no scheduled backup in the middle of a test or a measurement. */
export const QUIET_ENV = { BACKUP_INTERVAL_HOURS: '0' };

export interface Store {
  dataDir: string;
  /** Set on PostgreSQL. */
  databaseUrl?: string;
  /** Removes the folder and drops the database, unless the caller gave them. */
  dispose(): Promise<void>;
}

export interface StoreOptions {
  backend?: Backend;
  /** A folder the caller keeps (not removed); else a fresh one. */
  dataDir?: string;
  /** An existing database on the backend the caller keeps; else a fresh one. */
  database?: string;
  /** Start from the migrated template (default) or from nothing, as a fresh install (seeded starts). */
  template?: boolean;
}

export async function prepareStore(opts: StoreOptions = {}): Promise<Store> {
  const backend = opts.backend ?? { name: 'pglite' };
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `chef-${backend.name}-data-`));
  if (backend.name === 'pglite' && !opts.dataDir && opts.template !== false) {
    fs.cpSync(path.join(await pgliteTemplate(), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  }
  let database: string | undefined;
  if (backend.name === 'postgres') database = opts.database ?? (await createDatabase(backend.adminUrl));
  return {
    dataDir,
    databaseUrl: backend.name === 'postgres' ? withDatabase(backend.adminUrl, database!) : undefined,
    async dispose() {
      if (backend.name === 'postgres' && !opts.database) await dropDatabase(backend.adminUrl, database!);
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ProductOptions extends StoreOptions {
  /** The built site to serve (a `client` folder); none by default. */
  staticDir?: string;
  seed?: boolean;
  /** Start a real SMTP server and send the outbox to it (SMTP_URL). */
  smtp?: boolean;
  /** The server's whole environment beside QUIET_ENV: nothing of the developer's or CI's is read. */
  env?: Record<string, string>;
  /** Where the server's own lines go (default: nowhere). */
  log?: (line: string) => void;
}

export interface Product extends RunningServer {
  dataDir: string;
  databaseUrl?: string;
  /** The SMTP server, when `smtp` was asked for. */
  smtp?: TestSmtp;
  stop(): Promise<void>;
}

/** The server in this process, on a store of its own. */
export async function startProduct(opts: ProductOptions = {}): Promise<Product> {
  const store = await prepareStore({ ...opts, template: opts.template ?? !opts.seed });
  const smtp = opts.smtp ? await startTestSmtp() : undefined;
  let server: RunningServer;
  try {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: store.dataDir,
      databaseUrl: store.databaseUrl,
      seed: opts.seed ?? false,
      staticDir: opts.staticDir ?? path.join(store.dataDir, 'no-site'),
      env: { ...QUIET_ENV, ...(smtp ? { SMTP_URL: smtp.url } : {}), ...opts.env },
      log: opts.log,
    });
  } catch (err) {
    await smtp?.stop();
    await store.dispose();
    throw err;
  }
  return {
    ...server,
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    smtp,
    async stop() {
      try {
        await server.close();
      } finally {
        await smtp?.stop();
        await store.dispose();
      }
    },
  };
}

export interface SpawnOptions {
  dataDir: string;
  databaseUrl?: string;
  staticDir?: string;
  seed?: boolean;
  env?: Record<string, string>;
  port?: number;
  /** Serve over TLS with this certificate (scripts/local-certificate.ts). */
  tls?: { certFile: string; keyFile: string; cert: string };
  timeoutMs?: number;
}

export interface SpawnedProduct {
  url: string;
  port: number;
  anonKey: string;
  serviceKey: string;
  proc: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM to its process group, and wait. */
  stop(): Promise<void>;
  /** SIGKILL (kill -9) to its process group, and wait. */
  kill(): Promise<void>;
}

export class StartError extends Error {
  constructor(
    message: string,
    readonly output: string,
    readonly exitCode: number | null,
  ) {
    super(`${message}\n${output.split('\n').slice(-15).join('\n')}`);
  }
}

function healthy(url: string, ca?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = (url.startsWith('https:') ? https : http).get(`${url}/auth/v1/health`, { ca, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

/**
 * The server as `npm start` runs it, in a process group of its own (node with tsx as a loader: one
 * process, so a kill -9 reaches the server itself), on a store the caller prepared. Resolves once it
 * answers; rejects with a StartError (what it printed) if it exits or does not answer in time.
 */
export async function spawnProduct(opts: SpawnOptions): Promise<SpawnedProduct> {
  const port = opts.port ?? (await freePort());
  const proc = spawnGroup(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      STATIC_DIR: opts.staticDir ?? path.join(ROOT, process.env.BUILD_DIR ?? 'build', 'client'),
      SEED: String(opts.seed ?? false),
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...(opts.tls ? { TLS_CERT_FILE: opts.tls.certFile, TLS_KEY_FILE: opts.tls.keyFile } : {}),
      ...QUIET_ENV,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      await stopGroup(proc, { signal: 'SIGKILL' });
      throw new StartError(
        `server exited (${proc.exitCode ?? proc.signalCode}) before it answered`,
        out,
        proc.exitCode,
      );
    }
    if (/Ready in/.test(out) && (await healthy(url, opts.tls?.cert))) break;
    if (Date.now() > deadline) {
      await stopGroup(proc, { signal: 'SIGKILL' });
      throw new StartError('server did not answer in time', out, null);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const anonKey = /anon key:\s+(\S+)/.exec(out)?.[1];
  if (!anonKey) {
    await stopGroup(proc, { signal: 'SIGKILL' });
    throw new StartError('no anon key in the output', out, null);
  }
  const serviceKey = fs.readFileSync(path.join(opts.dataDir, 'service-key'), 'utf8').trim();
  return {
    url,
    port,
    anonKey,
    serviceKey,
    proc,
    output: () => out,
    stop: () => stopGroup(proc, { signal: 'SIGTERM', graceMs: 30_000 }),
    kill: () => stopGroup(proc, { signal: 'SIGKILL' }),
  };
}

/** Where caches kept on purpose live: beside the installed packages, out of the temp folder and of git. */
export const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'chef');
const TEMPLATE_PREFIX = 'pglite-template-';
/** A template not used for this long belongs to migrations no checkout has any more. */
const STALE_MS = 7 * 86_400_000;

/**
 * A migrated PGlite data folder to copy: PGlite's initdb takes seconds, a copy a fraction of that.
 * Kept in CACHE_DIR under a hash of the bootstrap and migrations, so a changed migration makes a new
 * one; built by whichever test file needs it first (the others wait or build their own). Each use
 * marks it used; templates unused for a week are removed (worktrees sharing node_modules may still
 * use an older migration set meanwhile).
 */
export async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [BOOTSTRAP_FILE, ...listMigrations().map((m) => m.file)]) {
    hash.update(path.relative(ROOT, file)).update(fs.readFileSync(file));
  }
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const dir = path.join(CACHE_DIR, `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`);
  const used = path.join(dir, 'ready');
  if (fs.existsSync(used)) {
    const now = new Date();
    fs.utimesSync(used, now, now);
    return dir;
  }
  const build = fs.mkdtempSync(path.join(CACHE_DIR, 'building-'));
  try {
    const db = await openDb({ dataDir: build });
    await migrate(db);
    await db.close();
    fs.writeFileSync(path.join(build, 'ready'), '');
    fs.renameSync(build, dir);
  } catch (err) {
    fs.rmSync(build, { recursive: true, force: true });
    if (!fs.existsSync(used)) throw err; // else another test file made it first
  }
  for (const name of fs.readdirSync(CACHE_DIR)) {
    const other = path.join(CACHE_DIR, name);
    const stamp = name.startsWith(TEMPLATE_PREFIX) ? path.join(other, 'ready') : other;
    if (other !== dir && fs.existsSync(stamp) && Date.now() - fs.statSync(stamp).mtimeMs > STALE_MS) {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }
  return dir;
}
