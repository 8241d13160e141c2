import type { Sql } from '../db/index.ts';
import { requireBodyColumn, requireColumn, type TableInfo } from './catalog.ts';
import type { Filter, OrderTerm, ReadQuery, SelectItem } from './parse.ts';

/**
 * The REST layer's SQL, built from parsed requests: every identifier has been checked against the
 * catalog and is quoted; every value is a bound parameter. The JSON answers are made by PostgreSQL
 * (`json_agg`), as PostgREST does, so dates and numbers read exactly as on hosted Supabase.
 */

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function tableRef(t: TableInfo): string {
  return `${ident(t.schema)}.${ident(t.name)}`;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function selectList(t: TableInfo, items: SelectItem[], rel: string): string {
  return items
    .map((item) => (item.star ? `${rel}.*` : `${rel}.${ident(requireColumn(t, item.column))} as ${ident(item.alias)}`))
    .join(', ');
}

function filterSql(t: TableInfo, f: Filter, rel: string, p: Params): string {
  const col = `${rel}.${ident(requireColumn(t, f.column))}`;
  let expr: string;
  switch (f.op) {
    case 'eq':
      expr = `${col} = ${p.add(f.value)}`;
      break;
    case 'neq':
      expr = `${col} <> ${p.add(f.value)}`;
      break;
    case 'gt':
      expr = `${col} > ${p.add(f.value)}`;
      break;
    case 'gte':
      expr = `${col} >= ${p.add(f.value)}`;
      break;
    case 'lt':
      expr = `${col} < ${p.add(f.value)}`;
      break;
    case 'lte':
      expr = `${col} <= ${p.add(f.value)}`;
      break;
    case 'like':
      expr = `${col} like ${p.add(f.value.replace(/\*/g, '%'))}`;
      break;
    case 'ilike':
      expr = `${col} ilike ${p.add(f.value.replace(/\*/g, '%'))}`;
      break;
    case 'in':
      expr = f.values.length === 0 ? 'false' : `${col} in (${f.values.map((v) => p.add(v)).join(', ')})`;
      break;
    case 'is':
      expr = `${col} is ${f.value === 'not_null' ? 'not null' : f.value}`;
      break;
  }
  return f.negate ? `not (${expr})` : expr;
}

function whereSql(t: TableInfo, filters: Filter[], rel: string, p: Params): string {
  return filters.length ? ` where ${filters.map((f) => filterSql(t, f, rel, p)).join(' and ')}` : '';
}

function orderSql(t: TableInfo, order: OrderTerm[], rel: string): string {
  if (!order.length) return '';
  const terms = order.map(
    (o) => `${rel}.${ident(requireColumn(t, o.column))} ${o.direction}${o.nulls ? ` nulls ${o.nulls}` : ''}`,
  );
  return ` order by ${terms.join(', ')}`;
}

/** How the rows of an answer are shaped: a JSON array, or its one element for `.single()`. */
function aggregate(single: boolean): string {
  return single ? `(json_agg(_pgrst_t) -> 0)::text as body` : `coalesce(json_agg(_pgrst_t), '[]'::json)::text as body`;
}

export interface Answer {
  /** Rows in the answer. */
  count: number;
  /** The JSON text to send. */
  body: string;
}

export async function readRows(sql: Sql, t: TableInfo, q: ReadQuery, opts: { single: boolean }): Promise<Answer> {
  const p = new Params();
  const rel = tableRef(t);
  let inner = `select ${selectList(t, q.select, rel)} from ${rel}${whereSql(t, q.filters, rel, p)}${orderSql(t, q.order, rel)}`;
  if (q.limit !== undefined) inner += ` limit ${p.add(q.limit)}`;
  if (q.offset !== undefined) inner += ` offset ${p.add(q.offset)}`;
  const { rows } = await sql<{ n: number; body: string | null }>(
    `select count(*)::int as n, ${aggregate(opts.single)} from (${inner}) _pgrst_t`,
    p.values,
  );
  return { count: rows[0]?.n ?? 0, body: rows[0]?.body ?? 'null' };
}

/** The number of rows the filters match, for `Prefer: count=exact`. */
export async function countRows(sql: Sql, t: TableInfo, filters: Filter[]): Promise<number> {
  const p = new Params();
  const rel = tableRef(t);
  const { rows } = await sql<{ total: number }>(
    `select count(*)::int as total from ${rel}${whereSql(t, filters, rel, p)}`,
    p.values,
  );
  return rows[0]?.total ?? 0;
}

/** Runs a write; with `returning`, answers the written rows shaped by the select list. */
async function write(
  sql: Sql,
  t: TableInfo,
  statement: string,
  p: Params,
  returning: { select: SelectItem[]; single: boolean } | null,
): Promise<Answer> {
  if (!returning) {
    const r = await sql(statement, p.values);
    return { count: r.rowCount, body: '' };
  }
  const { rows } = await sql<{ n: number; body: string | null }>(
    `with pgrst_source as (${statement} returning ${tableRef(t)}.*)
     select count(*)::int as n, ${aggregate(returning.single)}
       from (select ${selectList(t, returning.select, 'pgrst_source')} from pgrst_source) _pgrst_t`,
    p.values,
  );
  return { count: rows[0]?.n ?? 0, body: rows[0]?.body ?? 'null' };
}

export interface InsertOptions {
  /** The columns to write; absent keys are null (or the column default, see `missingDefault`). */
  columns: string[];
  /** Conflict target for upserts, with what to do on a conflict. */
  onConflict?: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' };
  returning: { select: SelectItem[]; single: boolean } | null;
}

/**
 * One `insert … select … from json_populate_recordset(…)`: PostgreSQL converts the JSON values to
 * the columns' types, so a bad value is PostgreSQL's own error (22P02, 22007…), never ours.
 */
export async function insertRows(
  sql: Sql,
  t: TableInfo,
  rows: Record<string, unknown>[],
  opts: InsertOptions,
): Promise<Answer> {
  const p = new Params();
  const rel = tableRef(t);
  const cols = opts.columns.map((c) => ident(requireBodyColumn(t, c)));
  let statement: string;
  if (cols.length === 0) {
    // `{}`: one row of defaults per object, as PostgREST does.
    statement = `insert into ${rel} select from json_array_elements(${p.add(JSON.stringify(rows))}::json)`;
  } else {
    statement =
      `insert into ${rel} (${cols.join(', ')}) ` +
      `select ${cols.join(', ')} from json_populate_recordset(null::${rel}, ${p.add(JSON.stringify(rows))}::json)`;
  }
  if (opts.onConflict) {
    const target = opts.onConflict.columns.map((c) => ident(requireColumn(t, c))).join(', ');
    if (opts.onConflict.resolution === 'ignore-duplicates') {
      statement += ` on conflict (${target}) do nothing`;
    } else {
      const updates = cols.map((c) => `${c} = excluded.${c}`);
      statement += updates.length
        ? ` on conflict (${target}) do update set ${updates.join(', ')}`
        : ` on conflict (${target}) do nothing`;
    }
  }
  return write(sql, t, statement, p, opts.returning);
}

export async function updateRows(
  sql: Sql,
  t: TableInfo,
  patch: Record<string, unknown>,
  filters: Filter[],
  returning: InsertOptions['returning'],
): Promise<Answer> {
  const p = new Params();
  const rel = tableRef(t);
  const body = p.add(JSON.stringify(patch));
  const sets = Object.keys(patch).map((c) => `${ident(requireBodyColumn(t, c))} = _pgrst_body.${ident(c)}`);
  const statement =
    `update ${rel} set ${sets.join(', ')} ` +
    `from (select * from json_populate_record(null::${rel}, ${body}::json)) _pgrst_body` +
    whereSql(t, filters, rel, p);
  return write(sql, t, statement, p, returning);
}

export async function deleteRows(
  sql: Sql,
  t: TableInfo,
  filters: Filter[],
  returning: InsertOptions['returning'],
): Promise<Answer> {
  const p = new Params();
  const rel = tableRef(t);
  return write(sql, t, `delete from ${rel}${whereSql(t, filters, rel, p)}`, p, returning);
}
