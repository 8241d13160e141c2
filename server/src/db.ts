import fs from 'node:fs';
import pg from 'pg';
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
  /** Runs a script of several statements as the owner, outside any role. */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);
/** As hosted Supabase limits the API roles: a runaway query is cancelled (57014). */
const STATEMENT_TIMEOUT = '8s';

async function asRole(sql: Sql, claims: JwtClaims) {
  if (!ROLES.has(claims.role)) throw new Error(`unknown role ${String(claims.role)}`);
  // One round trip, as PostgREST does it: set_config('role', …, true) is `set local role`.
  // Timestamps in JSON answers read in UTC, as on hosted Supabase.
  await sql(
    `select set_config('request.jwt.claims', $1, true),
            set_config('request.jwt.claim.sub', $2, true),
            set_config('request.jwt.claim.role', $3, true),
            set_config('statement_timeout', $4, true),
            set_config('TimeZone', 'UTC', true),
            set_config('role', $3, true)`,
    [JSON.stringify(claims), claims.sub ?? '', claims.role, STATEMENT_TIMEOUT],
  );
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

export async function openPglite(dataDir: string): Promise<Db> {
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
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    await db.waitReady;
    // JSON timestamps in UTC, as on hosted Supabase.
    await db.exec(`set timezone to 'UTC'`);
  } catch (err) {
    unlock();
    throw err;
  }
  return {
    kind: 'pglite',
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
        if (claims) await asRole(sql, claims);
        return fn(sql);
      });
    },
    async exec(script) {
      await db.exec(script);
    },
    async close() {
      try {
        await db.close();
      } finally {
        unlock();
      }
    },
  };
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (err) => console.error('postgres pool error', err));
  // Fail fast with a clear message when the database cannot be reached.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    async tx(claims, fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
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
        if (claims) await asRole(sql, claims);
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
    async exec(script) {
      await pool.query(script);
    },
    async close() {
      await pool.end();
    },
  };
}

export function openDb(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(`${opts.dataDir}/pglite`);
}
