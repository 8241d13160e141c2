/**
 * The hand-written static file server (server/src/site/static.ts) and upload parsing
 * (server/src/storage/upload-body.ts) against the best-kept libraries for the job, for decision
 * docs/decisions/0030-static-and-multipart-libraries.md. Not run by `npm test`.
 *
 * The libraries are not dependencies of the product; install them beside it first, unsaved:
 *
 *   npm install --no-save sirv@3.0.2 busboy@1.6.0
 *
 * (or anywhere else and point LIBS_DIR at that folder). Hono's `serveStatic`
 * (@hono/node-server/serve-static), undici's `Response.formData()` and @fastify/busboy (the
 * product's multipart parser since that decision) are already here.
 *
 *   tsx scripts/bench/static-libraries.ts static [--duration S] [--connections N] [--rounds R]
 *       A synthetic site shaped like build/client (a 40 kB page, a 180 kB script with .br/.gz
 *       siblings, an 80 kB image, a 4 MB film), served by each candidate in a process of its own,
 *       plus the raw limit: a bare node:http server answering the same bytes as ours for that route.
 *       Each round loads every route on every server in turn (A B C D, A B C D, …: a shared machine's
 *       drift hits all alike); the table gives each server's median req/s and its median share of the
 *       raw limit measured in the same round.
 *   tsx scripts/bench/static-libraries.ts parity
 *       The answers our tests require (server/test/static.test.ts), asked of each candidate: status
 *       and the headers that matter, side by side.
 *   tsx scripts/bench/static-libraries.ts multipart <formdata|ours|busboy|fastify-busboy> [--mb N] [--runs R]
 *       Parses a supabase-js-shaped upload (an N MB file, `cacheControl` and `metadata` fields) R
 *       times from a stream of 64 kB chunks; prints the median milliseconds. `formdata`: the body
 *       read within its limit (upload-body.ts's readBodyLimited), then undici's `Response.formData()`
 *       (the product before decision 0030); `ours`: the same read, then the product's parseUpload
 *       (@fastify/busboy over that body); `busboy` and `fastify-busboy`: parsing straight from the
 *       stream. Run it under a whole-process timer (e.g. `/usr/bin/time -v`) for its peak memory.
 *       Then an upload 1 MB over a 10 MB limit: how many bytes each read before refusing it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { serve, type HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import type { AppContext } from '../../server/src/http/context.ts';
import { baseSecurityHeaders } from '../../server/src/site/security-headers.ts';
import { staticSite } from '../../server/src/site/static.ts';
import { args, bytes, libs, median, option, ROOT, text } from './library-bench.ts';
import { benchMultipart, PARSERS } from './multipart-libraries.ts';

// ---------------------------------------------------------------------------------------------
// The site

const ANON_KEY = 'bench-anon-key';
export const ROUTES = {
  page: '/',
  script: '/assets/app-3f9a1c.js',
  image: '/media/photo-77aa.avif',
  'film range': '/media/film-ab12.mp4',
  'script 304': '/assets/app-3f9a1c.js',
} as const;

function makeSite(): string {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chef-static-libs-')), 'client');
  const write = (rel: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  };
  const page = (title: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><meta name="supabase-anon-key" content=""/>` +
    `</head><body><h1>${title}</h1><p>${text(40_000, title.length)}</p>` +
    `<script>window.__reactRouterContext = {"url":"/"};</script><script type="module" src="${ROUTES.script}"></script></body></html>`;
  write('index.html', page('Home'));
  write('404.html', page('Page not found'));
  const js = text(180_000, 7);
  write(ROUTES.script, js);
  // As scripts/build/postbuild.ts writes them.
  write(`${ROUTES.script}.br`, zlib.brotliCompressSync(js, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  write(`${ROUTES.script}.gz`, zlib.gzipSync(js, { level: 9 }));
  write(ROUTES.image, bytes(80_000, 3));
  write(ROUTES['film range'], bytes(4 * 1024 * 1024, 5));
  return root;
}

// ---------------------------------------------------------------------------------------------
// The candidates, each a server in a process of its own (`serve <variant> <root>`)

const VARIANTS = ['raw', 'ours', 'hono-serveStatic', 'sirv'] as const;
type Variant = (typeof VARIANTS)[number];
const IMMUTABLE = /^\/(assets|media)\//;
const cacheControl = (p: string) => (IMMUTABLE.test(p) ? 'public, max-age=31536000, immutable' : 'no-cache');

interface SirvOptions {
  dev?: boolean;
  etag?: boolean;
  brotli?: boolean;
  gzip?: boolean;
  single?: boolean | string;
  extensions?: string[];
  setHeaders?: (res: http.ServerResponse, pathname: string) => void;
}
type ConnectHandler = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

function app(variant: Exclude<Variant, 'raw'>, root: string): Hono<{ Bindings: HttpBindings }> {
  const security = baseSecurityHeaders(false);
  const app = new Hono<{ Bindings: HttpBindings }>();
  if (variant === 'ours') {
    const ctx = { config: { staticDir: root, tls: undefined }, keys: { anonKey: ANON_KEY } } as unknown as AppContext;
    app.route('/', staticSite(ctx));
    return app;
  }
  const notFound = (c: { body: (b: null, s: 404) => Response }) => c.body(null, 404);
  if (variant === 'hono-serveStatic') {
    app.use(
      '*',
      serveStatic({
        root,
        precompressed: true,
        onFound: (_file, c) => {
          for (const [k, v] of Object.entries(security)) c.header(k, v);
          c.header('Cache-Control', cacheControl(c.req.path));
        },
      }),
    );
    app.all('*', notFound);
    return app;
  }
  const sirv = (libs('sirv') as { default?: unknown }).default ?? libs('sirv');
  const handler = (sirv as (dir: string, opts: SirvOptions) => ConnectHandler)(root, {
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => {
      for (const [k, v] of Object.entries(security)) res.setHeader(k, v);
      res.setHeader('Cache-Control', cacheControl(pathname));
    },
  });
  app.all('*', (c) => {
    let passed = false;
    handler(c.env.incoming, c.env.outgoing, () => (passed = true));
    return passed ? notFound(c) : RESPONSE_ALREADY_SENT;
  });
  return app;
}

/** Ours answers each route once; the raw server then answers those exact bytes. */
async function rawServer(root: string): Promise<http.Server> {
  const ours = app('ours', root);
  const answers = new Map<string, Buffer>();
  for (const p of [ROUTES.page, ROUTES.script, ROUTES.image]) {
    const r = await ours.request(p, { headers: { 'accept-encoding': 'br, gzip' } });
    answers.set(p, Buffer.from(await r.arrayBuffer()));
  }
  answers.set(ROUTES['film range'], bytes(4 * 1024 * 1024, 5).subarray(0, 65536));
  return http.createServer((req, res) => {
    req.resume();
    if (req.headers['if-none-match']) {
      res.writeHead(304);
      res.end();
      return;
    }
    const body = answers.get(req.url!.split('?')[0]!) ?? Buffer.alloc(0);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    res.end(body);
  });
}

