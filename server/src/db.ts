import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import v8 from 'node:v8';
import type pg from 'pg';
import { lockDataFolder } from './data-lock.ts';
import type { JwtClaims } from './keys.ts';

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}
export interface Sql {
  /** One statement; values only ever as `$n` parameters. */
  <R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** A script of several statements without parameters (migrations), inside the same transaction. */
  script(text: string): Promise<void>;
}

export interface Db {
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction. With claims, the transaction first does what PostgREST
   * does: `set local role` to the claims' role and sets `request.jwt.claims` (and the legacy
   * `request.jwt.claim.sub` / `.role`), so row-level security decides. With `null` it runs as
   * the owner (server-internal work such as auth.users and migrations).
   */
  tx<T>(claims: JwtClaims | null, fn: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * As `tx`, for a request that is one statement with text parameters (an insert through the
   * API): `fn` may run one statement, and that statement is the whole transaction. On PostgreSQL
   * the role and the statement go to the server in one message, an implicit transaction that
   * commits when the statement succeeds and rolls back when it fails (one round trip instead of
   * three; docs/decisions/0014-booking-insert-throughput.md).
   */
  once<T>(claims: JwtClaims, fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Runs a script of several statements as the owner, outside any role. */
  exec(script: string): Promise<void>;
  /**
   * Each API role's statement timeout for the requests to come: hosted's at first, then the roles'
   * own settings once migrate() has read them (HOSTED_STATEMENT_TIMEOUTS).
   */
  statementTimeouts: Map<string, string>;
  /**
   * Calls `onNotify` for each notification on `channel` (PostgreSQL's LISTEN), and `onLost` when
   * notifications may have been missed (the listening connection broke; it is opened again).
   */
  listen(channel: string, handlers: { onNotify: (payload: string) => void; onLost: () => void }): Promise<Listener>;
  /**
   * PGlite only: copies the database folder to `dest` while no statement runs (a moment): a copy
   * as a crash would leave it, which PostgreSQL's recovery makes consistent when it is opened
   * (server/src/backup/snapshot.ts).
   */
  copyFolder?(dest: string): Promise<void>;
  close(): Promise<void>;
}

export interface Listener {
  /** False while notifications may be missed (before the first LISTEN, after a broken connection). */
  readonly live: boolean;
  /**
   * Resolves once every notification committed before the call has been handed to `onNotify`
   * (docs/decisions/0012-response-cache.md); rejects when that cannot be known.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Each API role's `statement_timeout`, applied in every request's transaction as PostgREST applies
 * the impersonated role's settings: a runaway query is cancelled (57014). These are hosted
 * Supabase's (anon 3 s, authenticated 8 s, and 8 s for the service role, which has no setting and
 * runs under the authenticator's); server/bootstrap.sql gives the roles the same settings, and
 * migrate() reads the roles' own settings from the database, so one a migration changes applies.
 * PGlite (one WebAssembly thread, no timer signals) takes the setting but cannot cancel a query.
 */
export const HOSTED_STATEMENT_TIMEOUTS: Readonly<Record<string, string>> = {
  anon: '3s',
  authenticated: '8s',
  service_role: '8s',
};
/**
 * The statement that starts a request's transaction as PostgREST does: set_config('role', …, true)
 * is `set local role`; timestamps in JSON answers read in UTC, as on hosted Supabase. Values are
 * quoted by `literal` so that `begin` and this go to the server together (one round trip).
 */
function roleStatement(claims: JwtClaims, literal: (value: string) => string, timeouts: Map<string, string>): string {
  if (!ROLES.has(claims.role)) throw new Error(`unknown role ${String(claims.role)}`);
  return `select set_config('request.jwt.claims', ${literal(JSON.stringify(claims))}, true),
            set_config('request.jwt.claim.sub', ${literal(claims.sub ?? '')}, true),
            set_config('request.jwt.claim.role', ${literal(claims.role)}, true),
            set_config('statement_timeout', ${literal(timeouts.get(claims.role) ?? HOSTED_STATEMENT_TIMEOUTS[claims.role]!)}, true),
            set_config('TimeZone', 'UTC', true),
            set_config('role', ${literal(claims.role)}, true)`;
}

/** A PostgreSQL string literal (standard_conforming_strings is on in every supported version). */
function quoteLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('NUL in a claim');
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * The statement with each `$n` replaced by its value as a quoted literal, or undefined when a value
 * is not a string or null (or holds a NUL, which PostgreSQL reports better as a parameter). `$n`
 * inside quoted identifiers and string literals is left alone; the statements come from
 * server/src/rest/queries.ts, which writes no dollar-quoted strings.
 */
export function inlineParams(text: string, params: unknown[]): string | undefined {
  if (!params.every((v) => v === null || (typeof v === 'string' && !v.includes('\0')))) return undefined;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      // To the closing quote; a doubled quote is part of the name or string.
      let j = i + 1;
      for (;;) {
        const k = text.indexOf(ch, j);
        if (k < 0) throw new Error('unterminated quote in a statement');
        if (text[k + 1] === ch) j = k + 2;
        else {
          j = k + 1;
          break;
        }
      }
      out += text.slice(i, j);
      i = j;
      continue;
    }
    const m = ch === '$' ? /^\$(\d+)/.exec(text.slice(i, i + 8)) : null;
    if (m) {
      const n = Number(m[1]);
      if (n < 1 || n > params.length) throw new Error(`no value for $${n}`);
      const v = params[n - 1] as string | null;
      out += v === null ? 'null' : quoteLiteral(v);
      i += m[0].length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

/** An `Sql` that runs `query` once and refuses a second statement or a script (Db.once). */
function oneStatement(query: (text: string, params?: unknown[]) => Promise<QueryResult<unknown>>): Sql {
  let ran = false;
  const refuse = () => Promise.reject(new Error('db.once runs one statement'));
  const once = (text: string, params?: unknown[]) => {
    if (ran) return refuse();
    ran = true;
    return query(text, params);
  };
  return Object.assign(once, { script: refuse }) as Sql;
}

const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Creates a new PGlite database folder in a short-lived child process. initdb runs in a WebAssembly
 * instance of its own whose memory the process never gives back to the system (about 500 MB of
 * resident memory); in a child it is gone when the child exits, and the server opens a ready folder.
 */
async function initdbInChild(dataDir: string): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = new PGlite(process.argv[1]);
await db.waitReady;
await db.close();`;
  const { spawn } = await import('node:child_process');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Could not create the database in ${dataDir}: ${stderr.trim() || `exit code ${code}`}`)),
    );
  });
}

