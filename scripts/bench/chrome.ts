import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { LocalCertificate } from '../local-certificate.ts';

/**
 * The Chromium Lighthouse drives in the bench scripts: headless, offline but for loopback, trusting the
 * run's certificate. Relative imports only. Its temp files go to a folder of its own, removed by `kill`:
 * chrome-launcher ends Chromium with SIGKILL, so the `org.chromium.Chromium.*` files it makes in TMPDIR
 * would otherwise stay behind (test-support/leftovers.ts reports them).
 */
export async function launchBenchChrome(tls?: LocalCertificate) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-bench-chrome-'));
  try {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      envVars: { ...process.env, TMPDIR: tmp } as Record<string, string>,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
        ...(tls ? [`--ignore-certificate-errors-spki-list=${tls.spkiHash}`] : []),
      ],
    });
    return {
      port: chrome.port,
      pid: chrome.pid,
      kill() {
        chrome.kill();
        fs.rmSync(tmp, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}
