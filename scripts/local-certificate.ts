import { createHash, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';

/**
 * A self-signed certificate for 127.0.0.1, written to a fresh temporary folder, for running the
 * server with TLS_CERT_FILE / TLS_KEY_FILE locally (the benchmark, the TLS tests). `spkiHash` is what
 * Chromium's --ignore-certificate-errors-spki-list takes to trust this key and no other.
 */
export interface LocalCertificate {
  cert: string;
  certFile: string;
  keyFile: string;
  spkiHash: string;
  /** The folder holding both files; remove it when done. */
  dir: string;
}

export async function localCertificate(): Promise<LocalCertificate> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-local-tls-'));
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  fs.writeFileSync(certFile, pems.cert);
  fs.writeFileSync(keyFile, pems.private, { mode: 0o600 });
  const spki = createPublicKey(pems.cert).export({ type: 'spki', format: 'der' });
  return { cert: pems.cert, certFile, keyFile, dir, spkiHash: createHash('sha256').update(spki).digest('base64') };
}
