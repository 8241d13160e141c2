import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from './api-error.ts';
import { authErrors } from '../auth/error-codes.ts';
import { isInputDbError } from './input.ts';
import { restErrors } from '../rest/error-codes.ts';
import { storageErrors } from '../storage/error-codes.ts';

// upload-body.ts (the multipart reader, compared with libraries elsewhere) still builds its Storage errors itself.
export { ApiError, storageError } from './api-error.ts';

/** Which API a path belongs to, so that errors not thrown as ApiError still get the right shape. */
function apiOf(path: string): 'rest' | 'auth' | 'storage' | 'other' {
  if (path.startsWith('/rest/')) return 'rest';
  if (path.startsWith('/auth/')) return 'auth';
  if (path.startsWith('/storage/')) return 'storage';
  return 'other';
}

/** A 500 in the shape of the API the request was for; never the error's own text. */
export function internalError(path: string): ApiError {
  switch (apiOf(path)) {
    case 'rest':
      return restErrors.internal();
    case 'auth':
      return authErrors.internal();
    case 'storage':
      return storageErrors.internal();
    default:
      return new ApiError(500, { message: 'Internal server error' });
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
    apiErr = status >= 500 ? internalError(c.req.path) : shaped(c.req.path, status, err.message || 'Bad request');
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
      return restErrors.requestFailed(status, message);
    case 'auth':
      return authErrors.requestFailed(status, message);
    case 'storage':
      return storageErrors.invalidRequest(message, status);
    default:
      return new ApiError(status, { message });
  }
}
