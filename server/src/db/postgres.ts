import type pg from 'pg';
import type { Db, Listener, Sql } from './types.ts';
import { onceMessage } from './inline-params.ts';
import { PostgresListener } from './listener.ts';
import { HOSTED_STATEMENT_TIMEOUTS, oneStatement, roleStatement } from './statements.ts';

/** The PostgreSQL adapter: a pool of connections (node-postgres) to DATABASE_URL. */
export async function openPostgres(url: string, opts: { poolSize?: number } = {}): Promise<Db> {
  // Loaded here, not at start: a server on PGlite does not hold the driver in memory.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  const listeners = new Set<Listener>();
  // An idle connection the database ended (a restart, a dropped database, an administrator's
  // command) is discarded by the pool, and the next query opens another: nothing is lost, so it is
  // a warning, not an error.
  pool.on('error', (err) =>
    console.warn(`postgres: an idle connection was closed by the server (${err.message}); the pool replaces it`),
  );
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
        await client.query(claims ? `begin; ${roleStatement(claims, api.statementTimeouts)}` : 'begin');
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
        const message = onceMessage(claims, api.statementTimeouts, text, params);
        // A parameter that is not text: the ordinary transaction, with the statement as given.
        if (message === undefined) return api.tx(claims, (sql) => sql(text, params));
        const results = (await pool.query(message)) as unknown as pg.QueryResult[];
        const r = results[results.length - 1]!;
        return { rows: r.rows as never[], rowCount: r.rowCount ?? r.rows.length };
      };
      return fn(oneStatement(query));
    },
    async exec(script) {
      await pool.query(script);
    },
    async listen(channel, handlers) {
      const listener = new PostgresListener(pg, url, channel, handlers);
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
