import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isInputDbError } from './input.ts';

/**
 * An error whose JSON body and status are part of the contract. Routes throw it; the central
 * handler (`onError`) answers `body` with `status`. Each API has its own body shape, built by the
 * helpers below.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(String(body.message ?? body.msg ?? `HTTP ${status}`));
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** PostgREST's shape: `{code, details, hint, message}`. */
export function restError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): ApiError {
  return new ApiError(status, { code, details, hint, message });
}

/** GoTrue's shape: `{code, error_code, msg}`. */
export function authError(status: number, error_code: string, msg: string): ApiError {
  return new ApiError(status, { code: status, error_code, msg });
}

/** Storage's shape: `{statusCode, error, message}`. */
export function storageError(status: number, error: string, message: string): ApiError {
  return new ApiError(status, { statusCode: String(status), error, message });
}

/** Which API a path belongs to, so that errors not thrown as ApiError still get the right shape. */
function apiOf(path: string): 'rest' | 'auth' | 'storage' | 'other' {
  if (path.startsWith('/rest/')) return 'rest';
  if (path.startsWith('/auth/')) return 'auth';
  if (path.startsWith('/storage/')) return 'storage';
  return 'other';
}

/** A 500 in the shape of the API the request was for; never the error's own text. */
export function internalError(path: string): ApiError {
  const msg = 'Internal server error';
  switch (apiOf(path)) {
    case 'rest':
      return restError(500, 'PGRST000', msg);
    case 'auth':
      return authError(500, 'unexpected_failure', msg);
    case 'storage':
      return storageError(500, 'internal', msg);
    default:
      return new ApiError(500, { message: msg });
  }
}

/** Hono's `onError`: the one place failures become responses. */
export function handleError(err: Error, c: Context): Response {
  let apiErr: ApiError;
  if (err instanceof ApiError) {
    apiErr = err;
  } else if (err instanceof HTTPException) {
    // Hono's own errors (for example a malformed body caught by a helper) keep their 4xx status.
    const status = err.status;
    apiErr =
      status >= 500 ? internalError(c.req.path) : shaped(c.req.path, status, err.message || 'Bad request');
  } else if (isInputDbError(err)) {
    // PostgreSQL refused a value the request sent (a data exception): the request's fault, not ours.
    apiErr = shaped(c.req.path, 400, 'Invalid input');
  } else if (clientWentAway(err, c)) {
    // Not a failure of ours: one line, and an answer nobody reads.
    console.info(`[${c.req.method} ${c.req.path}] the client went away before the answer`);
    apiErr = shaped(c.req.path, 400, 'The request was cut off');
  } else {
    // Log what helps to find the cause, never the query parameters (they can hold hashes or
    // personal data): database errors carry them in `params`/`query`.
    const { message, stack } = err;
    const code = (err as { code?: unknown }).code;
    console.error(`[${c.req.method} ${c.req.path}] ${code ? `${String(code)} ` : ''}${message}\n${stack ?? ''}`);
    apiErr = internalError(c.req.path);
  }
  // An ApiError is logged, when it needs to be, by the code that made it (it knows the cause).
  for (const [k, v] of Object.entries(apiErr.headers)) c.header(k, v);
  return c.body(JSON.stringify(apiErr.body), apiErr.status as ContentfulStatusCode, {
    'Content-Type': 'application/json; charset=utf-8',
  });
}

/** A request body the client stopped sending (closed tab, lost connection, aborted fetch). */
function clientWentAway(err: Error, c: Context): boolean {
  const code = (err as { code?: unknown }).code;
  return (
    c.req.raw.signal?.aborted === true ||
    err.name === 'AbortError' ||
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ABORT_ERR' ||
    /^(aborted|premature close|request aborted)$/i.test(err.message)
  );
}

function shaped(path: string, status: number, message: string): ApiError {
  switch (apiOf(path)) {
    case 'rest':
      return restError(status, 'PGRST000', message);
    case 'auth':
      return authError(status, 'validation_failed', message);
    case 'storage':
      return storageError(status, 'invalid_request', message);
    default:
      return new ApiError(status, { message });
  }
}
