import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The product as the README starts it (`tsx server/src/main.ts`, what `npm start` runs after its
 * build), in a process of its own, so the resilience scenarios can load it, attack it and kill it.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Where a run keeps its data: a data folder, and a PostgreSQL database when `databaseUrl` is set. */
export interface Target {
  name: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl?: string;
  /** Environment every start of this target gets (rate limits for the run, and so on). */
  env: Record<string, string>;
}

export interface Running {
  url: string;
  port: number;
  anonKey: string;
  serviceKey: string;
  proc: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
  /** SIGKILL (kill -9) and wait. */
  kill(): Promise<void>;
}

/** Rate limits high enough that a load run measures throughput, not the abuse limits. */
export const RUN_LIMITS: Record<string, string> = {
  RATE_LIMIT_INSERTS: '100000000',
  RATE_LIMIT_SIGN_IN: '100000000',
  RATE_LIMIT_SIGN_UP: '100000000',
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = http.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(`${url}/auth/v1/health`, { timeout: 2000 }, (res) => {
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

/** Signals tsx and the server it runs (the whole process group), or just tsx if the group is gone. */
function killGroup(proc: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-proc.pid!, signal);
  } catch {
    proc.kill(signal);
  }
}

/**
 * Starts the server on the target and waits until it answers, or until it exits (then the promise
 * rejects with what it printed, unless `allowExit`: then it resolves with the exited process).
 */
export async function start(target: Target, opts: { port?: number; timeoutMs?: number } = {}): Promise<Running> {
  const port = opts.port ?? (await freePort());
  // tsx as a loader in the server's own process (its CLI would run the server in a child, which
  // a kill -9 of the CLI would leave running).
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: target.dataDir,
      STATIC_DIR: process.env.STATIC_DIR ?? path.join(ROOT, 'build/client'),
      SEED: 'false',
      // No scheduled backup in the middle of a scenario (the backup scenario asks for its own).
      BACKUP_INTERVAL_HOURS: '0',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      ...target.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: tsx runs the server in a child process, and a signal to tsx alone
    // (SIGKILL cannot be forwarded) would leave the real server running, holding the data folder.
    detached: true,
  });
  running.add(proc);
  proc.once('exit', () => running.delete(proc));
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new StartError(`server exited (${proc.exitCode ?? proc.signalCode}) before it answered`, out, proc.exitCode);
    }
    if (/Ready in/.test(out) && (await healthy(url))) break;
    if (Date.now() > deadline) {
      killGroup(proc, 'SIGKILL');
      throw new StartError('server did not answer in time', out, null);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const anonKey = /anon key:\s+(\S+)/.exec(out)?.[1];
  const serviceKey = fs.readFileSync(path.join(target.dataDir, 'service-key'), 'utf8').trim();
  if (!anonKey) throw new StartError('no anon key in the output', out, null);
  const wait = async (signal: NodeJS.Signals) => {
    if (proc.exitCode === null && proc.signalCode === null) killGroup(proc, signal);
    await exited;
  };
  return {
    url,
    port,
    anonKey,
    serviceKey,
    proc,
    output: () => out,
    stop: () => wait('SIGTERM'),
    kill: () => wait('SIGKILL'),
  };
}

