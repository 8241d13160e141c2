/**
 * Two measurements of the server in a process of its own (scripts/resilience/product.ts: a data
 * folder of its own, demo content, rate limits raised), on PGlite and, with MEASURE_DATABASE_URL (a superuser URL; a
 * database is made and dropped), on PostgreSQL:
 *
 *   tsx scripts/bench/measure-server.ts sign-in   sign-ins alone at full speed (the same user again, and a
 *                                           wrong password, which bcrypt checks every time), then the
 *                                           list of approved recipes alone and beside 100 sign-ins a
 *                                           second, one every 10 ms (autocannon for the rest): req/s,
 *                                           p50, p99
 *   tsx scripts/bench/measure-server.ts memory    the server's RSS (MB) after start and at rest (five minutes
 *                                           later, the renderer let go), and its peak during a burst
 *                                           of photo uploads (read from /proc every 50 ms)
 *
 * Options: --duration S (default 10). The machine may be shared: figures are indicative.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { freshTarget, start, type Running } from '../resilience/product.ts';
import { RENDER_WORKER_IDLE_MS } from '../../server/src/site/render-in-worker.ts';

const args = process.argv.slice(2);
const what = args[0];
const duration = Number(args[args.indexOf('--duration') + 1] || 0) || 10;

/**
 * Resident memory (MB) of the server's process tree (started with tsx as a loader in the server's own
 * process, so one process). `server` is the largest one, the server itself.
 */
function rss(pid: number): { total: number; server: number } {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = fs.readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8').trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone
    }
  }
  let total = 0;
  let server = 0;
  for (const p of pids) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      const kb = m ? Number(m[1]) : 0;
      total += kb;
      server = Math.max(server, kb);
    } catch {
      // gone
    }
  }
  return { total: Math.round(total / 1024), server: Math.round(server / 1024) };
}

function load(opts: autocannon.Options) {
  return new Promise<{ rps: number; p50: number; p99: number; errors: number; non2xx: number }>((resolve, reject) => {
    autocannon(opts, (err, r) => {
      if (err) return reject(err);
      resolve({
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    });
  });
}

/**
 * `perSecond` requests a second, one every 1/perSecond s (autocannon's overallRate sends each
 * second's requests in a burst at its start), for the run's duration; each answer awaited in its own
 * promise, so a slow answer does not delay the next request.
 */
async function paced(
  opts: { url: string; method: 'POST'; headers: Record<string, string>; body: string },
  perSecond: number,
) {
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < duration * perSecond; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t = performance.now();
    pending.push(
      fetch(opts.url, { method: opts.method, headers: opts.headers, body: opts.body })
        .then(async (r) => {
          await r.arrayBuffer();
          if (r.status >= 300) non2xx++;
          latencies.push(performance.now() - t);
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN);
  return { rps: Math.round(latencies.length / elapsed), p50: at(0.5), p99: at(0.99), errors, non2xx };
}

async function signIn(s: Running) {
  const headers = { apikey: s.anonKey, authorization: `Bearer ${s.anonKey}`, 'content-type': 'application/json' };
  const email = `measure-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const r = await fetch(`${s.url}/auth/v1/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (r.status !== 200) throw new Error(`sign-up failed: ${r.status} ${await r.text()}`);
  const list = {
    url: `${s.url}/rest/v1/community_recipes?select=*&status=eq.approved&order=created_at.desc`,
    headers,
    connections: 32,
    duration,
  };
  const signIns = {
    url: `${s.url}/auth/v1/token?grant_type=password`,
    method: 'POST' as const,
    headers,
    body: JSON.stringify({ email, password }),
    connections: 16,
    duration,
  };
  // A wrong password is checked by bcrypt every time, as a first sign-in is (nothing remembered).
  const wrong = { ...signIns, body: JSON.stringify({ email, password: 'wrong horse battery' }) };
  const alone = await load(list);
  const signInAlone = await load(signIns);
  const wrongAlone = await load(wrong);
  const [listBeside, signInBeside] = await Promise.all([load(list), paced(signIns, 100)]);
  return {
    'list alone (32 conn)': alone,
    'sign-in alone, same user again (16 conn)': signInAlone,
    'wrong password alone: bcrypt each time (16 conn)': wrongAlone,
    'list beside 100 sign-ins/s': listBeside,
    'sign-ins at 100/s beside the list': signInBeside,
  };
}

async function memory(s: Running) {
  const pid = s.proc.pid!;
  // At rest: after start-up, a few requests and a pause for the collector.
  await fetch(`${s.url}/rest/v1/community_recipes?select=*`, { headers: { apikey: s.anonKey } });
  await new Promise((r) => setTimeout(r, 5000));
  const started = rss(pid);
  // The publication renderer's worker, warmed at start, is let go after five minutes without a render
  // (server/src/site/render-in-worker.ts): at rest is after that.
  await new Promise((r) => setTimeout(r, RENDER_WORKER_IDLE_MS + 10_000));
  const rest = rss(pid);
  const peak = { ...rest };
  const sampler = setInterval(() => {
    const now = rss(pid);
    peak.total = Math.max(peak.total, now.total);
    peak.server = Math.max(peak.server, now.server);
  }, 50);
  // A burst: 16 at once, 64 photos of 3000×2000 (a phone photo's size), each re-encoded.
  const photo = await sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  let next = 0;
  const statuses: Record<number, number> = {};
  const worker = async () => {
    while (next < 64) {
      const i = next++;
      const r = await fetch(`${s.url}/storage/v1/object/community_recipes/measure-${i}-${Date.now()}.jpg`, {
        method: 'POST',
        headers: { apikey: s.anonKey, authorization: `Bearer ${s.anonKey}`, 'content-type': 'image/jpeg' },
        body: photo,
      });
      await r.text();
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 5000));
  const after = rss(pid);
  return {
    'after start (renderer warm)': started,
    'at rest (renderer let go)': rest,
    'peak during 64 uploads, 16 at once': peak,
    'after, 5 s later': after,
    [`uploads answered (photo ${Math.round(photo.length / 1024)} kB)`]: statuses,
  };
}

async function onDatabase(name: string, kind: 'pglite' | 'postgres', adminUrl?: string) {
  const target = await freshTarget(kind, { adminUrl, env: { SEED: 'true' } });
  try {
    const s = await start(target);
    try {
      const result = what === 'memory' ? await memory(s) : await signIn(s);
      console.log(`\n${name}`);
      console.table(result);
    } finally {
      await s.stop();
    }
  } finally {
    await target.dispose();
  }
}

if (what !== 'sign-in' && what !== 'memory') {
  console.error('usage: tsx scripts/bench/measure-server.ts sign-in|memory [--duration S]');
  process.exit(2);
}
await onDatabase('PGlite', 'pglite');
const admin = process.env.MEASURE_DATABASE_URL;
if (admin) await onDatabase('PostgreSQL', 'postgres', admin);