async function serveVariant(variant: Variant, root: string) {
  if (variant === 'raw') {
    const server = await rawServer(root);
    server.listen(0, '127.0.0.1', () => console.log(`port ${(server.address() as { port: number }).port}`));
    return;
  }
  serve({ fetch: app(variant, root).fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
    console.log(`port ${info.port}`),
  );
}

interface Child {
  variant: Variant;
  port: number;
  proc: ChildProcess;
}
function startChild(variant: Variant, root: string): Promise<Child> {
  const proc = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [import.meta.filename, 'serve', variant, root], {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /port (\d+)/.exec(out);
      if (m) resolve({ variant, port: Number(m[1]), proc });
    });
    proc.once('exit', () => reject(new Error(`${variant} exited:\n${out}`)));
  });
}

/** What a browser sends for each route (a conditional request for the 304 row, with the ETag the server gave). */
async function requestHeaders(port: number, route: keyof typeof ROUTES): Promise<Record<string, string>> {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  if (route === 'film range') headers.range = 'bytes=0-65535';
  if (route === 'script 304') {
    const first = await ask(port, 'GET', ROUTES[route], headers);
    const etag = first.headers.etag;
    if (typeof etag === 'string') headers['if-none-match'] = etag;
  }
  return headers;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  length: number;
}
function ask(port: number, method: string, urlPath: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers }, (res) => {
      let length = 0;
      res.on('data', (c: Buffer) => (length += c.length));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, length }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function benchStatic() {
  const duration = option('duration', 5);
  const connections = option('connections', 32);
  const rounds = option('rounds', 3);
  const root = makeSite();
  const children: Child[] = [];
  try {
    for (const v of VARIANTS) children.push(await startChild(v, root));
    const rps: Record<string, Record<string, number[]>> = {};
    const share: Record<string, Record<string, number[]>> = {};
    const statuses: Record<string, Record<string, string>> = {};
    for (let round = 0; round < rounds; round++) {
      for (const route of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
        const byVariant: Partial<Record<Variant, number>> = {};
        // The order turns each round, so no server always runs first or last.
        const order = children.map((_, i) => children[(i + round) % children.length]!);
        for (const child of order) {
          const headers = await requestHeaders(child.port, route);
          const r = await new Promise<autocannon.Result>((resolve, reject) =>
            autocannon(
              { url: `http://127.0.0.1:${child.port}${ROUTES[route]}`, headers, connections, duration },
              (err, res) => (err ? reject(err) : resolve(res)),
            ),
          );
          byVariant[child.variant] = r.requests.average;
          (rps[route] ??= {})[child.variant] = [...(rps[route]?.[child.variant] ?? []), r.requests.average];
          const probe = await ask(child.port, 'GET', ROUTES[route], headers);
          (statuses[route] ??= {})[child.variant] =
            `${probe.status} ${probe.headers['content-encoding'] ?? ''} ${probe.length} B`.replace('  ', ' ');
          process.stderr.write(
            `round ${round + 1} ${route} ${child.variant}: ${Math.round(r.requests.average)} req/s, ${r.errors + r.timeouts} errors\n`,
          );
        }
        for (const v of VARIANTS)
          (share[route] ??= {})[v] = [...(share[route]?.[v] ?? []), byVariant[v]! / byVariant.raw!];
      }
    }
    const table: Record<string, Record<string, string>> = {};
    for (const route of Object.keys(ROUTES)) {
      table[route] = {};
      for (const v of VARIANTS) {
        table[route][v] =
          `${Math.round(median(rps[route]![v]!))} (${(median(share[route]![v]!) * 100).toFixed(1)} %) ${statuses[route]![v]}`;
      }
    }
    console.log(
      `\n${connections} connections, ${duration} s per figure, ${rounds} rounds: median req/s (median share of the raw limit) and one answer's status, encoding and bytes`,
    );
    console.table(table);
    for (const route of Object.keys(ROUTES)) {
      const ours = share[route]!.ours!;
      for (const v of ['hono-serveStatic', 'sirv'] as const) {
        const ratios = share[route]![v]!.map((s, i) => s / ours[i]!);
        console.log(
          `${route}: ${v} / ours per round ${ratios.map((r) => r.toFixed(2)).join(', ')} (median ${median(ratios).toFixed(2)})`,
        );
      }
    }
  } finally {
    for (const c of children) c.proc.kill();
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Parity: what server/test/static.test.ts requires, asked of each candidate

async function parity() {
  const root = makeSite();
  const children: Child[] = [];
  try {
    for (const v of VARIANTS.filter((v) => v !== 'raw')) children.push(await startChild(v, root));
    const etagOf = async (port: number) =>
      (await ask(port, 'GET', ROUTES.script, { 'accept-encoding': 'br' })).headers.etag;
    const cases: [
      string,
      string,
      string,
      Record<string, string> | ((port: number) => Promise<Record<string, string>>),
    ][] = [
      ['page: anon key written in, CSP', 'GET', '/', { 'accept-encoding': 'br' }],
      ['script, br accepted', 'GET', ROUTES.script, { 'accept-encoding': 'gzip, br' }],
      ['script, br refused (br;q=0)', 'GET', ROUTES.script, { 'accept-encoding': 'br;q=0, gzip' }],
      ['script, br;q=1', 'GET', ROUTES.script, { 'accept-encoding': 'br;q=1' }],
      [
        'script, If-None-Match',
        'GET',
        ROUTES.script,
        async (port) => ({ 'accept-encoding': 'br', 'if-none-match': String(await etagOf(port)) }),
      ],
      ['film, last 100 bytes (bytes=-100)', 'GET', ROUTES['film range'], { range: 'bytes=-100' }],
      ['film, past the end', 'GET', ROUTES['film range'], { range: 'bytes=99999999-' }],
      ['unknown path: the 404 page', 'GET', '/no-such-page', {}],
      ['trailing slash', 'GET', '/assets/', {}],
      ['traversal %2e%2e', 'GET', '/%2e%2e/etc/passwd', {}],
      ['POST', 'POST', '/', {}],
    ];
    const rows: Record<string, Record<string, string>> = {};
    for (const [name, method, p, h] of cases) {
      rows[name] = {};
      for (const child of children) {
        const headers = typeof h === 'function' ? await h(child.port) : h;
        const a = await ask(child.port, method, p, headers);
        const got = [
          String(a.status),
          a.headers['content-encoding'] && `enc=${a.headers['content-encoding']}`,
          a.headers['content-range'] && `range=${a.headers['content-range']}`,
          a.headers.etag ? 'etag' : 'no-etag',
          a.headers['cache-control'] ? `cc=${a.headers['cache-control']}` : 'no-cc',
          a.headers['x-content-type-options'] ? 'sec' : 'no-sec',
          a.headers['content-security-policy'] ? 'csp' : '',
          `${a.length} B`,
        ].filter(Boolean);
        rows[name][child.variant] = got.join(' ');
      }
    }
    for (const [name, row] of Object.entries(rows)) {
      console.log(`\n${name}`);
      for (const [v, got] of Object.entries(row)) console.log(`  ${v.padEnd(17)} ${got}`);
    }
    const page = await fetch(`http://127.0.0.1:${children[0]!.port}/`).then((r) => r.text());
    console.log(`\nours writes the anon key into the page: ${page.includes(`content="${ANON_KEY}"`)}`);
  } finally {
    for (const c of children) c.proc.kill();
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  }
}

const [what, a1, a2] = args;
if (what === 'serve' && a1 && a2) await serveVariant(a1 as Variant, a2);
else if (what === 'static') await benchStatic();
else if (what === 'parity') await parity();
else if (what === 'multipart' && a1 && PARSERS.includes(a1)) await benchMultipart(a1);
else {
  console.error(
    'usage: tsx scripts/bench/static-libraries.ts static [--duration S] [--connections N] [--rounds R] | parity | multipart formdata|ours|busboy|fastify-busboy [--mb N] [--runs R]',
  );
  process.exit(2);
}