/** Servers still running when this process ends (a failed or interrupted run) go with it. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of running) p.kill('SIGKILL');
});

export class StartError extends Error {
  constructor(
    message: string,
    readonly output: string,
    readonly exitCode: number | null,
  ) {
    super(`${message}\n${output.split('\n').slice(-15).join('\n')}`);
  }
}

/** A fresh target: a new data folder, and a new database on the admin URL for PostgreSQL. */
export async function freshTarget(
  name: 'pglite' | 'postgres',
  opts: { adminUrl?: string; env?: Record<string, string>; pgliteTemplate?: string } = {},
): Promise<Target & { dispose(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `chef-resilience-${name}-`));
  // A migrated PGlite folder to start from saves PGlite's initdb (seconds) in the short version.
  if (name === 'pglite' && opts.pgliteTemplate) fs.cpSync(opts.pgliteTemplate, path.join(dataDir, 'pglite'), { recursive: true });
  let database: string | undefined;
  let databaseUrl: string | undefined;
  if (name === 'postgres') {
    if (!opts.adminUrl) throw new Error('postgres target without an admin URL');
    database = `resilience_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    await adminQuery(opts.adminUrl, `create database ${database}`);
    const u = new URL(opts.adminUrl);
    u.pathname = `/${database}`;
    databaseUrl = u.toString();
  }
  return {
    name,
    dataDir,
    databaseUrl,
    env: { ...RUN_LIMITS, ...opts.env },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (database) await adminQuery(opts.adminUrl!, `drop database if exists ${database} with (force)`);
    },
  };
}

async function adminQuery(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/**
 * SQL straight into the target's database, as its owner: PostgreSQL through a connection of its
 * own (any time); PGlite by opening its folder (only while no server runs on it).
 */
export async function inspect<T>(target: Target, fn: (query: <R>(text: string) => Promise<R[]>) => Promise<T>): Promise<T> {
  if (target.databaseUrl) {
    const c = new pg.Client({ connectionString: target.databaseUrl });
    await c.connect();
    try {
      return await fn(async <R,>(text: string) => (await c.query(text)).rows as R[]);
    } finally {
      await c.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { amcheck } = await import('@electric-sql/pglite/contrib/amcheck');
  const db = new PGlite(path.join(target.dataDir, 'pglite'), { extensions: { amcheck } });
  await db.waitReady;
  try {
    return await fn(async <R,>(text: string) => (await db.query(text)).rows as R[]);
  } finally {
    await db.close();
  }
}

/** One HTTP request with full control (raw path, any header), timed; never throws. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  /** The connection broke (reset, hang-up) instead of an answer. */
  reset?: string;
  /** For a reset on a kept-alive connection: what the previous answer on it was. */
  previousOnSocket?: string;
}

/** The last answer on each kept-alive socket, to explain a reset on reuse. */
const lastOnSocket = new WeakMap<object, string>();

export function request(
  url: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; agent?: http.Agent; timeoutMs?: number },
): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const u = new URL(url);
    let settled = false;
    const done = (a: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...a, ms: performance.now() - t0 });
    };
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)), ...opts.headers } : opts.headers,
        agent: opts.agent ?? false,
        insecureHTTPParser: true,
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        lastOnSocket.set(res.socket, `${opts.method ?? 'GET'} ${opts.path.slice(0, 80)} → ${res.statusCode} (connection: ${res.headers.connection ?? '-'})`);
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err) => done({ status: res.statusCode ?? 0, headers: res.headers, body: '', reset: err.message }));
      },
    );
    req.on('timeout', () => {
      req.destroy(new Error('timeout'));
    });
    let previous: string | undefined;
    req.on('socket', (socket) => {
      previous = req.reusedSocket ? (lastOnSocket.get(socket) ?? 'unknown') : undefined;
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({ status: 0, headers: {}, body: '', reset: err.code ?? err.message, previousOnSocket: previous }),
    );
    if (opts.body !== undefined) req.end(opts.body);
    else req.end();
  });
}

/** JSON through the API with a key (and optionally a user's token). */
export async function api(
  r: { url: string },
  key: string,
  method: string,
  pathAndQuery: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer & { json: unknown }> {
  const a = await request(r.url, {
    method,
    path: pathAndQuery,
    headers: {
      apikey: key,
      authorization: `Bearer ${headers.token ?? key}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'token')),
    },
    body: body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  let json: unknown;
  try {
    json = a.body ? JSON.parse(a.body) : undefined;
  } catch {
    json = undefined;
  }
  return { ...a, json };
}

export function isoDate(daysFromToday: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysFromToday);
  return d.toISOString().slice(0, 10);
}

export function booking(extra: Record<string, unknown> = {}) {
  return {
    name: 'Resilience Test',
    email: 'resilience@example.com',
    phone: '+1 555 0100',
    booking_date: isoDate(30),
    booking_time: '18:30',
    guests: 4,
    service_type: 'Private Chef Service',
    location: '1 Loopback Lane',
    message: null,
    ...extra,
  };
}

export function recipe(extra: Record<string, unknown> = {}) {
  return {
    title: 'Resilience stew',
    description: 'Made by the resilience suite.',
    ingredients: 'Water\nSalt',
    instructions: 'Boil\nServe',
    submitted_by: 'Suite',
    image_url: null,
    status: 'pending',
    ...extra,
  };
}

/** A real 8×8 PNG, made once. */
let png: Buffer | undefined;
export async function tinyPng(): Promise<Buffer> {
  if (!png) {
    const sharp = (await import('sharp')).default;
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
  }
  return png;
}

/** A multipart body as supabase-js's upload sends it. */
export function multipart(file: Buffer, type = 'image/png', fileName = 'blob'): { body: Buffer; contentType: string } {
  const boundary = `----resilience${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

/** What one scenario did and found, one row of the table. */
export interface ScenarioResult {
  scenario: string;
  database: 'pglite' | 'postgres';
  did: string;
  found: string;
  ok: boolean;
  seconds?: number;
  /** Failures and figures, for scripts/bench/results/resilience.json. */
  details?: unknown;
}
