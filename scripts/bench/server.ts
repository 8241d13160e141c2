import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { prepareStore, spawnProduct } from '../../test-support/product.ts';
import type { LocalCertificate } from '../local-certificate.ts';

/**
 * The product in a second process, on a fresh data folder with the seed, for the bench scripts
 * (started as everywhere else: test-support/product.ts).
 */
export interface Started {
  url: string;
  anonKey: string;
  serviceKey: string;
  proc: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startProduct(env: Record<string, string>, tls?: LocalCertificate): Promise<Started> {
  const store = await prepareStore({ template: false });
  try {
    const product = await spawnProduct({
      dataDir: store.dataDir,
      seed: true,
      tls,
      // The load test measures throughput, not the abuse limits.
      env: {
        RATE_LIMIT_INSERTS: '100000000',
        RATE_LIMIT_SIGN_IN: '100000000',
        RATE_LIMIT_SIGN_UP: '100000000',
        ...env,
      },
    });
    await settled(product.proc.pid);
    return {
      url: product.url,
      anonKey: product.anonKey,
      serviceKey: product.serviceKey,
      proc: product.proc,
      dataDir: store.dataDir,
      async stop() {
        await product.stop();
        await store.dispose();
      },
    };
  } catch (err) {
    await store.dispose();
    throw err;
  }
}

/**
 * Resolves once the process has used under 5 % of a core for a second (at most 60 s): the server
 * answers before its background start-up is done (the publication renderer's warm-up compiles and
 * renders the site in a worker thread for seconds), and a figure taken meanwhile measures that too.
 */
async function settled(pid: number | undefined) {
  const cpuTicks = () => {
    // utime and stime of /proc/<pid>/stat, after the command's name (which may hold spaces).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  if (pid === undefined || !fs.existsSync(`/proc/${pid}/stat`)) return;
  const deadline = Date.now() + 60_000;
  let before = cpuTicks();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuTicks();
    // Clock ticks are hundredths of a second on Linux: 5 ticks in a second is 5 % of a core.
    if (now - before < 5) return;
    before = now;
  }
}

export async function stopProduct(s: Started) {
  await s.stop();
}
