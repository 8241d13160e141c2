import { Hono, type Context } from 'hono';
import type { AppContext, AppEnv } from '../http/context.ts';
import { limitBody, readJson } from '../http/body.ts';
import type { Sql } from '../db/index.ts';
import { Catalog } from './catalog.ts';
import { EXPOSED_SCHEMA } from './exposed-schema.ts';
import { guardInsert, guardRpc } from './abuse.ts';
import {
  parseColumns,
  parseFilters,
  parseOnConflict,
  parsePrefer,
  parseReadQuery,
  parseSelect,
  type Prefer,
} from './parse.ts';
import { restBody, restErrors } from './error-codes.ts';
import { fromPgError } from './pg-errors.ts';
import { callFunction } from './rpc.ts';
import { withRetries } from './transient.ts';
import { countRows, deleteRows, insertRows, readRows, updateRows, type Answer } from './queries.ts';
import { cacheKey, ResponseCache } from './response-cache.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json';

/**
 * `/rest/v1`: PostgREST's table endpoints (the subset in docs/api.md). Each request is one
 * transaction run with the caller's role and claims, so grants and row-level security decide.
 */
export function restRoutes(ctx: AppContext, cache = new ResponseCache(ctx.db)): Hono<AppEnv> {
  const catalog = new Catalog(ctx.db);
  const app = new Hono<AppEnv>();

  /**
   * Runs `fn` in one transaction as the caller; database errors become PostgREST's errors. `once`:
   * `fn` runs one statement, which is the whole transaction (Db.once: one round trip on PostgreSQL).
   */
  const run = async <T>(c: Context<AppEnv>, fn: (sql: Sql) => Promise<T>, { once = false } = {}): Promise<T> => {
    const claims = c.get('claims');
    try {
      return await withRetries(() => (once ? ctx.db.once(claims, fn) : ctx.db.tx(claims, fn)));
    } catch (err) {
      throw fromPgError(err, claims.role);
    }
  };

  app.use('*', limitBody(restBody));
  app.use('*', async (c, next) => {
    const method = c.req.method;
    const profile =
      method === 'GET' || method === 'HEAD' ? c.req.header('accept-profile') : c.req.header('content-profile');
    if (profile && profile !== EXPOSED_SCHEMA) {
      throw restErrors.invalidSchema();
    }
    await next();
  });

  app.post('/rpc/:fn', async (c) => {
    const body = await readJson(c, restBody);
    if (!isPlainObject(body)) throw restErrors.invalidBody('Expected a JSON object of named arguments');
    guardRpc(ctx, c, c.req.param('fn'));
    const answer = await run(c, (sql) => callFunction(sql, c.req.param('fn'), body as Record<string, unknown>));
    // An answer about a token (describe_quote, describe_mail_action) is the caller's alone: no cache keeps it.
    return c.body(answer, 200, { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' });
  });

  app.get('/:table', async (c) => {
    // Anonymous reads may be answered from memory (docs/decisions/0012-response-cache.md).
    const key = cacheKey(c);
    if (key !== undefined) {
      const kept = await cache.lookup(key);
      if (kept) return respond(c, kept.status, kept.body, kept.single, kept.range);
    }
    const generation = cache.generation;
    const t = await catalog.table(c.req.param('table'));
    const q = parseReadQuery(new URL(c.req.url).searchParams, c.req.header('range'));
    const prefer = parsePrefer(c.req.header('prefer'), 'representation');
    const single = wantsObject(c);
    const { answer, total } = await run(c, async (sql) => {
      const answer = await readRows(sql, t, q, { single });
      if (single && answer.count !== 1) throw restErrors.notOneRow(answer.count);
      const total = prefer.count ? await countRows(sql, t, q.filters) : undefined;
      return { answer, total };
    });
    const offset = q.offset ?? 0;
    const status = total !== undefined && answer.count < total && !single ? 206 : 200;
    const range = contentRange(offset, answer.count, total);
    if (key !== undefined && t.cacheable) cache.store(key, generation, { status, body: answer.body, single, range });
    return respond(c, status, answer.body, single, range);
  });

  app.post('/:table', async (c) => {
    const t = await catalog.table(c.req.param('table'));
    const params = new URL(c.req.url).searchParams;
    const prefer = parsePrefer(c.req.header('prefer'), 'minimal');
    const single = wantsObject(c);
    const body = await readJson(c, restBody);
    const rows = Array.isArray(body) ? body : [body];
    if (!rows.every(isPlainObject)) throw restErrors.invalidBody('Expected a JSON object or an array of objects');

    const honeypot = guardInsert(ctx, c, t.name, rows.length);
    if (honeypot) {
      // A bot filled the hidden field: it gets a normal success and nothing is stored.
      if (prefer.return !== 'representation') return respond(c, 201, '', single, '*/*');
      return respond(c, 201, JSON.stringify(single ? rows[0] : rows), single, '*/*');
    }

    const columnsParam = parseColumns(params.get('columns'));
    const onConflictParam = parseOnConflict(params.get('on_conflict'));
    const onConflict = prefer.resolution
      ? { columns: onConflictParam ?? t.primaryKey, resolution: prefer.resolution }
      : undefined;
    const returning =
      prefer.return === 'representation' ? { select: parseSelect(params.get('select') ?? undefined), single } : null;
    const groups = insertGroups(rows as Record<string, unknown>[], columnsParam, prefer);

    if (groups.length === 1 && !single) {
      // One statement and nothing to check after it: a transaction of its own, in one round trip.
      const [g] = groups;
      const answer = await run(
        c,
        (sql) => insertRows(sql, t, g!.rows, { columns: g!.columns, onConflict, returning }),
        { once: true },
      );
      if (!returning) return respond(c, 201, '', single, '*/*');
      return respond(c, 201, answer.body, single, answer.count ? `0-${answer.count - 1}/*` : '*/*');
    }
    const answer = await run(c, async (sql) => {
      const parts: Answer[] = [];
      for (const g of groups)
        parts.push(await insertRows(sql, t, g.rows, { columns: g.columns, onConflict, returning }));
      const merged = mergeAnswers(parts, returning !== null && !single);
      if (single && merged.count !== 1) throw restErrors.notOneRow(merged.count);
      return merged;
    });
    if (!returning) return respond(c, 201, '', single, '*/*');
    return respond(c, 201, answer.body, single, answer.count ? `0-${answer.count - 1}/*` : '*/*');
  });

  app.patch('/:table', async (c) => {
    const t = await catalog.table(c.req.param('table'));
    const params = new URL(c.req.url).searchParams;
    const prefer = parsePrefer(c.req.header('prefer'), 'minimal');
    const single = wantsObject(c);
    const filters = parseFilters(params);
    const body = await readJson(c, restBody);
    if (!isPlainObject(body)) throw restErrors.invalidBody('Expected a JSON object');
    if (filters.length === 0) throw restErrors.noWhereClause('UPDATE');
    const returning =
      prefer.return === 'representation' ? { select: parseSelect(params.get('select') ?? undefined), single } : null;
    if (Object.keys(body).length === 0) {
      return returning ? respond(c, 200, single ? 'null' : '[]', single, '*/*') : c.body(null, 204);
    }
    const answer = await run(c, async (sql) => {
      const a = await updateRows(sql, t, body, filters, returning);
      if (single && a.count !== 1) throw restErrors.notOneRow(a.count);
      return a;
    });
    const range = answer.count ? `0-${answer.count - 1}/*` : '*/*';
    if (!returning) return c.body(null, 204, { 'Content-Range': range });
    return respond(c, 200, answer.body, single, range);
  });

  app.delete('/:table', async (c) => {
    const t = await catalog.table(c.req.param('table'));
    const params = new URL(c.req.url).searchParams;
    const prefer = parsePrefer(c.req.header('prefer'), 'minimal');
    const single = wantsObject(c);
    const filters = parseFilters(params);
    if (filters.length === 0) throw restErrors.noWhereClause('DELETE');
    const returning =
      prefer.return === 'representation' ? { select: parseSelect(params.get('select') ?? undefined), single } : null;
    const answer = await run(c, async (sql) => {
      const a = await deleteRows(sql, t, filters, returning);
      if (single && a.count !== 1) throw restErrors.notOneRow(a.count);
      return a;
    });
    const range = answer.count ? `0-${answer.count - 1}/*` : '*/*';
    if (!returning) return c.body(null, 204, { 'Content-Range': range });
    return respond(c, 200, answer.body, single, range);
  });

  return app;
}

function respond(c: Context, status: 200 | 201 | 206, body: string, single: boolean, range: string): Response {
  const headers: Record<string, string> = {
    'Content-Type': single ? `${OBJECT_TYPE}; charset=utf-8` : JSON_TYPE,
    'Content-Range': range,
  };
  if (body === '') return c.body(null, status as 201, headers);
  return c.body(body, status, headers);
}

function contentRange(offset: number, count: number, total: number | undefined): string {
  const of = total === undefined ? '*' : String(total);
  return count > 0 ? `${offset}-${offset + count - 1}/${of}` : `*/${of}`;
}

/** `.single()` and `.maybeSingle()` ask for one object instead of an array. */
function wantsObject(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes(OBJECT_TYPE);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Which columns each row writes. With `columns=` (supabase-js sends it for arrays) every row
 * writes those columns, absent keys as null. Without it every object must have the same keys.
 * With `Prefer: missing=default` absent keys take the column default instead, so rows are grouped
 * by the keys they have.
 */
function insertGroups(
  rows: Record<string, unknown>[],
  columns: string[] | undefined,
  prefer: Prefer,
): { columns: string[]; rows: Record<string, unknown>[] }[] {
  if (rows.length === 0) return [];
  if (prefer.missing === 'default') {
    const groups = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>();
    for (const row of rows) {
      const cols = (columns ?? Object.keys(row)).filter((k) => Object.hasOwn(row, k));
      const key = JSON.stringify(cols);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { columns: cols, rows: [] }));
      g.rows.push(row);
    }
    return [...groups.values()];
  }
  if (columns) return [{ columns, rows }];
  const first = Object.keys(rows[0]!);
  const same = rows.every((r) => {
    const keys = Object.keys(r);
    return keys.length === first.length && keys.every((k) => first.includes(k));
  });
  if (!same) throw restErrors.invalidBody('All object keys must match');
  return [{ columns: first, rows }];
}

function mergeAnswers(parts: Answer[], asArray: boolean): Answer {
  if (parts.length === 1) return parts[0]!;
  const count = parts.reduce((n, p) => n + p.count, 0);
  if (!asArray) return { count, body: parts.find((p) => p.count > 0)?.body ?? '' };
  const rows = parts.flatMap((p) => (p.body ? (JSON.parse(p.body) as unknown[]) : []));
  return { count, body: parts.some((p) => p.body) ? JSON.stringify(rows) : '' };
}
