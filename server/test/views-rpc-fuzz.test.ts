import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, freshAddress, startTestServer, type TestServer } from './support/backend.ts';

/**
 * No 500 for bad input (issue 38, F10): every view and every function of the API's schema, with
 * every method, as anon, as a member-less caller and as the service role, with no arguments, wrong
 * ones and hostile strings. Each answer is below 500 and, when it is an error, in PostgREST's shape.
 */
const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
const HOSTILE = ["'; drop table public.bookings; --", '\u0000', '9'.repeat(400), '{"a":', '2026-02-30', '-1', 'null'];

describe.each(backends)('every view and RPC with every method ($name)', (backend) => {
  let server: TestServer;
  let views: string[] = [];
  let functions: { name: string; args: string[] }[] = [];

  beforeAll(async () => {
    server = await startTestServer(backend);
    const { rows: v } = await server.db.tx(null, (sql) =>
      sql<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('v', 'm') order by 1`,
      ),
    );
    views = v.map((r) => r.name);
    const { rows: f } = await server.db.tx(null, (sql) =>
      sql<{ name: string; args: string[] | null }>(
        `select p.proname as name, p.proargnames as args from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.prokind = 'f' order by 1`,
      ),
    );
    functions = f.map((r) => ({ name: r.name, args: r.args ?? [] }));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function call(method: string, path: string, key: string, body?: unknown) {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        apikey: key,
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'x-forwarded-for': freshAddress(),
      },
      body:
        body === undefined || method === 'GET' || method === 'HEAD'
          ? undefined
          : typeof body === 'string'
            ? body
            : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text };
  }
  function expectAnswer(what: string, r: { status: number; text: string }, method: string) {
    expect(r.status, `${what}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
    if (r.status >= 400 && method !== 'HEAD' && r.text) {
      const body = JSON.parse(r.text) as Record<string, unknown>;
      expect(Object.keys(body).sort(), what).toEqual(['code', 'details', 'hint', 'message']);
    }
  }

  it('finds the views and functions it fuzzes (booking_balances among them)', () => {
    expect(views).toContain('booking_balances');
    expect(functions.map((f) => f.name)).toContain('unavailable_dates');
  });

  it('answers every method on every view below 500, in PostgREST’s shape', { timeout: 300_000 }, async () => {
    for (const key of [server.anonKey, server.serviceKey]) {
      for (const view of views) {
        for (const method of METHODS) {
          const q = method === 'PATCH' || method === 'DELETE' ? '?id=eq.00000000-0000-0000-0000-000000000000' : '';
          expectAnswer(`${method} ${view}`, await call(method, `/rest/v1/${view}${q}`, key, { x: 1 }), method);
        }
        expectAnswer(`POST ${view} bad json`, await call('POST', `/rest/v1/${view}`, key, '{"a":'), 'POST');
      }
    }
  });

  it(
    'answers every method on every RPC below 500, with none, wrong and hostile arguments',
    { timeout: 600_000 },
    async () => {
      for (const key of [server.anonKey, server.serviceKey]) {
        for (const f of functions) {
          for (const method of METHODS)
            expectAnswer(`${method} rpc/${f.name}`, await call(method, `/rest/v1/rpc/${f.name}`, key, {}), method);
          expectAnswer(`rpc/${f.name} wrong`, await call('POST', `/rest/v1/rpc/${f.name}`, key, { nope: 1 }), 'POST');
          for (const value of HOSTILE) {
            const args = Object.fromEntries(f.args.map((a) => [a, value]));
            expectAnswer(
              `rpc/${f.name} ${JSON.stringify(value).slice(0, 20)}`,
              await call('POST', `/rest/v1/rpc/${f.name}`, key, args),
              'POST',
            );
          }
        }
      }
    },
  );
});
