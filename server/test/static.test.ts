import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/backend.ts';

/** The site's static serving, on a folder shaped like React Router's build/client. */

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const filler = (label: string) => `${label} ${'lorem ipsum dolor sit amet '.repeat(60)}`;
/** `emptyKey`: how the empty anon key is written (`content=""`, or a bare `content` as some HTML writers emit it). */
const page = (title: string, emptyKey = 'content=""') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>` +
  `<meta name="supabase-anon-key" ${emptyKey}/></head><body><h1>${title}</h1><p>${filler(title)}</p></body></html>`;

describe('static site', () => {
  let server: TestServer;
  let root: string;
  let port: number;
  const js = `console.log(${JSON.stringify(filler('app'))});`;
  const video = Buffer.alloc(3 * 1024 * 1024, 7);
  const inlineScript = 'window.__context = {"route":"/"};';

  /** Raw HTTP, so paths are sent exactly as written and nothing is decompressed for us. */
  const raw = (method: string, urlPath: string, headers: Record<string, string> = {}) =>
    new Promise<Raw>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-static-test-'));
    root = path.join(base, 'site');
    const write = (rel: string, content: string | Buffer) => {
      const file = path.join(root, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    };
    write(
      'index.html',
      page('Splash').replace(
        '</body>',
        `<script>${inlineScript}</script><script type="module" src="/assets/app-3f9a1c.js"></script></body>`,
      ),
    );
    write('about/index.html', page('About', 'content'));
    write('recipe/2/index.html', page('Stuffed pineapples'));
    write('404.html', page('Page not found'));
    write('assets/app-3f9a1c.js', js);
    write('assets/app-3f9a1c.js.br', zlib.brotliCompressSync(js));
    write('assets/app-3f9a1c.js.gz', zlib.gzipSync(js));
    write('media/hero-77aa.avif', Buffer.from('avif'));
    write('media/font-12.woff2', Buffer.from('woff2'));
    write('media/clip-99.webm', Buffer.from('webm'));
    write('media/logo-1.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    write('media/film-ab12.mp4', video);
    write('robots.txt', 'User-agent: *\nAllow: /\n');
    write('sitemap.xml', '<?xml version="1.0"?><urlset/>');
    write('manifest.json', '{}');
    fs.writeFileSync(path.join(base, 'secret.txt'), 'TOP SECRET');
    server = await startTestServer({ name: 'pglite' }, { staticDir: root, dataDir: path.join(base, 'data') });
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  });

  it('serves each route folder’s index.html with the anon key and revalidation headers', async () => {
    const home = await raw('GET', '/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body.toString()).toContain(`<meta name="supabase-anon-key" content="${server.anonKey}"/>`);
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(home.headers['x-frame-options']).toBe('SAMEORIGIN');

    const about = await raw('GET', '/about');
    expect(about.status).toBe(200);
    expect(about.body.toString()).toContain('<h1>About</h1>');
    expect(about.body.toString()).toContain(`<meta name="supabase-anon-key" content="${server.anonKey}"/>`);

    const etag = about.headers.etag!;
    expect(etag).toMatch(/^"/);
    const again = await raw('GET', '/about', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('sends a careful host’s security headers, with a policy that allows each page’s inline scripts by hash', async () => {
    const home = await raw('GET', '/');
    const csp = String(home.headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    const hash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;
    expect(directives['script-src']).toEqual(["'self'", hash]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'self'"]);
    expect(directives['frame-src']).toEqual(['https://www.youtube-nocookie.com']);
    // No third party unless the build configured one.
    expect(csp).not.toMatch(/googletagmanager|elfsight|unsafe-eval/);
    expect(directives['upgrade-insecure-requests']).toBeUndefined();
    expect(home.headers['permissions-policy']).toContain('camera=()');
    expect(home.headers['permissions-policy']).toContain('geolocation=()');
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain HTTP: no HSTS (browsers ignore it there; tls.test.ts checks it over TLS).
    expect(home.headers['strict-transport-security']).toBeUndefined();

    // Every page, the 404 page included, has its policy; assets do not need one.
    for (const p of ['/about', '/no-such-page', '/recipe/2']) {
      const r = await raw('GET', p);
      expect({ p, csp: r.headers['content-security-policy']?.includes("script-src 'self'") }).toEqual({ p, csp: true });
      expect(r.headers['permissions-policy']).toBeDefined();
    }
    const asset = await raw('GET', '/assets/app-3f9a1c.js');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });

  it('has one canonical URL per page', async () => {
    for (const [from, to] of [
      ['/about/', '/about'],
      ['/about/index.html', '/about'],
      ['/index.html', '/'],
      ['/about/?ref=mail', '/about?ref=mail'],
    ]) {
      const r = await raw('GET', from!);
      expect({ from, status: r.status, location: r.headers.location }).toEqual({ from, status: 308, location: to });
    }
  });

  it('never redirects to another origin', async () => {
    for (const [from, to] of [
      ['//evil.example/', '/evil.example'],
      ['//evil.example', '/evil.example'],
      ['///evil.example/', '/evil.example'],
      ['/%2F%2Fevil.example/', '/evil.example'],
      ['//evil.example/about/?x=1', '/evil.example/about?x=1'],
      ['//about', '/about'],
    ]) {
      const r = await raw('GET', from!);
      expect({ from, status: r.status, location: r.headers.location }).toEqual({ from, status: 308, location: to });
    }
    for (const p of ['/\\evil.example/', '/%5C%5Cevil.example/', '/%5Cevil.example']) {
      const r = await raw('GET', p);
      expect(r.headers.location).toBeUndefined();
    }
  });

  it('answers unknown paths with the 404 page and status 404, and unknown recipes with /recipes', async () => {
    const r = await raw('GET', '/no-such-page');
    expect(r.status).toBe(404);
    expect(r.body.toString()).toContain('<h1>Page not found</h1>');
    expect(r.body.toString()).toContain(server.anonKey);
    expect((await raw('HEAD', '/no-such-page')).status).toBe(404);
    expect((await raw('GET', '/assets/missing-123.js')).status).toBe(404);

    expect((await raw('GET', '/recipe/2')).status).toBe(200);
    const unknown = await raw('GET', '/recipe/999');
    expect(unknown.status).toBe(302);
    expect(unknown.headers.location).toBe('/recipes');
  });

  it('caches hashed assets for a year and serves their pre-compressed siblings', async () => {
    const br = await raw('GET', '/assets/app-3f9a1c.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(js);

    const gz = await raw('GET', '/assets/app-3f9a1c.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(js);

    const plain = await raw('GET', '/assets/app-3f9a1c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('compresses HTML on the fly (after the key is written in)', async () => {
    const r = await raw('GET', '/about', { 'Accept-Encoding': 'br' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(r.body).toString()).toContain(server.anonKey);
    const g = await raw('GET', '/about', { 'Accept-Encoding': 'gzip;q=1, br;q=0' });
    expect(g.headers['content-encoding']).toBe('gzip');
    expect(Number(g.headers['content-length'])).toBe(g.body.length);
  });

  it('sends the right content types', async () => {
    const types: Record<string, string> = {
      '/media/hero-77aa.avif': 'image/avif',
      '/media/font-12.woff2': 'font/woff2',
      '/media/clip-99.webm': 'video/webm',
      '/media/film-ab12.mp4': 'video/mp4',
      '/media/logo-1.svg': 'image/svg+xml; charset=utf-8',
      '/robots.txt': 'text/plain; charset=utf-8',
      '/sitemap.xml': 'application/xml; charset=utf-8',
      '/manifest.json': 'application/json; charset=utf-8',
    };
    for (const [url, type] of Object.entries(types)) {
      const r = await raw('HEAD', url);
      expect({ url, status: r.status, type: r.headers['content-type'] }).toEqual({ url, status: 200, type });
    }
    expect((await raw('GET', '/robots.txt')).headers['cache-control']).toBe('no-cache');
  });

  it('serves byte ranges of large media', async () => {
    const r = await raw('GET', '/media/film-ab12.mp4', { Range: 'bytes=100-199' });
    expect(r.status).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(r.body.length).toBe(100);
    const full = await raw('GET', '/media/film-ab12.mp4');
    expect(full.status).toBe(200);
    expect(full.body.equals(video)).toBe(true);
    expect((await raw('GET', '/media/film-ab12.mp4', { Range: `bytes=${video.length}-` })).status).toBe(416);
  });

  it('refuses path traversal', async () => {
    for (const p of [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/a/%00',
    ]) {
      const r = await raw('GET', p);
      expect(r.status === 404 || r.status === 400).toBe(true);
      expect(r.body.toString()).not.toContain('TOP SECRET');
    }
  });

  it('answers only GET and HEAD, and API paths with JSON errors', async () => {
    const post = await raw('POST', '/about');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    const api = await raw('GET', '/rest/v1/', { apikey: server.anonKey });
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});

describe('the policy with third parties configured', () => {
  it('allows the analytics script and its beacons, the channel widget and a hosted Supabase project, and nothing else', async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'chef-static-csp-'));
    const root = path.join(base, 'client');
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(path.join(root, 'index.html'), page('Home'));
    fs.writeFileSync(
      path.join(base, 'security-headers.json'),
      JSON.stringify({ analytics: true, channelWidget: true, supabaseOrigin: 'https://abc.supabase.co' }),
    );
    const server = await startTestServer({ name: 'pglite' }, { staticDir: root, dataDir: path.join(base, 'data') });
    try {
      const csp = (await fetch(server.url + '/')).headers.get('content-security-policy')!;
      const directives = Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
      expect(directives['script-src']).toEqual(
        expect.arrayContaining(["'self'", 'https://www.googletagmanager.com', 'https://static.elfsight.com']),
      );
      expect(directives['connect-src']).toEqual(
        expect.arrayContaining([
          "'self'",
          'https://abc.supabase.co',
          'wss://abc.supabase.co',
          'https://*.google-analytics.com',
        ]),
      );
      expect(directives['img-src']).toEqual(expect.arrayContaining(['https://abc.supabase.co']));
      expect(directives['script-src']).not.toContain("'unsafe-inline'");
    } finally {
      await server.stop();
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
