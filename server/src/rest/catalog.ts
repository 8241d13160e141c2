import type { Db } from '../db/index.ts';
import { restErrors } from './error-codes.ts';
import { EXPOSED_SCHEMA } from './exposed-schema.ts';

/** What the REST layer knows about the exposed schema, read from pg_catalog. */
export interface TableInfo {
  schema: string;
  name: string;
  columns: Map<string, { type: string }>;
  primaryKey: string[];
  /**
   * Whether anon answers from this table may be kept in memory (docs/decisions/0012-response-cache.md):
   * an ordinary table whose writes notify (the `notify_table_change` trigger) and whose read
   * policies for anon depend on nothing but its rows and the claims (see `policyIsCacheable`).
   */
  cacheable: boolean;
}

/**
 * Read-policy text that makes an answer depend on something no table_change notification reports:
 * the clock, randomness, settings, sequences, a subquery (another table, maybe without the
 * trigger), or a function other than the few known to read only the request's claims.
 */
const UNCACHEABLE_POLICY =
  /\b(now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|current_date|current_time|current_timestamp|localtime|localtimestamp|current_setting|nextval|currval|select)\b/i;
const POLICY_CALL = /([a-z_][a-z0-9_$]*\s*\.\s*)?([a-z_][a-z0-9_$]*)\s*\(/gi;
const CLAIMS_ONLY_CALLS = new Set([
  'uid',
  'jwt',
  'role',
  'is_owner',
  'any',
  'all',
  'array',
  'coalesce',
  'lower',
  'upper',
  'length',
  'nullif',
]);

/** `(select auth.uid())`, Supabase's advice for policies: evaluated once, still only the claims. */
const CLAIMS_SUBQUERY =
  /\(\s*select\s+(auth\s*\.\s*(uid|jwt|role)|private\s*\.\s*is_owner)\s*\(\s*\)(\s+as\s+\w+)?\s*\)/gi;

function policyIsCacheable(policies: string): boolean {
  const text = policies.replace(CLAIMS_SUBQUERY, 'true');
  if (UNCACHEABLE_POLICY.test(text)) return false;
  for (const m of text.matchAll(POLICY_CALL)) {
    if (!CLAIMS_ONLY_CALLS.has(m[2]!.toLowerCase())) return false;
  }
  return true;
}

/** A cache miss reloads the catalog at most this often (a table made after start is found). */
const MISS_RELOAD_MS = 5_000;

export class Catalog {
  private tables = new Map<string, TableInfo>();
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  /** Reads tables, views and their columns; call after migrations. */
  async reload(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load() {
    const rows = await this.db.tx(null, async (sql) => {
      const cols = await sql<{ table_name: string; column_name: string; type: string }>(
        `select c.relname as table_name, a.attname as column_name,
                format_type(a.atttypid, a.atttypmod) as type
           from pg_class c
           join pg_namespace n on n.oid = c.relnamespace
           join pg_attribute a on a.attrelid = c.oid
          where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
            and a.attnum > 0 and not a.attisdropped
          order by c.relname, a.attnum`,
        [EXPOSED_SCHEMA],
      );
      const pks = await sql<{ table_name: string; column_name: string }>(
        `select c.relname as table_name, a.attname as column_name
           from pg_index i
           join pg_class c on c.oid = i.indrelid
           join pg_namespace n on n.oid = c.relnamespace
           join pg_attribute a on a.attrelid = c.oid and a.attnum = any (i.indkey)
          where n.nspname = $1 and i.indisprimary
          order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
        [EXPOSED_SCHEMA],
      );
      const watched = await sql<{ table_name: string; relkind: string; triggered: boolean; policies: string | null }>(
        `select c.relname as table_name, c.relkind::text as relkind,
                exists (select from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'notify_table_change') as triggered,
                (select string_agg(coalesce(pg_get_expr(p.polqual, p.polrelid), ''), ' ')
                   from pg_policy p
                  where p.polrelid = c.oid and p.polcmd in ('r', '*')
                    -- only what applies to anon: policies for public (0) or for anon
                    and (0 = any (p.polroles) or exists (select from pg_roles r where r.rolname = 'anon' and r.oid = any (p.polroles)))
                ) as policies
           from pg_class c
           join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`,
        [EXPOSED_SCHEMA],
      );
      return { cols: cols.rows, pks: pks.rows, watched: watched.rows };
    });
    const tables = new Map<string, TableInfo>();
    for (const r of rows.cols) {
      let t = tables.get(r.table_name);
      if (!t) {
        t = { schema: EXPOSED_SCHEMA, name: r.table_name, columns: new Map(), primaryKey: [], cacheable: false };
        tables.set(r.table_name, t);
      }
      t.columns.set(r.column_name, { type: r.type });
    }
    for (const r of rows.pks) tables.get(r.table_name)?.primaryKey.push(r.column_name);
    for (const r of rows.watched) {
      const t = tables.get(r.table_name);
      if (t)
        t.cacheable = (r.relkind === 'r' || r.relkind === 'p') && r.triggered && policyIsCacheable(r.policies ?? '');
    }
    this.tables = tables;
    this.loadedAt = Date.now();
  }

  /** The table, or PostgREST's 404 `PGRST205`. */
  async table(name: string): Promise<TableInfo> {
    if (this.loadedAt === 0) await this.reload();
    let t = this.tables.get(name);
    if (!t && Date.now() - this.loadedAt > MISS_RELOAD_MS) {
      await this.reload();
      t = this.tables.get(name);
    }
    if (!t) {
      const hint = this.closest(name);
      throw restErrors.tableNotFound(name, hint);
    }
    return t;
  }

  private closest(name: string): string | undefined {
    let best: string | undefined;
    let bestScore = Infinity;
    for (const candidate of this.tables.keys()) {
      const d = distance(name.toLowerCase(), candidate.toLowerCase());
      if (d < bestScore) {
        bestScore = d;
        best = candidate;
      }
    }
    return bestScore <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
  }
}

/** Levenshtein distance, for the "Perhaps you meant" hint. */
function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/** A column of the table, or PostgREST's 400 for an unknown column. */
export function requireColumn(table: TableInfo, column: string): string {
  if (!table.columns.has(column)) {
    throw restErrors.undefinedColumn(table.name, column);
  }
  return column;
}

/** A column named in a request body, or PostgREST's 400 `PGRST204`. */
export function requireBodyColumn(table: TableInfo, column: string): string {
  if (!table.columns.has(column)) {
    throw restErrors.columnNotFound(table.name, column);
  }
  return column;
}
