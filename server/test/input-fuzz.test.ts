import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, freshAddress, startTestServer, type TestServer } from './support/backend.ts';

/**
 * Values PostgreSQL cannot take (U+0000 in text) and JSON nested deep enough to exhaust a stack,
 * generated (fast-check, fixed seed) into every place a request carries a value: paths, query
 * parameters, JSON bodies and upload metadata of all three APIs. None may answer 500 or worse;
 * each answers 400 in its API's error shape.
 */

const SEED = 1414;
const RUNS = 120;

/** Text with at least one NUL somewhere in it. */
const withNul = fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => `${a}\u0000${b}`);
/** JSON text nested `depth` levels deep, as arrays or objects. */
const deepJson = fc
  .tuple(fc.integer({ min: 65, max: 6000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );
/** A JSON value (as text) that carries a NUL somewhere: a string, a key or deep inside. */
const nulJson = fc.oneof(
  withNul.map((s) => JSON.stringify(s)),
  withNul.map((s) => JSON.stringify({ [s]: 1 })),
  fc
    .tuple(withNul, fc.integer({ min: 1, max: 20 }))
    .map(([s, n]) => JSON.stringify(Array.from({ length: n }).reduce<unknown>((v) => ({ x: v }), s))),
);
const evilJson = fc.oneof(nulJson, deepJson);

type Api = 'rest' | 'auth' | 'storage';
interface Probe {
  api: Api;
  method: string;
  path: string;
  key: 'anon' | 'service' | 'user';
  body?: string | FormData;
  contentType?: string;
}

const enc = encodeURIComponent;

function probes(png: Buffer): fc.Arbitrary<Probe>[] {
  const json = (api: Api, method: string, path: string, key: Probe['key'], body: string): Probe => ({
    api,
    method,
    path,
    key,
    body,
    contentType: 'application/json',
  });
  return [
    // Storage: bucket ids and object names in paths, list and remove bodies, bucket bodies, metadata.
    withNul.map((s) => ({ api: 'storage', method: 'GET', path: `/storage/v1/bucket/${enc(s)}`, key: 'anon' })),
    withNul.map((s) => json('storage', 'POST', `/storage/v1/object/list/${enc(s)}`, 'anon', '{}')),
    withNul.map((s) => ({
      api: 'storage',
      method: 'GET',
      path: `/storage/v1/object/community_recipes/${enc(s)}.png`,
      key: 'anon',
    })),
    withNul.map((s) => ({
      api: 'storage',
      method: 'DELETE',
      path: `/storage/v1/object/community_recipes/${enc(s)}`,
      key: 'service',
    })),
    fc
      .tuple(
        fc.constantFrom('prefix', 'search'),
        fc.oneof(
          withNul.map((s) => JSON.stringify(s)),
          deepJson,
        ),
      )
      .map(([field, v]) =>
        json('storage', 'POST', '/storage/v1/object/list/community_recipes', 'anon', `{"${field}":${v}}`),
      ),
    fc
      .oneof(
        withNul.map((s) => JSON.stringify([s])),
        deepJson,
      )
      .map((v) => json('storage', 'DELETE', '/storage/v1/object/community_recipes', 'service', `{"prefixes":${v}}`)),
    evilJson.map((v) =>
      json('storage', 'POST', '/storage/v1/bucket', 'service', `{"id":"fuzz","name":${v},"public":${v}}`),
    ),
    evilJson.map((v) =>
      json('storage', 'PUT', '/storage/v1/bucket/community_recipes', 'service', `{"allowed_mime_types":${v}}`),
    ),
    evilJson.map((v) => {
      const form = new FormData();
      form.set('cacheControl', '3600');
      form.set('metadata', v);
      form.set('', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'fuzz.png');
      return {
        api: 'storage' as const,
        method: 'POST',
        path: `/storage/v1/object/community_recipes/fuzz-${Math.random().toString(36).slice(2)}.png`,
        key: 'anon' as const,
        body: form,
      };
    }),
    // Auth: e-mail, password and user data on sign-up, sign-in and user update; query parameters.
    fc
      .tuple(
        fc.oneof(
          withNul.map((s) => JSON.stringify(`${s}@example.com`)),
          deepJson,
        ),
        fc.constantFrom('signup', 'token?grant_type=password', 'otp', 'recover'),
      )
      .map(([email, path]) =>
        json('auth', 'POST', `/auth/v1/${path}`, 'anon', `{"email":${email},"password":"correct horse 1"}`),
      ),
    evilJson.map((v) =>
      json(
        'auth',
        'POST',
        '/auth/v1/signup',
        'anon',
        `{"email":"fuzz-${Math.random().toString(36).slice(2)}@example.com","password":${v.startsWith('"') ? v : '"x"'},"data":${v}}`,
      ),
    ),
    evilJson.map((v) => json('auth', 'PUT', '/auth/v1/user', 'user', `{"data":${v}}`)),
    fc
      .oneof(
        withNul.map((s) => JSON.stringify(`${s}@example.com`)),
        deepJson,
      )
      .map((v) => json('auth', 'PUT', '/auth/v1/user', 'user', `{"email":${v}}`)),
    withNul.map((s) => ({
      api: 'auth',
      method: 'GET',
      path: `/auth/v1/verify?type=signup&token=${enc(s)}`,
      key: 'anon',
    })),
    fc
      .tuple(withNul, fc.constantFrom('refresh_token', 'password'))
      .map(([s, grant]) =>
        json(
          'auth',
          'POST',
          `/auth/v1/token?grant_type=${grant}`,
          'anon',
          JSON.stringify({ refresh_token: s, email: 'a@example.com', password: s }),
        ),
      ),
    // REST: filter values, column names, bodies and their values.
    withNul.map((s) => ({
      api: 'rest',
      method: 'GET',
      path: `/rest/v1/community_recipes?title=eq.${enc(s)}`,
      key: 'anon',
    })),
    withNul.map((s) => ({
      api: 'rest',
      method: 'GET',
      path: `/rest/v1/community_recipes?select=${enc(s)}`,
      key: 'anon',
    })),
    withNul.map((s) => ({ api: 'rest', method: 'GET', path: `/rest/v1/${enc(s)}`, key: 'anon' })),
    evilJson.map((v) =>
      json('rest', 'POST', '/rest/v1/community_recipes', 'anon', `{"title":${v},"ingredients":"a","instructions":"b"}`),
    ),
    evilJson.map((v) => json('rest', 'POST', '/rest/v1/bookings', 'anon', v)),
    evilJson.map((v) => json('rest', 'PATCH', '/rest/v1/community_recipes?id=eq.1', 'service', `{"description":${v}}`)),
  ].map((a) => a as fc.Arbitrary<Probe>);
}

/** Each API's error shape. */
function shapeOf(api: Api, body: Record<string, unknown>): boolean {
  switch (api) {
    case 'rest':
      return typeof body.code === 'string' && typeof body.message === 'string' && 'details' in body && 'hint' in body;
    case 'auth':
      return typeof body.code === 'number' && typeof body.error_code === 'string' && typeof body.msg === 'string';
    case 'storage':
      return typeof body.statusCode === 'string' && typeof body.error === 'string' && typeof body.message === 'string';
  }
}

describe.each(backends)('NUL bytes and deep JSON on $name', (backend) => {
  let server: TestServer;
  let userToken: string;
  let png: Buffer;

  beforeAll(async () => {
    server = await startTestServer(backend, {
      env: { RATE_LIMIT_INSERTS: '100000', RATE_LIMIT_SIGN_UP: '100000', RATE_LIMIT_SIGN_IN: '100000' },
    });
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const r = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `fuzz-member-${Date.now()}@example.com`, password: 'correct horse 1' }),
    });
    userToken = ((await r.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers every such request with a 4xx in the API’s shape', async () => {
    const keyOf = (k: Probe['key']) =>
      k === 'service' ? server.serviceKey : k === 'user' ? userToken : server.anonKey;
    await fc.assert(
      fc.asyncProperty(fc.oneof(...probes(png)), async (p) => {
        const apikey = p.key === 'service' ? server.serviceKey : server.anonKey;
        const headers: Record<string, string> = {
          apikey,
          Authorization: `Bearer ${keyOf(p.key)}`,
          'X-Forwarded-For': freshAddress(),
        };
        if (p.contentType) headers['Content-Type'] = p.contentType;
        const res = await fetch(server.url + p.path, { method: p.method, headers, body: p.body });
        const text = await res.text();
        expect(res.status, `${p.method} ${p.path} → ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(
            shapeOf(p.api, JSON.parse(text) as Record<string, unknown>),
            `${p.method} ${p.path}: ${text.slice(0, 200)}`,
          ).toBe(true);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // And the server still answers normally.
    const ok = await fetch(`${server.url}/rest/v1/community_recipes?select=id&limit=1`, {
      headers: { apikey: server.anonKey },
    });
    expect(ok.status).toBe(200);
  }, 240_000);

  it('refuses NUL bytes and deep JSON with 400 where they used to fail', async () => {
    const send = (method: string, path: string, body?: string, key = server.anonKey) =>
      fetch(server.url + path, {
        method,
        headers: {
          apikey: key,
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          'X-Forwarded-For': freshAddress(),
        },
        body,
      });
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const cases: [string, string, string | undefined, string | undefined, number][] = [
      ['GET', '/storage/v1/bucket/a%00b', undefined, undefined, 400],
      ['POST', '/storage/v1/object/list/community_recipes', '{"prefix":"a\\u0000"}', undefined, 400],
      ['POST', '/storage/v1/object/list/community_recipes', '{"search":"a\\u0000"}', undefined, 400],
      ['DELETE', '/storage/v1/object/community_recipes', '{"prefixes":["a\\u0000"]}', server.serviceKey, 400],
      ['POST', '/auth/v1/signup', '{"email":"a\\u0000@example.com","password":"correct horse 1"}', undefined, 400],
      [
        'POST',
        '/auth/v1/signup',
        '{"email":"nul-data@example.com","password":"correct horse 1","data":{"a":"\\u0000"}}',
        undefined,
        400,
      ],
      [
        'POST',
        '/auth/v1/signup',
        `{"email":"deep@example.com","password":"correct horse 1","data":${deep}}`,
        undefined,
        400,
      ],
      ['POST', '/rest/v1/community_recipes', `{"title":${deep}}`, undefined, 400],
    ];
    for (const [method, path, body, key, status] of cases) {
      const r = await send(method, path, body, key);
      expect({ method, path, status: r.status }).toEqual({ method, path, status });
    }
  });
});
