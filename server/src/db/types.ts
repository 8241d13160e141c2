import type { JwtClaims } from '../data-dir/keys.ts';

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
   * three; docs/decisions/0014-booking-insert-throughput.md). PGlite does the same in one call, and
   * with fsync on answers it after a flush shared with the inserts made at the same time
   * (group-commit.ts; docs/decisions/0062-booking-inserts-measured.md).
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
