import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_READS_PER_MINUTE } from '../src/rest/abuse.ts';
import { backends, client, startTestServer, type TestServer } from './support/backend.ts';

/**
 * rpc/unavailable_dates, the heaviest anonymous call, is bounded per client address (issue 38, F13):
 * 60 a minute, then 429 in PostgREST's shape with Retry-After; other addresses and the service role
 * are not held by it.
 */
describe.each(backends)('the calendar read bound ($name)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 60 calls a minute from one address, then 429', { timeout: 120_000 }, async () => {
    const range = { from_date: '2027-01-01', to_date: '2027-12-31' };
    const one = client(server, server.anonKey, { address: '198.51.100.7' });
    for (let i = 0; i < CALENDAR_READS_PER_MINUTE; i++)
      expect((await one.rpc('unavailable_dates', range)).error).toBeNull();
    const over = await fetch(`${server.url}/rest/v1/rpc/unavailable_dates`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify(range),
    });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('60');
    expect(await over.json()).toEqual({
      code: 'over_request_rate_limit',
      details: null,
      hint: null,
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(
      (await client(server, server.anonKey, { address: '198.51.100.8' }).rpc('unavailable_dates', range)).error,
    ).toBeNull();
    expect(
      (await client(server, server.serviceKey, { address: '198.51.100.7' }).rpc('unavailable_dates', range)).error,
    ).toBeNull();
  });

  it('an RPC answer is kept by no cache (describe_quote answers about a token: issue 38, info)', async () => {
    const r = await fetch(`${server.url}/rest/v1/rpc/describe_quote`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
      body: JSON.stringify({ token: 'a'.repeat(64) }),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
});
