import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runDatabaseName } from '../../test-support/databases.ts';
import { spawnGroup } from '../../test-support/processes.ts';
import { api, booking, ROOT, start, type ScenarioResult, type Target } from './product.ts';

/**
 * Scenario 7, backup and restore: while bookings stream in, `npm run backup` asks the running
 * server for a backup (its control socket); the backup is restored into an empty folder (and, on
 * PostgreSQL, an empty database) and a server started on it. Every booking acknowledged before the
 * backup began must be there, the anon key the same; a second restore into the filled target is
 * refused.
 */
function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawnGroup(process.execPath, ['--import', 'tsx', 'server/src/cli/backup.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function backupRestore(target: Target): Promise<ScenarioResult> {
  const t0 = Date.now();
  const problems: string[] = [];
  const acked = new Map<string, number>();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-resilience-backup-'));
  const file = path.join(work, 'backup.tar.gz');
  const restoredDir = path.join(work, 'restored');
  let restoredDb: string | undefined;
  let restoredUrl: string | undefined;
  let anonKey = '';
  let before: string[] = [];
  try {
    const server = await start(target);
    anonKey = server.anonKey;
    let streaming = true;
    const stream = (async () => {
      while (streaming) {
        const key = randomUUID();
        const r = await api(
          server,
          server.anonKey,
          'POST',
          '/rest/v1/bookings',
          booking({ idempotency_key: key, message: 'backup stream' }),
        );
        if (r.status === 201) acked.set(key, Date.now());
        else problems.push(`insert answered ${r.status}`);
      }
    })();
    try {
      await new Promise((r) => setTimeout(r, 1000));
      const startedAt = Date.now();
      const made = await cli(['backup', file], {
        DATA_DIR: target.dataDir,
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      });
      before = [...acked].filter(([, at]) => at < startedAt).map(([k]) => k);
      if (made.code !== 0) problems.push(`backup exited ${made.code}: ${made.out.slice(-300)}`);
      else if (!made.out.includes('made by the running server'))
        problems.push('the backup was not made by the running server');
    } finally {
      streaming = false;
      await stream;
      await server.stop();
    }
    if (problems.length === 0) {
      if (target.databaseUrl) {
        restoredDb = runDatabaseName('restored');
        await withClient(target.databaseUrl, (c) => c.query(`create database ${restoredDb}`));
        const u = new URL(target.databaseUrl);
        u.pathname = `/${restoredDb}`;
        restoredUrl = u.toString();
      }
      const env = { DATA_DIR: restoredDir, ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}) };
      const restored = await cli(['restore', file], env);
      if (restored.code !== 0) problems.push(`restore exited ${restored.code}: ${restored.out.slice(-300)}`);
      else {
        const again = await cli(['restore', file], env);
        if (again.code !== 1 || !/not empty/.test(again.out))
          problems.push(`a second restore was not refused (${again.code})`);
        const r2 = await start({ ...target, dataDir: restoredDir, databaseUrl: restoredUrl });
        try {
          if (r2.anonKey !== anonKey) problems.push('the anon key changed');
          const rows = await api(r2, r2.serviceKey, 'GET', '/rest/v1/bookings?select=idempotency_key');
          const have = new Set((rows.json as { idempotency_key: string }[]).map((b) => b.idempotency_key));
          const missing = before.filter((k) => !have.has(k));
          if (missing.length) problems.push(`${missing.length} bookings acknowledged before the backup are missing`);
        } finally {
          await r2.stop();
        }
      }
    }
  } finally {
    if (restoredDb)
      await withClient(target.databaseUrl!, (c) => c.query(`drop database if exists ${restoredDb} with (force)`)).catch(
        () => {},
      );
    fs.rmSync(work, { recursive: true, force: true });
  }
  return {
    scenario: 'backup',
    database: target.name,
    did: `backup through the running server during ${acked.size} booking inserts, restore into an empty target (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
    found: problems.length
      ? problems.join('; ').slice(0, 1000)
      : `all ${before.length} bookings acknowledged before the backup restored, anon key kept, second restore refused`,
    ok: problems.length === 0,
  };
}
