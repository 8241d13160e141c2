import type { JwtClaims } from '../data-dir/keys.ts';
import type { QueryResult, Sql } from './types.ts';

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
 * quoted by `quoteLiteral` so that `begin` and this go to the server together (one round trip).
 */
export function roleStatement(claims: JwtClaims, timeouts: Map<string, string>): string {
  if (!ROLES.has(claims.role)) throw new Error(`unknown role ${String(claims.role)}`);
  return `select set_config('request.jwt.claims', ${quoteLiteral(JSON.stringify(claims))}, true),
            set_config('request.jwt.claim.sub', ${quoteLiteral(claims.sub ?? '')}, true),
            set_config('request.jwt.claim.role', ${quoteLiteral(claims.role)}, true),
            set_config('statement_timeout', ${quoteLiteral(timeouts.get(claims.role) ?? HOSTED_STATEMENT_TIMEOUTS[claims.role]!)}, true),
            set_config('TimeZone', 'UTC', true),
            set_config('role', ${quoteLiteral(claims.role)}, true)`;
}

/**
 * A PostgreSQL string literal in the standard syntax: quotes doubled, backslashes as they are
 * (standard_conforming_strings is on in every supported PostgreSQL and cannot be turned off on
 * hosted Supabase). A NUL cannot be in a PostgreSQL string: refused.
 */
export function quoteLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('a NUL cannot be written as a PostgreSQL literal');
  return `'${value.replace(/'/g, "''")}'`;
}

/** An `Sql` that runs `query` once and refuses a second statement or a script (Db.once). */
export function oneStatement(query: (text: string, params?: unknown[]) => Promise<QueryResult<unknown>>): Sql {
  let ran = false;
  const refuse = () => Promise.reject(new Error('db.once runs one statement'));
  const once = (text: string, params?: unknown[]) => {
    if (ran) return refuse();
    ran = true;
    return query(text, params);
  };
  return Object.assign(once, { script: refuse }) as Sql;
}
