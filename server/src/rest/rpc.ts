import { restErrors } from './error-codes.ts';
import type { Sql } from '../db/index.ts';
import { EXPOSED_SCHEMA } from './exposed-schema.ts';

/**
 * PostgREST's `POST /rest/v1/rpc/{fn}` for functions of the exposed schema called with named
 * arguments (a JSON object), as supabase-js's `rpc()` sends them. PostgreSQL decides who may call
 * what (EXECUTE grants), since the call runs with the caller's role like every other request.
 * The answer is the function's value as JSON (a set-returning function: an array of its rows).
 */
interface FunctionInfo {
  names: string[];
  types: string[];
  returns_set: boolean;
  return_type: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function notFound(name: string, keys: string[]) {
  return restErrors.functionNotFound(name, keys);
}

export async function callFunction(sql: Sql, name: string, args: Record<string, unknown>): Promise<string> {
  const keys = Object.keys(args).sort();
  if (!IDENTIFIER.test(name) || !keys.every((k) => IDENTIFIER.test(k))) throw notFound(name, keys);
  const { rows } = await sql<FunctionInfo>(
    `select coalesce(p.proargnames[1:p.pronargs], '{}') as names,
            array(select format_type(t, null) from unnest(p.proargtypes) as t) as types,
            p.proretset as returns_set,
            format_type(p.prorettype, null) as return_type
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'
        and (p.proargmodes is null or 'i' = all(p.proargmodes))`,
    [EXPOSED_SCHEMA, name],
  );
  // The one whose arguments are exactly the names sent (no defaults: every argument named).
  const fn = rows.find((r) => r.names.length === keys.length && [...r.names].sort().every((n, i) => n === keys[i]));
  if (!fn) throw notFound(name, keys);

  const params: unknown[] = [];
  const call = fn.names
    .map((argName, i) => {
      const value = args[argName];
      const type = fn.types[i]!;
      params.push(
        value === null || value === undefined
          ? null
          : type === 'json' || type === 'jsonb' || typeof value === 'object'
            ? JSON.stringify(value)
            : String(value),
      );
      // Sent as text and cast by the database: a value the type refuses is PostgreSQL's 22P02 (400),
      // not an error of the driver's own serializer (PGlite's, for a boolean: issue 38, F10).
      return `"${argName}" => $${i + 1}::text::${type}`;
    })
    .join(', ');
  const target = `"${EXPOSED_SCHEMA}"."${name}"(${call})`;
  const text = fn.returns_set
    ? `select coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb)::text as body from ${target} as r`
    : fn.return_type === 'void'
      ? `with called as (select ${target}) select null::text as body from called`
      : `select to_jsonb(${target})::text as body`;
  const { rows: out } = await sql<{ body: string | null }>(text, params);
  return out[0]?.body ?? 'null';
}
