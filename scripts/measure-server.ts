/**
 * Two measurements of the server started as `npm start` starts it (tsx server/src/main.ts, a data
 * folder of its own, demo content), on PGlite and, with MEASURE_DATABASE_URL (a superuser URL; a
 * database is made and dropped), on PostgreSQL:
 *
 *   tsx scripts/measure-server.ts sign-in   list of approved recipes alone, then with sign-ins at
 *                                           full speed beside it (autocannon): req/s, p50, p99
 *   tsx scripts/measure-server.ts memory    the server's RSS (MB) at rest, and its peak during a burst
 *                                           of photo uploads (read from /proc every 50 ms)
 *
 * Options: --duration S (default 10). The machine may be shared: figures are indicative.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const what = args[0];
const duration = Number(args[args.indexOf('--duration') + 1] || 0) || 10;

interface Started {
  url: string;
  anonKey: string;
  proc: ChildProcess;
  dataDir: string;
}

async function start(databaseUrl?: string): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-measure-'));
  const port = 20000 + Math.floor(Math.random() * 2000);
  const proc = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SEED: 'true',
      // Throughput and memory, not the abuse limits.
      RATE_LIMIT_INSERTS: '100000000',
      RATE_LIMIT_SIGN_IN: '100000000',
      RATE_LIMIT_SIGN_UP: '100000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200 && !out.includes('Ready in'); i++) {
    if (proc.exitCode !== null) throw new Error(`server exited:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const anonKey = /anon key:\s+(\S+)/.exec(out)?.[1];
  if (!anonKey) throw new Error(`the server did not start:\n${out}`);
  return { url, anonKey, proc, dataDir };
}

async function stop(s: Started) {
  s.proc.kill('SIGTERM');
  await new Promise((r) => s.proc.once('exit', r));
  fs.rmSync(s.dataDir, { recursive: true, force: true });
}

/**
 * Resident memory (MB) of the process tree `npm start` leaves running: tsx's launcher and the node
 * process that is the server. `server` is the largest one, the server itself.
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
      resolve({ rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx });
    });
  });
}

async function signIn(s: Started) {
  const headers = { apikey: s.anonKey, authorization: `Bearer ${s.anonKey}`, 'content-type': 'application/json' };
  const email = `measure-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const r = await fetch(`${s.url}/auth/v1/signup`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (r.status !== 200) throw new Error(`sign-up failed: ${r.status} ${await r.text()}`);
  const list = { url: `${s.url}/rest/v1/community_recipes?select=*&status=eq.approved&order=created_at.desc`, headers, connections: 32, duration };
  const signIns = { url: `${s.url}/auth/v1/token?grant_type=password`, method: 'POST' as const, headers, body: JSON.stringify({ email, password }), connections: 16, duration };
  const alone = await load(list);
  const signInAlone = await load(signIns);
  const [listBeside, signInBeside] = await Promise.all([load(list), load(signIns)]);
  return { 'list alone (32 conn)': alone, 'sign-in alone (16 conn)': signInAlone, 'list beside sign-ins': listBeside, 'sign-in beside list': signInBeside };
}

async function memory(s: Started) {
  const pid = s.proc.pid!;
  // At rest: after start-up, a few requests and a pause for the collector.
  await fetch(`${s.url}/rest/v1/community_recipes?select=*`, { headers: { apikey: s.anonKey } });
  await new Promise((r) => setTimeout(r, 5000));
  const rest = rss(pid);
  const peak = { ...rest };
  const sampler = setInterval(() => {
    const now = rss(pid);
    peak.total = Math.max(peak.total, now.total);
    peak.server = Math.max(peak.server, now.server);
  }, 50);
  // A burst: 16 at once, 64 photos of 3000×2000 (a phone photo's size), each re-encoded.
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
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
    'at rest': rest,
    'peak during 64 uploads, 16 at once': peak,
    'after, 5 s later': after,
    [`uploads answered (photo ${Math.round(photo.length / 1024)} kB)`]: statuses,
  };
}

async function onDatabase(name: string, databaseUrl?: string) {
  const s = await start(databaseUrl);
  try {
    const result = what === 'memory' ? await memory(s) : await signIn(s);
    console.log(`\n${name}`);
    console.table(result);
  } finally {
    await stop(s);
  }
}

if (what !== 'sign-in' && what !== 'memory') {
  console.error('usage: tsx scripts/measure-server.ts sign-in|memory [--duration S]');
  process.exit(2);
}
await onDatabase('PGlite');
const admin = process.env.MEASURE_DATABASE_URL;
if (admin) {
  const name = `measure_${Date.now()}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  try {
    await onDatabase('PostgreSQL', u.toString());
  } finally {
    const d = new pg.Client({ connectionString: admin });
    await d.connect();
    await d.query(`drop database if exists ${name} with (force)`);
    await d.end();
  }
}
