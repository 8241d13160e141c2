import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { bookingRow, inDays } from '../../test-support/fixtures.ts';
import { prepareStore, spawnProduct, StartError, type SpawnedProduct } from '../../test-support/product.ts';

/**
 * The product as the README starts it (`tsx server/src/main.ts`, what `npm start` runs after its
 * build), in a process group of its own (test-support/product.ts, as every test starts it), so the
 * resilience scenarios can load it, attack it and kill it.
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

export type Running = SpawnedProduct;
export { StartError };

/** Rate limits high enough that a load run measures throughput, not the abuse limits. */
export const RUN_LIMITS: Record<string, string> = {
  RATE_LIMIT_INSERTS: '100000000',
  RATE_LIMIT_SIGN_IN: '100000000',
  RATE_LIMIT_SIGN_UP: '100000000',
};

/** Starts the server on the target as `npm start` runs it (test-support/product.ts), and waits until it answers. */
export function start(target: Target, opts: { port?: number; timeoutMs?: number } = {}): Promise<Running> {
  return spawnProduct({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, env: target.env, ...opts });
}

/** A fresh target: a new data folder, and a new database on the admin URL for PostgreSQL. */
export async function freshTarget(
  name: 'pglite' | 'postgres',
  opts: { adminUrl?: string; env?: Record<string, string>; pgliteTemplate?: boolean } = {},
): Promise<Target & { dispose(): Promise<void> }> {
  if (name === 'postgres' && !opts.adminUrl) throw new Error('postgres target without an admin URL');
  // A migrated PGlite folder to start from saves PGlite's initdb (seconds) in the short version.
  const store = await prepareStore({
    backend: name === 'postgres' ? { name, adminUrl: opts.adminUrl! } : { name },
    template: name === 'pglite' && !!opts.pgliteTemplate,
  });
  return {
    name,
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    env: { ...RUN_LIMITS, ...opts.env },
    dispose: () => store.dispose(),
  };
}

/**
 * SQL straight into the target's database, as its owner: PostgreSQL through a connection of its
 * own (any time); PGlite by opening its folder (only while no server runs on it).
 */
export async function inspect<T>(
  target: Target,
  fn: (query: <R>(text: string) => Promise<R[]>) => Promise<T>,
): Promise<T> {
  if (target.databaseUrl) {
    const c = new pg.Client({ connectionString: target.databaseUrl });
    await c.connect();
    try {
      return await fn(async <R>(text: string) => (await c.query(text)).rows as R[]);
    } finally {
      await c.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { amcheck } = await import('@electric-sql/pglite/contrib/amcheck');
  const db = new PGlite(path.join(target.dataDir, 'pglite'), { extensions: { amcheck } });
  await db.waitReady;
  try {
    return await fn(async <R>(text: string) => (await db.query(text)).rows as R[]);
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
  opts: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    agent?: http.Agent;
    timeoutMs?: number;
  },
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
        headers:
          opts.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(opts.body)), ...opts.headers }
            : opts.headers,
        agent: opts.agent ?? false,
        insecureHTTPParser: true,
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        lastOnSocket.set(
          res.socket,
          `${opts.method ?? 'GET'} ${opts.path.slice(0, 80)} → ${res.statusCode} (connection: ${res.headers.connection ?? '-'})`,
        );
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (err) =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: '', reset: err.message }),
        );
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
    body:
      body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  let json: unknown;
  try {
    json = a.body ? JSON.parse(a.body) : undefined;
  } catch {
    json = undefined;
  }
  return { ...a, json };
}

export const isoDate = inDays;

export function booking(extra: Record<string, unknown> = {}) {
  return bookingRow('Resilience Test', {
    email: 'resilience@example.com',
    booking_time: '18:30',
    location: '1 Loopback Lane',
    message: null,
    ...extra,
  });
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
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .png()
      .toBuffer();
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
