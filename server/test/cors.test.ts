import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/backend.ts';

/**
 * The API's CORS headers, as Supabase's gateway sends them to any origin: on answers (from the
 * database, from memory, errors) and on preflights (server/src/http/cors.ts).
 */
const EXPOSED = 'Content-Range,Content-Location,Content-Profile,X-Total-Count';

describe('CORS on the API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ name: 'pglite' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const list = () =>
    fetch(`${server.url}/rest/v1/community_recipes?select=id&status=eq.approved`, {
      headers: { apikey: server.anonKey, origin: 'https://elsewhere.test' },
    });

  it('allows any origin to read an answer, the first and the one kept in memory alike', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await list();
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual([]);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('access-control-expose-headers')).toBe(EXPOSED);
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(r.headers.get('vary')).toBeNull();
    }
  });

  it('allows any origin to read an error', async () => {
    const r = await fetch(`${server.url}/rest/v1/community_recipes`, { headers: { origin: 'https://elsewhere.test' } });
    expect(r.status).toBe(401);
    expect((await r.json()).message).toBe('No API key found in request');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-expose-headers')).toBe(EXPOSED);
  });

  it('answers a preflight with the methods and headers supabase-js sends, for a day', async () => {
    const r = await fetch(`${server.url}/rest/v1/bookings`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, content-type',
      },
    });
    expect(r.status).toBe(204);
    expect(await r.text()).toBe('');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-methods')).toBe('GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS');
    expect(r.headers.get('access-control-allow-headers')).toContain(
      'apikey,authorization,content-type,x-client-info,prefer',
    );
    expect(r.headers.get('access-control-max-age')).toBe('86400');
    expect(r.headers.get('access-control-expose-headers')).toBe(EXPOSED);
  });
});
