import * as chromeLauncher from 'chrome-launcher';
import type { LocalCertificate } from '../local-certificate.ts';

/** The Chromium Lighthouse drives in the bench scripts: headless, offline but for loopback, trusting the run's certificate. Relative imports only. */
export function launchBenchChrome(tls?: LocalCertificate) {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
}
