/**
 * `npx tsx scripts/bench/profile-server.ts list|bookings [seconds] [pglite|postgres]`: where the server
 * spends its CPU under one scenario of scripts/bench/server-load.ts. The product runs with a sampling
 * CPU profile (scripts/bench/cpu-profile-preload.mjs, written when it exits); after the load, the self time is summed by file (PGlite's
 * WebAssembly, node:http, hono, the server's own modules…) and by function, as fractions of the
 * profile's busy time. On PostgreSQL (TEST_DATABASE_URL) the response cache's hit rate under the load
 * is read from the database's own counters: every answer not kept in memory scans community_recipes.
 * A tool for finding where the time goes, not a figure of record: `npm run bench` gives those.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, dropDatabase, withDatabase } from '../../test-support/databases.ts';
import { measure, type Scenario } from './server-load.ts';
import { startProduct } from './server.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const scenario = (process.argv[2] ?? 'list') as Scenario;
const seconds = Number(process.argv[3] ?? 10);
const database = process.argv[4] ?? 'pglite';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-profile-'));
const admin = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
const dbName = database === 'postgres' && admin ? await createDatabase(admin, 'profile') : undefined;
const dbUrl = dbName ? withDatabase(admin!, dbName) : undefined;
try {
  const s = await startProduct({
    NODE_OPTIONS: `--import ${path.join(import.meta.dirname, 'cpu-profile-preload.mjs')}`,
    CPU_PROFILE_DIR: dir,
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  });
  const scans = async () => {
    if (!dbUrl) return undefined;
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      await c.query('select pg_stat_clear_snapshot()');
      const r = await c.query<{ n: string }>(
        `select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as n from pg_stat_user_tables where relname = 'community_recipes'`,
      );
      return Number(r.rows[0]?.n ?? 0);
    } finally {
      await c.end();
    }
  };
  const before = await scans();
  s.proc.kill('SIGUSR2');
  const figures = await measure(s, scenario, seconds);
  // The statistics collector reports with a delay of up to half a second.
  await new Promise((r) => setTimeout(r, 1500));
  const after = await scans();
  await s.stop();
  console.log(`${scenario} on ${database} for ${seconds} s:`, figures);
  if (before !== undefined && after !== undefined && scenario === 'list') {
    const misses = after - before;
    console.log(
      `response cache: ${figures.requests} answers, ${misses} read the table: hit rate ${(100 * (1 - misses / figures.requests)).toFixed(1)} %`,
    );
  }
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written (did the server exit cleanly?)');
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
  // PROFILE_OUT=file.cpuprofile keeps it (Chrome DevTools and speedscope open it).
  if (process.env.PROFILE_OUT) fs.copyFileSync(path.join(dir, file), process.env.PROFILE_OUT);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const cf = byId.get(id)!.callFrame;
    if (cf.functionName === '(idle)') continue;
    busy += us;
    const where =
      cf.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(server|test-support)\//, '$1/') ||
      cf.functionName;
    const fileKey = where.startsWith('@')
      ? where.split('/').slice(0, 2).join('/')
      : where.split('/')[0] === 'server'
        ? where
        : where.split('/')[0]!;
    byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + us);
    const fnKey = `${cf.functionName || '(anonymous)'} ${where}:${cf.lineNumber}`;
    byFunction.set(fnKey, (byFunction.get(fnKey) ?? 0) + us);
  }
  const share = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
  console.log(`\nbusy ${(busy / 1e6).toFixed(1)} s of CPU; self time by package or file:`);
  for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${share(v)}  ${k}`);
  console.log('\nby function:');
  for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${share(v)}  ${k}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
  if (dbName) await dropDatabase(admin!, dbName);
}
