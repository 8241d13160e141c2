import { ApiError } from '../http/api-error.ts';
import { restErrors } from './error-codes.ts';
import type { Role } from '../data-dir/keys.ts';

interface PgError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
  /** The call stack of functions and triggers the error came through, when it did. */
  where?: string;
}

function isPgError(err: unknown): err is PgError {
  return (
    err instanceof Error &&
    typeof (err as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((err as unknown as { code: string }).code)
  );
}

/**
 * PostgREST's table from SQLSTATE to HTTP status. Everything caused by the request (classes 22,
 * 23, 42 and the like) is a 4xx with PostgreSQL's own message; server-side failures (connection,
 * resources, internal) are 5xx with a generic message, their details only in the log.
 */
function statusFor(code: string, role: Role, message = ''): number {
  // PostgREST's own convention: RAISE with SQLSTATE 'PTxyz' answers HTTP status xyz.
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2));
  if (code === '42501') return role === 'anon' ? 401 : 403;
  // A write to a view that cannot take it (an aggregate's, booking_balances): the request's fault,
  // answered as PostgREST answers a write it cannot make (405), not as a server fault (issue 38, F10).
  if (code === '55000' && /^cannot (insert into|update|delete from) view /.test(message)) return 405;
  if (code === '23503' || code === '23505' || code === '23P01') return 409;
  // Beyond PostgREST (500): a serialization failure or deadlock left after the retries
  // (./transient.ts) is a conflict with another request, to be tried again, not a server fault.
  if (code === '40001' || code === '40P01') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === 'P0001') return 400;
  if (code === '57014') return 504; // statement timeout
  if (code === '54001') return 400; // a value nested too deep for the parser's stack: the request's fault
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls))
    return 500;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  return 400;
}

/** Turns a database error into PostgREST's answer; anything else passes through unchanged. */
export function fromPgError(err: unknown, role: Role): unknown {
  if (err instanceof ApiError || !isPgError(err)) return err;
  const status = statusFor(err.code, role, err.message);
  if (status >= 500) {
    console.error('[rest] database error', err.code, err.message);
    if (status === 503) return restErrors.database(503, err.code, 'Database unavailable, please retry');
    if (status === 504) return restErrors.database(504, err.code, 'Query took too long and was cancelled');
    return restErrors.database(500, err.code, 'Internal server error');
  }
  if (err.code === '40001' || err.code === '40P01') {
    // PostgreSQL's detail names other sessions' processes and transactions: not the caller's to read.
    return restErrors.database(
      409,
      err.code,
      'The request collided with another one at the same time. Please try again.',
      null,
      null,
    );
  }
  // An error from a statement that a function or trigger ran (not its own RAISE) is about a row the
  // caller never sent and may not read: an outbox row and its confirm token, say. Its details stay
  // in the database; the message and hint say what was refused.
  const fromInsideFunction = typeof err.where === 'string' && /\bat SQL statement\b/.test(err.where);
  return restErrors.database(
    status,
    err.code,
    err.message,
    fromInsideFunction ? null : (err.detail ?? null),
    err.hint ?? null,
  );
}
