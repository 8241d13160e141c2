import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_CREDENTIALS } from '../src/auth/validate.ts';
import { backends, startTestServer, type TestServer } from './support/backend.ts';

/**
 * The three APIs read bodies through one limit and one JSON reader (server/src/http/body.ts), and each
 * keeps its own answer (docs/api.md): PostgREST's `{code, details, hint, message}`, GoTrue's
 * `{code, error_code, msg}`, Storage's `{statusCode, error, message}`. For each API: a body over the
 * limit, announced by Content-Length or streamed without one; a body that is not JSON, nested too
 * deep, of the wrong kind, empty, or holding a NUL. Every answer is checked whole.
 */
type Case = { body: string | Uint8Array; stream?: boolean; status: number; json: unknown };

const nested = (depth: number) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const deep = 'The JSON is nested more than 64 levels deep';

const apis: { name: string; path: string; limit: number; cases: Record<string, Case> }[] = [
  {
    name: 'rest',
    path: '/rest/v1/community_recipes',
    limit: 1024 * 1024,
    cases: {
      'over the limit (Content-Length)': {
        body: new Uint8Array(1024 * 1024 + 1).fill(32),
        status: 413,
        json: {
          code: 'PGRST413',
          details: 'The limit is 1048576 bytes',
          hint: null,
          message: 'Request body is too large',
        },
      },
      'over the limit (streamed)': {
        body: new Uint8Array(1024 * 1024 + 1).fill(32),
        stream: true,
        status: 413,
        json: {
          code: 'PGRST413',
          details: 'The limit is 1048576 bytes',
          hint: null,
          message: 'Request body is too large',
        },
      },
      'not JSON': {
        body: '{"title":',
        status: 400,
        json: {
          code: 'PGRST102',
          details: 'The request body is not valid JSON',
          hint: null,
          message: 'Empty or invalid json',
        },
      },
      'nested too deep': {
        body: nested(80),
        status: 400,
        json: { code: 'PGRST102', details: deep, hint: null, message: 'Empty or invalid json' },
      },
      empty: {
        body: '',
        status: 400,
        json: { code: 'PGRST102', details: 'The request body is empty', hint: null, message: 'Empty or invalid json' },
      },
      'not an object': {
        body: '"text"',
        status: 400,
        json: {
          code: 'PGRST102',
          details: 'Expected a JSON object or an array of objects',
          hint: null,
          message: 'Empty or invalid json',
        },
      },
    },
  },
  {
    name: 'auth',
    path: '/auth/v1/token?grant_type=password',
    limit: 64 * 1024,
    cases: {
      'over the limit (Content-Length)': {
        body: new Uint8Array(64 * 1024 + 1).fill(32),
        status: 413,
        json: { code: 413, error_code: 'request_too_large', msg: 'Request body too large' },
      },
      'over the limit (streamed)': {
        body: new Uint8Array(64 * 1024 + 1).fill(32),
        stream: true,
        status: 413,
        json: { code: 413, error_code: 'request_too_large', msg: 'Request body too large' },
      },
      'not JSON': {
        body: '{"email":',
        status: 400,
        json: { code: 400, error_code: 'bad_json', msg: 'Could not parse request body as JSON' },
      },
      'nested too deep': { body: nested(80), status: 400, json: { code: 400, error_code: 'bad_json', msg: deep } },
      empty: { body: '', status: 400, json: { code: 400, error_code: 'validation_failed', msg: MISSING_CREDENTIALS } },
      'not an object': {
        body: '["a"]',
        status: 400,
        json: { code: 400, error_code: 'bad_json', msg: 'Request body must be a JSON object' },
      },
      'holding a NUL': {
        body: '{"email":"a\\u0000@example.com","password":"x"}',
        status: 400,
        json: { code: 400, error_code: 'validation_failed', msg: 'Text must not contain NUL characters' },
      },
    },
  },
  {
    name: 'storage',
    path: '/storage/v1/object/list/community_recipes',
    limit: 64 * 1024,
    cases: {
      'over the limit (Content-Length)': {
        body: new Uint8Array(64 * 1024 + 1).fill(32),
        status: 413,
        json: {
          statusCode: '413',
          error: 'Payload too large',
          message: 'The object exceeded the maximum allowed size',
        },
      },
      'over the limit (streamed)': {
        body: new Uint8Array(64 * 1024 + 1).fill(32),
        stream: true,
        status: 413,
        json: {
          statusCode: '413',
          error: 'Payload too large',
          message: 'The object exceeded the maximum allowed size',
        },
      },
      'not JSON': {
        body: '{"prefix":',
        status: 400,
        json: { statusCode: '400', error: 'InvalidRequest', message: 'The request body is not valid JSON' },
      },
      'nested too deep': {
        body: nested(80),
        status: 400,
        json: { statusCode: '400', error: 'InvalidRequest', message: deep },
      },
      empty: { body: '', status: 200, json: [] },
      'not an object': {
        body: '[1]',
        status: 400,
        json: { statusCode: '400', error: 'InvalidRequest', message: 'The request body must be a JSON object' },
      },
      'holding a NUL': {
        body: '{"prefix":"a\\u0000"}',
        status: 400,
        json: { statusCode: '400', error: 'InvalidRequest', message: 'Text must not contain NUL characters' },
      },
    },
  },
];

describe.each(backends)('request bodies on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const send = (path: string, c: Case) => {
    const bytes = typeof c.body === 'string' ? new TextEncoder().encode(c.body) : c.body;
    const body = c.stream
      ? new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < bytes.length; i += 16 * 1024) controller.enqueue(bytes.slice(i, i + 16 * 1024));
            controller.close();
          },
        })
      : bytes;
    return fetch(server.url + path, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
      body,
      ...(c.stream ? { duplex: 'half' } : {}),
    } as RequestInit);
  };

  for (const api of apis) {
    for (const [what, c] of Object.entries(api.cases)) {
      it(`${api.name}: a body ${what}`, async () => {
        const res = await send(api.path, c);
        expect(res.status).toBe(c.status);
        expect(await res.json()).toEqual(c.json);
        // A body refused unread ends the connection (server/src/http/limits.ts).
        if (c.status === 413) expect(res.headers.get('connection')).toBe('close');
      });
    }
    it(`${api.name}: a body of exactly the limit is read whole and answered for what it says`, async () => {
      // The "not an object" body, padded with spaces to the limit: parsed, not refused for its size.
      const c = api.cases['not an object']!;
      const text = c.body as string;
      const res = await send(api.path, { ...c, body: ' '.repeat(api.limit - text.length) + text });
      expect(res.status).toBe(c.status);
      expect(await res.json()).toEqual(c.json);
    });
  }
});
