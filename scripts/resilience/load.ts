import { randomUUID } from 'node:crypto';
import http from 'node:http';
import fc from 'fast-check';
import { api, booking, percentile, request, start, RUN_LIMITS, type ScenarioResult, type Target } from './product.ts';

/**
 * Scenario 4, a crowd: `clients` concurrent clients for `seconds`, each request drawn (seeded) as a
 * list of approved recipes (60 %), a booking insert (30 %) or a sign-in (10 %). Found: errors,
 * latency per kind, and whether every acknowledged booking is in the database exactly once. The
 * rate limits are set high for the run (RUN_LIMITS in product.ts): one test machine is one client
 * address, and the limits are there for visitors, not for this measurement.
 */
export async function load(
  target: Target,
  opts: { seconds: number; clients: number; seed: number; /** default 250 ms */ listP99LimitMs?: number },
): Promise<ScenarioResult> {
  const t0 = Date.now();
  const server = await start(target);
  const lat: Record<'list' | 'insert' | 'signin', number[]> = { list: [], insert: [], signin: [] };
  const errors: string[] = [];
  let errorCount = 0;
  const acked: string[] = [];
  let missing = 0;
  let duplicated = 0;
  const run = `load-${Date.now()}`;
  try {
    const email = `load-${Date.now()}@example.com`;
    const password = 'load-pass-123';
    const su = await api(server, server.anonKey, 'POST', '/auth/v1/signup', { email, password });
    if (su.status !== 200) throw new Error(`sign-up failed: ${su.status} ${su.body}`);
    const agent = new http.Agent({ keepAlive: true, maxSockets: opts.clients });
    const kinds = fc.sample(fc.integer({ min: 0, max: 99 }), { seed: opts.seed, numRuns: 10_000 });
    const headers = { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}` };
    const end = Date.now() + opts.seconds * 1000;
    let n = 0;
    const client = async () => {
      while (Date.now() < end) {
        const k = kinds[n++ % kinds.length]!;
        if (k < 60) {
          const a = await request(server.url, {
            path: '/rest/v1/community_recipes?select=*&status=eq.approved&order=created_at.desc',
            headers,
            agent,
          });
          lat.list.push(a.ms);
          if (a.status !== 200) fail(`list ${a.status} ${a.reset ?? a.body.slice(0, 100)}`);
        } else if (k < 90) {
          const key = randomUUID();
          const a = await request(server.url, {
            method: 'POST',
            path: '/rest/v1/bookings',
            headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
            body: JSON.stringify(booking({ idempotency_key: key, message: run })),
            agent,
          });
          lat.insert.push(a.ms);
          if (a.status === 201) acked.push(key);
          else fail(`insert ${a.status} ${a.reset ?? a.body.slice(0, 100)}`);
        } else {
          const a = await request(server.url, {
            method: 'POST',
            path: '/auth/v1/token?grant_type=password',
            headers: { apikey: server.anonKey, 'content-type': 'application/json' },
            body: JSON.stringify({ email, password }),
            agent,
          });
          lat.signin.push(a.ms);
          if (a.status !== 200) fail(`sign-in ${a.status} ${a.reset ?? a.body.slice(0, 100)}`);
        }
      }
    };
    const fail = (what: string) => {
      errorCount++;
      if (errors.length < 20) errors.push(what);
    };
    await Promise.all(Array.from({ length: opts.clients }, client));
    agent.destroy();

    // Every acknowledged booking, exactly once.
    const stored = new Map<string, number>();
    for (let offset = 0; ; offset += 1000) {
      const r = await api(
        server,
        server.serviceKey,
        'GET',
        `/rest/v1/bookings?select=idempotency_key&message=eq.${run}&order=id&limit=1000&offset=${offset}`,
      );
      const rows = r.json as { idempotency_key: string }[];
      for (const row of rows) stored.set(row.idempotency_key, (stored.get(row.idempotency_key) ?? 0) + 1);
      if (rows.length < 1000) break;
    }
    for (const key of acked) {
      const c = stored.get(key) ?? 0;
      if (c === 0) missing++;
      if (c > 1) duplicated++;
    }
  } finally {
    await server.stop();
  }
  const p = (xs: number[], q: number) => Math.round(percentile(xs, q));
  const total = lat.list.length + lat.insert.length + lat.signin.length;
  const listP99 = percentile(lat.list, 99);
  const limit = opts.listP99LimitMs ?? 250;
  const ok = errorCount === 0 && listP99 <= limit && missing === 0 && duplicated === 0;
  return {
    scenario: 'Load',
    database: target.name,
    did: `${opts.clients} clients × ${opts.seconds} s: ${total} requests (list ${lat.list.length}, booking ${lat.insert.length}, sign-in ${lat.signin.length}); rate limits raised for the run (${Object.keys(RUN_LIMITS).join(', ')})`,
    found:
      `${errorCount} errors; list p50 ${p(lat.list, 50)} / p99 ${p(lat.list, 99)} ms${Number.isFinite(limit) ? ` (limit ${limit})` : ''}, booking p99 ${p(lat.insert, 99)} ms, sign-in p50 ${p(lat.signin, 50)} / p99 ${p(lat.signin, 99)} ms; ` +
      `${acked.length} bookings acknowledged, ${missing} missing, ${duplicated} stored twice`,
    ok,
    seconds: (Date.now() - t0) / 1000,
    details: {
      errors,
      requestsPerSecond: Math.round(total / opts.seconds),
      list: { p50: p(lat.list, 50), p99: p(lat.list, 99) },
      insert: { p50: p(lat.insert, 50), p99: p(lat.insert, 99) },
      signin: {
        p50: p(lat.signin, 50),
        p99: p(lat.signin, 99),
        perSecond: Math.round(lat.signin.length / opts.seconds),
      },
    },
  };
}
