import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiError } from './api-error.ts';
import { containsNul, JsonInputError, parseJson } from './input.ts';

/**
 * How one API takes a JSON body, and how it answers one it cannot take: each API keeps its own
 * status and error JSON (rest/error-codes.ts, auth/error-codes.ts, storage/error-codes.ts), and all
 * three go through `limitBody` and `readJson` below.
 */
export interface BodyContract {
  /** The largest body the API takes, in bytes. */
  maxBytes: number;
  tooLarge(maxBytes: number): ApiError;
  /** Not JSON, or nested too deep (server/src/http/input.ts). */
  invalid(err: JsonInputError): ApiError;
  /** An empty body: the empty object (GoTrue, Storage), or refused as `invalid` (PostgREST). */
  empty: 'object' | 'refuse';
  /** The body could not be read (the client stopped sending it); absent: the central handler's answer. */
  unreadable?: () => ApiError;
  /** For APIs whose bodies are one JSON object: the error for any other value. Absent: any JSON value. */
  notAnObject?: () => ApiError;
  /** Text holding U+0000 (PostgreSQL's text cannot): the error. Absent: left to PostgreSQL. */
  nul?: () => ApiError;
}

/**
 * The body limit in front of an API's routes: a `Content-Length` over it is refused before a byte
 * is read, a body without one is cut off once it passes it (Hono's bodyLimit). A 413 also closes
 * the connection (server/src/http/limits.ts). Reads carry no body and are not looked at.
 */
export function limitBody(contract: BodyContract): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: contract.maxBytes,
    onError: () => {
      throw contract.tooLarge(contract.maxBytes);
    },
  });
  return (c, next) => {
    // Asking a GET for its body would cost the read path a Request object.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // With a Content-Length (and no Transfer-Encoding), Node's parser delivers exactly that many
    // bytes: the header is all there is to check, and the body is then read straight from the
    // socket (bodyLimit would build a web Request around it first, the largest cost of an insert's
    // request in the server's profile; docs/decisions/0062-booking-inserts-measured.md).
    const length = c.req.header('content-length');
    if (length !== undefined && /^\d+$/.test(length) && c.req.header('transfer-encoding') === undefined) {
      if (Number(length) > contract.maxBytes) throw contract.tooLarge(contract.maxBytes);
      return next();
    }
    return limit(c, next);
  };
}

/** The request's JSON body, read as the API's contract says (behind `limitBody`, which bounds it). */
export async function readJson(
  c: Context,
  contract: BodyContract & { notAnObject: () => ApiError },
): Promise<Record<string, unknown>>;
export async function readJson(c: Context, contract: BodyContract): Promise<unknown>;
export async function readJson(c: Context, contract: BodyContract): Promise<unknown> {
  let text: string;
  try {
    text = await c.req.text();
  } catch (err) {
    if (contract.unreadable) throw contract.unreadable();
    throw err;
  }
  if (contract.empty === 'object' && text.trim() === '') return {};
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (err) {
    if (err instanceof JsonInputError) throw contract.invalid(err);
    throw err;
  }
  if (contract.notAnObject && (value === null || typeof value !== 'object' || Array.isArray(value)))
    throw contract.notAnObject();
  if (contract.nul && containsNul(value)) throw contract.nul();
  return value;
}
