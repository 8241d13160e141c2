import { restError, type ApiError } from '../http/api-error.ts';
import type { BodyContract } from '../http/body.ts';
import { EXPOSED_SCHEMA } from './exposed-schema.ts';

/**
 * Every code `/rest/v1` answers with, in one table (as PostgREST's own list of `PGRSTxxx` codes),
 * and one constructor per error below. Codes that start with a digit are PostgreSQL's SQLSTATEs,
 * which PostgREST passes through.
 */
export const RestErrorCode = {
  /** PostgREST's catch-all; ours for a failure of the server and a request it could not take. */
  Internal: 'PGRST000',
  InvalidQuery: 'PGRST100',
  InvalidBody: 'PGRST102',
  RangeNotSatisfiable: 'PGRST103',
  InvalidSchema: 'PGRST106',
  NotOneRow: 'PGRST116',
  InvalidPath: 'PGRST125',
  FunctionNotFound: 'PGRST202',
  ColumnNotFound: 'PGRST204',
  TableNotFound: 'PGRST205',
  JwtInvalid: 'PGRST301',
  JwtExpired: 'PGRST303',
  /** Ours: on Supabase the gateway in front of PostgREST refuses a body too large. */
  BodyTooLarge: 'PGRST413',
  /** Ours: the limit on visitors' inserts (docs/decisions/0013-hardening-under-attack.md); GoTrue's spelling. */
  OverRequestRateLimit: 'over_request_rate_limit',
} as const;
export type RestErrorCode = (typeof RestErrorCode)[keyof typeof RestErrorCode];

/** A PostgreSQL SQLSTATE (five digits or capitals), as PostgREST passes them through. */
export type SqlState = string & { readonly __sqlstate: true };
export function sqlState(code: string): SqlState {
  if (!/^[0-9A-Z]{5}$/.test(code)) throw new Error(`not a SQLSTATE: ${code}`);
  return code as SqlState;
}
const CardinalityViolation = sqlState('21000');
const CharacterNotInRepertoire = sqlState('22021');
const UndefinedColumn = sqlState('42703');

const {
  Internal,
  InvalidQuery,
  InvalidBody,
  RangeNotSatisfiable,
  InvalidSchema,
  NotOneRow,
  InvalidPath,
  FunctionNotFound,
} = RestErrorCode;
const { ColumnNotFound, TableNotFound, JwtInvalid, JwtExpired, BodyTooLarge, OverRequestRateLimit } = RestErrorCode;

export const restErrors = {
  /** A failure of ours: never the cause's text. */
  internal: () => restError(500, Internal, 'Internal server error'),
  /** A request the server could not take (cut off, or refused by a helper), with its 4xx status. */
  requestFailed: (status: number, message: string) => restError(status, Internal, message),
  invalidQuery: (message: string, details: string | null = null) => restError(400, InvalidQuery, message, details),
  invalidBody: (details: string, message = 'Empty or invalid json') => restError(400, InvalidBody, message, details),
  tooManyRows: (table: string, rows: number) =>
    restError(
      400,
      InvalidBody,
      'Too many rows in one request',
      `Send one row per request to ${table}; this request had ${rows}`,
    ),
  rangeNotSatisfiable: (range: string) =>
    restError(416, RangeNotSatisfiable, 'Requested range not satisfiable', `Range ${range}`),
  invalidSchema: () => restError(406, InvalidSchema, `The schema must be one of the following: ${EXPOSED_SCHEMA}`),
  notOneRow: (count: number) =>
    restError(
      406,
      NotOneRow,
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${count} rows`,
    ),
  invalidPath: (path: string) => restError(404, InvalidPath, `Invalid path specified in request URL: ${path}`),
  functionNotFound: (name: string, keys: string[]) =>
    restError(
      404,
      FunctionNotFound,
      `Could not find the function ${EXPOSED_SCHEMA}.${name}(${keys.join(', ')}) in the schema cache`,
      'Searched for the function with the given named arguments',
    ),
  columnNotFound: (table: string, column: string) =>
    restError(400, ColumnNotFound, `Could not find the '${column}' column of '${table}' in the schema cache`),
  tableNotFound: (name: string, closest: string | undefined) =>
    restError(
      404,
      TableNotFound,
      `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`,
      null,
      closest ? `Perhaps you meant the table '${EXPOSED_SCHEMA}.${closest}'` : null,
    ),
  notBearer: () => restError(401, JwtInvalid, 'Authorization header is not a bearer token'),
  /** A token that does not verify, with the header PostgREST sends. */
  badToken: (expired: boolean): ApiError => {
    const message = expired ? 'JWT expired' : 'JWSError JWSInvalidSignature';
    const e = restError(401, expired ? JwtExpired : JwtInvalid, message);
    e.headers['WWW-Authenticate'] = `Bearer error="invalid_token", error_description="${message}"`;
    return e;
  },
  bodyTooLarge: (limit: number) =>
    restError(413, BodyTooLarge, 'Request body is too large', `The limit is ${limit} bytes`),
  rateLimited: (windowSeconds: number): ApiError => {
    const e = restError(429, OverRequestRateLimit, 'Too many requests. Please wait a moment and try again.');
    e.headers['Retry-After'] = String(windowSeconds);
    return e;
  },
  /** What pg-safeupdate answers (server/bootstrap.sql mirrors hosted Supabase). */
  noWhereClause: (verb: 'UPDATE' | 'DELETE') => restError(400, CardinalityViolation, `${verb} requires a WHERE clause`),
  /** What PostgREST answers when PostgreSQL refuses a NUL byte. */
  nulInUrl: () => restError(400, CharacterNotInRepertoire, 'invalid byte sequence for encoding "UTF8": 0x00'),
  undefinedColumn: (table: string, column: string) =>
    restError(400, UndefinedColumn, `column ${table}.${column} does not exist`),
  /** A PostgreSQL error passed through as PostgREST does (rest/pg-errors.ts). */
  database: (
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
  ) => restError(status, sqlState(code), message, details, hint),
};

/** `/rest/v1`'s bodies (server/src/http/body.ts): up to 1 MB of any JSON value; NULs are PostgreSQL's to refuse. */
export const restBody: BodyContract = {
  maxBytes: 1024 * 1024,
  tooLarge: (max) => restErrors.bodyTooLarge(max),
  invalid: (err) => restErrors.invalidBody(err.message),
  empty: 'refuse',
};
