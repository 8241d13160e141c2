import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { LocalCertificate } from '../local-certificate.ts';

/** The product in a second process, on a fresh data directory with the seed, for the bench scripts. Relative imports only. */
const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_DIR = path.join(ROOT, process.env.BUILD_DIR ?? 'build');
const CLIENT = path.join(BUILD_DIR, 'client');

export interface Started {
  url: string;
  anonKey: string;
  proc: ChildProcess;
  dataDir: string;
}
function healthy(url: string, ca?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = (url.startsWith('https:') ? https : http).get(`${url}/auth/v1/health`, { ca }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
  });
}
export async function startProduct(env: Record<string, string>, tls?: LocalCertificate): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-bench-'));
  const port = 18000 + Math.floor(Math.random() * 2000);
  const proc = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: CLIENT,
      SEED: 'true',
      // The load test measures throughput, not the abuse limits.
      RATE_LIMIT_INSERTS: '100000000',
      // No scheduled backup in the middle of a measurement (scripts/bench/backup.ts measures them).
      BACKUP_INTERVAL_HOURS: '0',
      ...(tls ? { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 100));
    if (proc.exitCode !== null) throw new Error(`server exited:\n${out}`);
    if (await healthy(url, tls?.cert)) break;
  }
  const anonKey = /eyJ[\w-]+\.[\w-]+\.[\w-]+/.exec(out)?.[0];
  if (!anonKey) throw new Error(`could not read the anon key from the server's output:\n${out}`);
  return { url, anonKey, proc, dataDir };
}
export async function stopProduct(s: Started) {
  s.proc.kill('SIGTERM');
  await new Promise((r) => s.proc.once('exit', r));
  fs.rmSync(s.dataDir, { recursive: true, force: true });
}

