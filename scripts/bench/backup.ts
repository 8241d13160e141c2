import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { api, booking, RUN_LIMITS, ROOT, start, type Running, type Target } from '../resilience/product.ts';

/**
 * Backups in figures (docs/performance.md): for the demo data and for N bookings with M
 * photos (10,000 and 300 by default), on PGlite and, with BENCH_DATABASE_URL (a superuser URL), on
 * PostgreSQL: the time of `npm run backup` through the running server and of `npm run restore` into
 * an empty target, the file's size, and the public list's p99 while the backup runs against its
 * p99 idle (32 connections). Also booking inserts a second on PGlite with PGLITE_FSYNC on and off.
 * Needs an idle machine. Writes scripts/bench/results/backup.json.
 *
 *   npx tsx scripts/bench/backup.ts [--bookings 10000] [--photos 300] [--duration 10] [--pglite-only]
 */
const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const BOOKINGS = opt('bookings', 10_000);
const PHOTOS = opt('photos', 300);
const DURATION = opt('duration', 10);
const LIST = '/rest/v1/community_recipes?select=*&status=eq.approved&order=created_at.desc';

function cli(argv: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; ms: number }>((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/backup.ts', ...argv], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, ms: Math.round(performance.now() - t) }));
  });
}

function listLoad(s: Running, seconds: number) {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<{ p99: number; rps: number; errors: number }>((resolve, reject) => {
    instance = autocannon(
      {
        url: `${s.url}${LIST}`,
        connections: 32,
        duration: seconds,
        headers: { apikey: s.anonKey, authorization: `Bearer ${s.anonKey}` },
      },
      (err, r) =>
        err
          ? reject(err)
          : resolve({
              p99: r.latency.p99,
              rps: Math.round(r.requests.average),
              errors: r.errors + r.timeouts + r.non2xx,
            }),
    );
  });
  return { done, stop: () => instance?.stop() };
}

async function newDatabase(admin: string) {
  const name = `bench_backup_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

async function fill(s: Running) {
  // Bookings in batches of 500 by the service role; photos of random pixels (they do not compress).
  for (let done = 0; done < BOOKINGS; done += 500) {
    const rows = Array.from({ length: Math.min(500, BOOKINGS - done) }, () =>
      booking({ idempotency_key: randomUUID(), message: 'bench backup' }),
    );
    const r = await api(s, s.serviceKey, 'POST', '/rest/v1/bookings', rows, { prefer: 'return=minimal' });
    if (r.status !== 201) throw new Error(`bulk insert answered ${r.status}: ${r.body.slice(0, 200)}`);
  }
  for (let i = 0; i < PHOTOS; i++) {
    const png = await sharp(randomBytes(160 * 160 * 3), { raw: { width: 160, height: 160, channels: 3 } })
      .png()
      .toBuffer();
    const r = await api(
      s,
      s.serviceKey,
      'POST',
      `/storage/v1/object/community_recipes/${Date.now()}_bench-${i}.png`,
      png,
      { 'content-type': 'image/png' },
    );
    if (r.status !== 200) throw new Error(`upload answered ${r.status}`);
  }
}

async function measure(kind: 'pglite' | 'postgres', data: 'demo' | 'large', admin?: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-bench-backup-'));
  const db = kind === 'postgres' ? await newDatabase(admin!) : undefined;
  const restoredDb = kind === 'postgres' ? await newDatabase(admin!) : undefined;
  const target: Target = {
    name: kind,
    dataDir: path.join(work, 'data'),
    databaseUrl: db?.url,
    env: { ...RUN_LIMITS, SEED: data === 'demo' ? 'true' : 'false', BACKUP_INTERVAL_HOURS: '0' },
  };
  try {
    const s = await start(target);
    let backup: { ms: number; bytes: number };
    let idle: { p99: number; rps: number; errors: number };
    let during: { p99: number; rps: number; errors: number };
    try {
      if (data === 'large') await fill(s);
      idle = await listLoad(s, DURATION).done;
      const file = path.join(work, 'backup.tar.gz');
      const load = listLoad(s, 600);
      const made = await cli(['backup', file], { DATA_DIR: target.dataDir, ...(db ? { DATABASE_URL: db.url } : {}) });
      load.stop();
      during = await load.done;
      if (made.code !== 0) throw new Error(`backup failed: ${made.out}`);
      backup = { ms: made.ms, bytes: fs.statSync(file).size };
    } finally {
      await s.stop();
    }
    const restored = await cli(['restore', path.join(work, 'backup.tar.gz')], {
      DATA_DIR: path.join(work, 'restored'),
      ...(restoredDb ? { DATABASE_URL: restoredDb.url } : {}),
    });
    if (restored.code !== 0) throw new Error(`restore failed: ${restored.out}`);
    return {
      database: kind,
      data,
      backupMs: backup.ms,
      restoreMs: restored.ms,
      fileBytes: backup.bytes,
      listIdleP99: idle.p99,
      listDuringBackupP99: during.p99,
      listDuringBackupErrors: during.errors,
    };
  } finally {
    await db?.drop();
    await restoredDb?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function insertsPerSecond(fsync: boolean) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-bench-fsync-'));
  const s = await start({
    name: 'pglite',
    dataDir: work,
    env: { ...RUN_LIMITS, SEED: 'false', PGLITE_FSYNC: String(fsync), BACKUP_INTERVAL_HOURS: '0' },
  });
  try {
    const r = await autocannon({
      url: `${s.url}/rest/v1/bookings`,
      method: 'POST',
      connections: 32,
      duration: DURATION,
      headers: {
        apikey: s.anonKey,
        authorization: `Bearer ${s.anonKey}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      },
      body: JSON.stringify(booking({ message: 'fsync bench' })),
    });
    return {
      fsync,
      insertsPerSecond: Math.round(r.requests.average),
      p99: r.latency.p99,
      errors: r.errors + r.timeouts + r.non2xx,
    };
  } finally {
    await s.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const admin = process.env.BENCH_DATABASE_URL;
  const kinds: ('pglite' | 'postgres')[] = [
    'pglite',
    ...(admin && !args.includes('--pglite-only') ? ['postgres' as const] : []),
  ];
  const rows = [];
  for (const kind of kinds) {
    for (const data of ['demo', 'large'] as const) {
      console.log(`… ${kind}, ${data === 'demo' ? 'demo data' : `${BOOKINGS} bookings and ${PHOTOS} photos`}`);
      const r = await measure(kind, data, admin);
      console.log(
        `  backup ${r.backupMs} ms, ${(r.fileBytes / 1e6).toFixed(2)} MB; restore ${r.restoreMs} ms; list p99 ${r.listIdleP99} ms idle, ${r.listDuringBackupP99} ms during the backup`,
      );
      rows.push(r);
    }
  }
  const fsyncRows = [await insertsPerSecond(true), await insertsPerSecond(false)];
  for (const f of fsyncRows)
    console.log(`PGlite booking inserts with PGLITE_FSYNC=${f.fsync}: ${f.insertsPerSecond}/s, p99 ${f.p99} ms`);
  fs.mkdirSync(path.join(ROOT, 'scripts/bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'scripts/bench/results/backup.json'),
    JSON.stringify(
      { date: new Date().toISOString(), bookings: BOOKINGS, photos: PHOTOS, rows, fsync: fsyncRows },
      null,
      2,
    ) + '\n',
  );
  console.log('Wrote scripts/bench/results/backup.json');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