/**
 * PGlite's file system (Emscripten's NODEFS) has no fsync: PostgreSQL's flush of the WAL at commit
 * reaches a function that does nothing, and PGlite starts with `-F` (fsync off) besides. With
 * `fsync`, the server starts PostgreSQL without `-F`, has it flush the WAL with fsync() (the one
 * call Emscripten hands to the file system), and gives NODEFS's files an fsync that is Node's: each
 * commit's WAL reaches the disk before the commit is answered, as on PostgreSQL
 * (docs/decisions/0020-backups-and-durability.md; server/test/fsync.test.ts counts them).
 */
function pgliteFsyncParams(defaults: string[], fsync: boolean): string[] {
  return fsync ? [...defaults.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'] : defaults;
}

interface NodeFsStream {
  nfd?: number;
}

function giveNodeFsAnFsync(pg: unknown) {
  const nodefs = (pg as { Module?: { NODEFS?: { stream_ops?: { fsync?: (s: NodeFsStream) => number } } } }).Module?.NODEFS;
  if (!nodefs?.stream_ops) throw new Error('PGlite: cannot reach its file system to make fsync work (set PGLITE_FSYNC=false to run without)');
  nodefs.stream_ops.fsync = (stream) => {
    if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd);
    return 0;
  };
}

export async function openPglite(dataDir: string, opts: { fsync?: boolean } = {}): Promise<Db> {
  const fsync = opts.fsync ?? true;
  // PostgreSQL in WebAssembly, compiled by V8's baseline compiler only: the optimising tier's code
  // held about 60 MB more at rest for about 12 % more booking inserts a second (reads are answered
  // from memory either way; docs/decisions/0016-memory-at-rest.md). Set before PGlite compiles its
  // module; it concerns WebAssembly only, and PGlite is the only WebAssembly the server runs.
  v8.setFlagsFromString('--liftoff-only');
  const { PGlite } = await import('@electric-sql/pglite');
  fs.mkdirSync(dataDir, { recursive: true });
  // One process per folder (server/src/data-lock.ts): taken before PGlite reads a byte.
  const unlock = lockDataFolder(dataDir);
  let db: InstanceType<typeof PGlite>;
  try {
    if (!fs.existsSync(`${dataDir}/PG_VERSION`)) await initdbInChild(dataDir);
    db = new PGlite(dataDir, {
      // The cache of table pages; PostgreSQL's default (128 MB) is sized for a database server,
      // ours holds a few megabytes of rows. Only the cache: writes and their durability are the same.
      startParams: [...pgliteFsyncParams(PGlite.defaultStartParams, fsync), '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    await db.waitReady;
    if (fsync) {
      giveNodeFsAnFsync(db);
      // What start-up wrote before the file system could flush (recovery after a crash): to disk now.
      await db.exec('checkpoint');
    }
    // JSON timestamps in UTC, as on hosted Supabase.
    await db.exec(`set timezone to 'UTC'`);
  } catch (err) {
    unlock();
    throw err;
  }
  const api: Db = {
    kind: 'pglite',
    statementTimeouts: new Map(Object.entries(HOSTED_STATEMENT_TIMEOUTS)),
    async tx(claims, fn) {
      // PGlite has one connection; its transaction() serialises callers.
      return db.transaction(async (t) => {
        const query = async (text: string, params?: unknown[]) => {
          const r = await t.query(text, params);
          return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
        };
        const sql = Object.assign(query, {
          script: async (text: string) => {
            await t.exec(text);
          },
        }) as Sql;
        if (claims) await t.exec(roleStatement(claims, quoteLiteral, api.statementTimeouts));
        return fn(sql);
      });
    },
    once(claims, fn) {
      // In one process a round trip costs nothing: the ordinary transaction, held to one statement.
      return api.tx(claims, (sql) => fn(oneStatement(sql)));
    },
    async exec(script) {
      await db.exec(script);
    },
    async listen(channel, { onNotify }) {
      // In one process PGlite hands a notification to its listeners while it reads the answer to
      // the COMMIT that sent it, before that COMMIT's promise settles: nothing to wait for.
      const unlisten = await db.listen(channel, onNotify);
      return { live: true, sync: () => Promise.resolve(), close: unlisten };
    },
    async copyFolder(dest) {
      // Less for the copy to replay: pages written and the WAL trimmed first.
      await db.exec('checkpoint');
      await db.runExclusive(() => fs.promises.cp(dataDir, dest, { recursive: true }));
    },
    async close() {
      try {
        await db.close();
      } finally {
        unlock();
      }
    },
  };
  return api;
}

export async function openPostgres(url: string, opts: { poolSize?: number } = {}): Promise<Db> {
  // Loaded here, not at start: a server on PGlite does not hold the driver in memory.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  const listeners = new Set<Listener>();
  // An idle connection the database ended (a restart, a dropped database, an administrator's
  // command) is discarded by the pool, and the next query opens another: nothing is lost, so it is
  // a warning, not an error.
  pool.on('error', (err) => console.warn(`postgres: an idle connection was closed by the server (${err.message}); the pool replaces it`));
  // Fail fast with a clear message when the database cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const api: Db = {
    kind: 'postgres',
    statementTimeouts: new Map(Object.entries(HOSTED_STATEMENT_TIMEOUTS)),
    async tx(claims, fn) {
      const client = await pool.connect();
      try {
        // `begin` and the role in one round trip (the simple protocol takes several statements).
        await client.query(claims ? `begin; ${roleStatement(claims, quoteLiteral, api.statementTimeouts)}` : 'begin');
        const query = async (text: string, params?: unknown[]) => {
          const r = await client.query(text, params);
          return { rows: r.rows as never[], rowCount: r.rowCount ?? r.rows.length };
        };
        const sql = Object.assign(query, {
          script: async (text: string) => {
            // Without parameters pg uses the simple protocol, which accepts several statements.
            await client.query(text);
          },
        }) as Sql;
        const out = await fn(sql);
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    once(claims, fn) {
      const query = async (text: string, params: unknown[] = []) => {
        const inlined = inlineParams(text, params);
        if (inlined === undefined) {
          // A parameter that is not text: the ordinary transaction, with the statement as given.
          return api.tx(claims, (sql) => sql(text, params));
        }
        // Several statements in one simple query are one transaction: the settings are local to it,
        // and it commits after the last statement or rolls back at the first error.
        const results = (await pool.query(`${roleStatement(claims, quoteLiteral, api.statementTimeouts)};\n${inlined}`)) as unknown as pg.QueryResult[];
        const r = results[results.length - 1]!;
        return { rows: r.rows as never[], rowCount: r.rowCount ?? r.rows.length };
      };
      return fn(oneStatement(query));
    },
    async exec(script) {
      await pool.query(script);
    },
    async listen(channel, handlers) {
      const listener = await postgresListener(pg, url, channel, handlers);
      listeners.add(listener);
      return {
        get live() {
          return listener.live;
        },
        sync: () => listener.sync(),
        close: async () => {
          listeners.delete(listener);
          await listener.close();
        },
      };
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.close()));
      await pool.end();
    },
  };
  return api;
}

/**
 * LISTEN on a connection of its own. `sync()` sends `select 1` on that connection: PostgreSQL
 * signals listening sessions before it acknowledges the commit that notified, and a session
 * sends pending notifications before the answer to its next query, so once that answer is read
 * every notification committed before the `select 1` was sent has been delivered. Callers that
 * arrive while a `select 1` is under way share the next one (one round trip per batch).
 */
async function postgresListener(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  handlers: { onNotify: (payload: string) => void; onLost: () => void },
): Promise<Listener> {
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let inFlight: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let reported = false;

  const probes = new Map<string, () => void>();
  const retry = (ms: number) => {
    if (!closed) setTimeout(() => void connect(), ms).unref();
  };

  /** Listens on a new connection; on failure tries again later (never throws). */
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel !== channel) return;
      const payload = n.payload ?? '';
      probes.get(payload)?.();
      handlers.onNotify(payload);
    });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      live = false;
      handlers.onLost();
      retry(1000);
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`listen ${channel.replace(/[^a-z0-9_]/g, '')}`);
      // A notification sent from another connection must arrive: through a proxy that pools
      // transactions (PgBouncer's transaction mode) LISTEN is not kept, and nothing would say so.
      const token = `probe ${randomUUID()}`;
      const arrived = new Promise<void>((resolve, reject) => {
        probes.set(token, resolve);
        setTimeout(() => reject(new Error(`no notification arrived on ${channel} within 5 s (a transaction-pooling proxy?)`)), 5000).unref();
      });
      arrived.catch(() => {});
      const other = new pg.Client({ connectionString: url });
      try {
        await other.connect();
        await other.query('select pg_notify($1, $2)', [channel, token]);
      } finally {
        await other.end().catch(() => {});
      }
      await arrived.finally(() => probes.delete(token));
    } catch (err) {
      await c.end().catch(() => {});
      if (closed) return; // closed while it was connecting: nothing to say
      if (!reported) console.error(`response cache off until notifications arrive: ${(err as Error).message}`);
      reported = true;
      retry(30_000);
      return;
    }
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    live = true;
    reported = false;
    // Anything committed while no connection listened may have been missed.
    handlers.onLost();
  };

  const ping = (): Promise<void> => {
    const c = client;
    if (!c) return Promise.reject(new Error('not listening'));
    inFlight = c.query('select 1').then(
      () => {
        inFlight = undefined;
      },
      (err: unknown) => {
        inFlight = undefined;
        throw err;
      },
    );
    return inFlight;
  };

  // In the background: the handle exists at once, so closing the database closes it even while
  // it is still connecting (a server stopped right after it started).
  void connect();
  return {
    get live() {
      return live;
    },
    sync() {
      if (!inFlight) return ping();
      // A select 1 already sent may have been answered before this caller's commit: wait for the next.
      queued ??= inFlight.catch(() => {}).then(() => {
        queued = undefined;
        return ping();
      });
      return queued;
    },
    async close() {
      closed = true;
      live = false;
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

export function openDb(opts: { databaseUrl?: string; dataDir: string; fsync?: boolean }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(`${opts.dataDir}/pglite`, { fsync: opts.fsync });
}
