import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

/**
 * The database, whichever it is: the interface every caller uses (types.ts), and `openDb`, which picks
 * the adapter. The adapters are beside it: PGlite (pglite.ts), PostgreSQL (postgres.ts) with its
 * LISTEN connection (listener.ts); what both send is in statements.ts, and Db.once's parameter
 * inliner in inline-params.ts. The migrations are run by migrate.ts.
 */
export { openPglite, openPostgres };
export type { Db, Listener, QueryResult, Sql } from './types.ts';
export { HOSTED_STATEMENT_TIMEOUTS } from './statements.ts';
export { inlineParams, UnlexableStatementError } from './inline-params.ts';

export function openDb(opts: { databaseUrl?: string; dataDir: string; fsync?: boolean }): Promise<Db> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPglite(`${opts.dataDir}/pglite`, { fsync: opts.fsync });
}
