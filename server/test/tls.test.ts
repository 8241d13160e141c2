import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCertificate, type LocalCertificate } from '../../scripts/local-certificate.ts';
import { startTestServer, type TestServer } from './support/backend.ts';

/** TLS_CERT_FILE + TLS_KEY_FILE: the same site and API over HTTPS, HTTP/2 first. */
describe('HTTPS with HTTP/2', () => {
  let server: TestServer;
  let tls: LocalCertificate;

  beforeAll(async () => {
    tls = await localCertificate();
    const site = path.join(tls.dir, 'site');
    fs.mkdirSync(path.join(site, 'about'), { recursive: true });
    fs.writeFileSync(path.join(site, 'about/index.html'), '<!doctype html><title>About</title><h1>About the chef</h1>');
    server = await startTestServer(
      { name: 'pglite' },
      { staticDir: site, seed: true, env: { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile } },
    );
  });
  afterAll(async () => {
    await server?.stop();
    if (tls) fs.rmSync(tls.dir, { recursive: true, force: true });
  });

  it('says https in its URL', () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves pages and the REST API over HTTP/2', async () => {
    const session = http2.connect(server.url, { ca: tls.cert });
    const get = (p: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = session.request({ ':path': p, ...headers });
        let status = 0;
        let body = '';
        req.on('response', (h) => (status = Number(h[':status'])));
        req.setEncoding('utf8');
        req.on('data', (c: string) => (body += c));
        req.on('end', () => resolve({ status, body }));
        req.on('error', reject);
      });
    try {
      const about = await get('/about');
      expect(about.status).toBe(200);
      expect(about.body).toContain('<h1>About the chef</h1>');
      const recipes = await get('/rest/v1/community_recipes?select=title&status=eq.approved', {
        apikey: server.anonKey,
      });
      expect(recipes.status).toBe(200);
      // The seed's three approved recipes (supabase/seed.sql), and not its pending ones.
      const titles = (JSON.parse(recipes.body) as { title: string }[]).map((r) => r.title).sort();
      expect(titles).toEqual(['Coconut Rice with Sweet Plantain', 'Green Mango Salad', 'Pepper Shrimp Skewers']);
    } finally {
      session.close();
    }
  });

  it('still answers HTTP/1.1 clients', async () => {
    const res = await new Promise<{ status: number; version: string; hsts?: string; csp?: string }>(
      (resolve, reject) => {
        https
          .get(`${server.url}/about`, { ca: tls.cert }, (r) => {
            r.resume();
            r.on('end', () =>
              resolve({
                status: r.statusCode!,
                version: r.httpVersion,
                hsts: r.headers['strict-transport-security'],
                csp: r.headers['content-security-policy'] as string | undefined,
              }),
            );
          })
          .on('error', reject);
      },
    );
    expect({ status: res.status, version: res.version }).toEqual({ status: 200, version: '1.1' });
    // Over TLS: HSTS, and the policy upgrades any http:// reference.
    expect(res.hsts).toBe('max-age=63072000; includeSubDomains');
    expect(res.csp).toContain('upgrade-insecure-requests');
  });

  it('refuses to start with half a setting, a missing file or a file that is not PEM, saying which', async () => {
    await expect(startTestServer({ name: 'pglite' }, { env: { TLS_CERT_FILE: tls.certFile } })).rejects.toThrow(
      /set both TLS_CERT_FILE and TLS_KEY_FILE, or neither/,
    );
    await expect(
      startTestServer(
        { name: 'pglite' },
        { env: { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: path.join(tls.dir, 'nope.pem') } },
      ),
    ).rejects.toThrow(/TLS_KEY_FILE: cannot read .*nope\.pem \(ENOENT\)/);
    const junk = path.join(tls.dir, 'junk.pem');
    fs.writeFileSync(junk, 'not a key');
    await expect(
      startTestServer({ name: 'pglite' }, { env: { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: junk } }),
    ).rejects.toThrow(/not a PEM certificate and its private key/);
  });
});
