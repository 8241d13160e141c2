import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from './support/backend.ts';
import { signalGroup, spawnGroup } from '../../test-support/processes.ts';

/** One server per PGlite data folder: the second refuses, a crashed one's lock does not block. */

const tsx = path.resolve('node_modules/.bin/tsx');
const main = path.resolve('server/src/main.ts');

/** `npm start`'s server as its own process on `dataDir`; resolves with its exit code and output. */
function runMain(dataDir: string, timeoutMs = 60_000) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawnGroup(tsx, [main], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_SECRET: TEST_JWT_SECRET,
        DATABASE_URL: '',
        SEED: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      // It started (it should not have): stop it so the test can fail with what it printed.
      if (output.includes('Ready in')) signalGroup(child, 'SIGTERM');
    });
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('one server per PGlite data folder', () => {
  let first: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-lock-test-'));
    first = await startTestServer({ name: 'pglite' }, { dataDir });
  });
  afterAll(async () => {
    await first?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server in another process, naming the folder and the holder', async () => {
    const { code, output } = await runMain(dataDir);
    expect(output).not.toContain('Ready in');
    expect(code).not.toBe(0);
    expect(output).toContain(
      `The database folder ${path.join(dataDir, 'pglite')} is in use by another server (pid ${process.pid}`,
    );
    expect(output).toContain(`${path.join(dataDir, 'pglite')}.lock`);
    // The first server still works and still holds the lock.
    const r = await fetch(`${first.url}/rest/v1/community_recipes?select=id`, { headers: { apikey: first.anonKey } });
    expect(r.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
  });

  it('refuses a second server in the same process', async () => {
    await expect(startTestServer({ name: 'pglite' }, { dataDir })).rejects.toThrow(/is in use by another server/);
  });

  it('takes over the lock of a server that crashed, and gives it back on close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-lock-stale-'));
    try {
      // A pid that certainly ran and is gone: a process that has exited.
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
      fs.writeFileSync(
        path.join(dir, 'pglite.lock'),
        JSON.stringify({ pid: Number(gone), host: os.hostname(), started: '2026-01-01T00:00:00.000Z' }),
      );
      const server = await startTestServer({ name: 'pglite' }, { dataDir: dir });
      const holder = JSON.parse(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8')) as { pid: number };
      expect(holder.pid).toBe(process.pid);
      await server.stop();
      expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);

      // A lock left by an earlier life of this very pid (a restarted container) is stale too.
      fs.writeFileSync(
        path.join(dir, 'pglite.lock'),
        JSON.stringify({ pid: process.pid, host: os.hostname(), started: '2026-01-01T00:00:00.000Z' }),
      );
      const again = await startTestServer({ name: 'pglite' }, { dataDir: dir });
      await again.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
