import type { ChildProcess } from 'node:child_process';
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

export async function stopProduct(s: Started) {
  await s.stop();
}
