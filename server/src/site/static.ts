import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Hono, type Context } from 'hono';
import type { AppContext } from '../http/context.ts';
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  inlineScriptHashes,
  PRIVATE_PAGE_HEADERS,
  PRIVATE_PAGES,
  readThirdParties,
} from './security-headers.ts';

/**
 * The prerendered site (React Router's `build/client`): one `index.html` per route folder, hashed
 * assets under /assets and /media. Canonical URLs have no trailing slash; hashed files are cached
 * for a year, everything else revalidates with an ETag; text is served compressed (a `.br`/`.gz`
 * sibling when the build made one, else compressed here once and kept); unknown paths answer the
 * site's 404 page with status 404.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  // React Router's prerendered route data (turbo-stream), fetched on navigations inside the site.
  '.data': 'text/x-script; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|wasm)|image\/svg\+xml)/;
const IMMUTABLE = /^\/(assets|media)\//;
/** Files up to this size are kept in memory (with their ETag and compressed forms). */
const MEMORY_FILE_LIMIT = 2 * 1024 * 1024;
const MEMORY_TOTAL_LIMIT = 64 * 1024 * 1024;
const MIN_COMPRESS_BYTES = 512;
/** A recipe page that was not prerendered is an unknown recipe id: the specification (docs/specification.md §2) sends it to the list. */
const UNKNOWN_RECIPE = /^\/recipe\/[^/]+$/;
const RECIPES_PATH = '/recipes';
/** The build's files a rendered publication replaces: never served from the build while one is live. */
const BUILD_PAGES_FILES = /(\.html|\.data|^\/sitemap\.xml|^\/robots\.txt)$/;
/** The anon key's meta tag with an empty value: `content=""` or a bare `content`, as some HTML writers emit it. */
const ANON_KEY_META = /(<meta\s+name=["']supabase-anon-key["']\s+content)(?:=(["'])\2)?(?=\s*\/?>)/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

interface Entry {
  /** path + size + mtime: a changed file is read again. */
  version: string;
  body: Buffer;
  etag: string;
  /** HTML only: the page's Content-Security-Policy (its inline scripts by hash). */
  csp?: string;
  encoded: Partial<Record<Encoding, { body: Buffer; etag: string }>>;
}

/** Small LRU of file contents and their compressed forms, bounded in bytes. */
class FileCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;

  get(file: string, version: string): Entry | undefined {
    const e = this.entries.get(file);
    if (!e) return undefined;
    if (e.version !== version) {
      this.delete(file);
      return undefined;
    }
    this.entries.delete(file);
    this.entries.set(file, e);
    return e;
  }

  set(file: string, entry: Entry) {
    this.delete(file);
    this.entries.set(file, entry);
    this.bytes += size(entry);
    this.evict();
  }

  grow(entry: Entry, by: number) {
    this.bytes += by;
    void entry;
    this.evict();
  }

  private delete(file: string) {
    const e = this.entries.get(file);
    if (e) {
      this.bytes -= size(e);
      this.entries.delete(file);
    }
  }

  private evict() {
    for (const key of this.entries.keys()) {
      if (this.bytes <= MEMORY_TOTAL_LIMIT) break;
      this.delete(key);
    }
  }
}

function size(e: Entry): number {
  return e.body.length + (e.encoded.br?.body.length ?? 0) + (e.encoded.gzip?.body.length ?? 0);
}

function etagOf(buf: Buffer, suffix = ''): string {
  return `"${createHash('sha1').update(buf).digest('base64url').slice(0, 27)}${suffix}"`;
}

/** The encoding to answer with, from Accept-Encoding (brotli preferred). */
function pickEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

async function statFile(file: string): Promise<fs.Stats | undefined> {
  try {
    const s = await fs.promises.stat(file);
    return s.isFile() ? s : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A 308 to a path of this site. The Location always starts with exactly one slash: `//…` would
 * be read by browsers as another host (backslashes never get here, they are refused above).
 */
function sameOriginRedirect(pathname: string, search: string, headers: Record<string, string>): Response {
  const location = encodeURI(pathname).replace(/^\/+/, '/') + search;
  return new Response(null, { status: 308, headers: { ...headers, Location: location } });
}

export function staticSite(ctx: AppContext): Hono {
  const root = path.resolve(ctx.config.staticDir);
  const anonKey = ctx.keys.anonKey;
  const cache = new FileCache();
  // Headers of every answer, and what the build configured for the pages' policy (security-headers.ts).
  const tls = Boolean(ctx.config.tls);
  const SECURITY_HEADERS = baseSecurityHeaders(tls);
  const thirdParties = readThirdParties(root);
  const pageCsp = (html?: string) =>
    contentSecurityPolicy(thirdParties, { scriptHashes: html === undefined ? [] : inlineScriptHashes(html), tls });
  const app = new Hono();

  /** Reads a file into the cache; HTML gets the anon key. */
  async function load(file: string, stat: fs.Stats): Promise<Entry> {
    const version = `${stat.size}:${stat.mtimeMs}`;
    const hit = cache.get(file, version);
    if (hit) return hit;
    let body: Buffer = await fs.promises.readFile(file);
    let csp: string | undefined;
    if (file.endsWith('.html')) {
      const html = body.toString('utf8').replace(ANON_KEY_META, `$1="${anonKey}"`);
      body = Buffer.from(html);
      csp = pageCsp(html);
    }
    const entry: Entry = { version, body, etag: etagOf(body), csp, encoded: {} };
    cache.set(file, entry);
    return entry;
  }

  /** The compressed form: a sibling made at build time, else compressed now and kept. */
  async function encoded(file: string, entry: Entry, enc: Encoding): Promise<{ body: Buffer; etag: string }> {
    const have = entry.encoded[enc];
    if (have) return have;
    let body: Buffer | undefined;
    // A build-time sibling is used for files we serve unchanged (not HTML: it gets the key).
    if (!file.endsWith('.html')) {
      const sibling = `${file}.${enc === 'br' ? 'br' : 'gz'}`;
      const s = await statFile(sibling);
      if (s && s.mtimeMs >= (await fs.promises.stat(file)).mtimeMs - 1000) body = await fs.promises.readFile(sibling);
    }
    body ??=
      enc === 'br'
        ? await brotli(entry.body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
            },
          })
        : await gzip(entry.body, { level: 9 });
    const out = { body, etag: entry.etag.replace(/"$/, `-${enc}"`) };
    entry.encoded[enc] = out;
    cache.grow(entry, body.length);
    return out;
  }

  async function serveFile(
    c: Context,
    file: string,
    stat: fs.Stats,
    status: 200 | 404,
    cacheControl: string,
  ): Promise<Response> {
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      ...SECURITY_HEADERS,
      'Content-Type': type,
      'Cache-Control': cacheControl,
      'Last-Modified': stat.mtime.toUTCString(),
    };
    const head = c.req.method === 'HEAD';
    if (PRIVATE_PAGES.includes(c.req.path)) Object.assign(headers, PRIVATE_PAGE_HEADERS);

    if (stat.size > MEMORY_FILE_LIMIT) {
      // Large media: streamed, with byte ranges (video players and Safari need them).
      const etag = `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
      headers['ETag'] = etag;
      headers['Accept-Ranges'] = 'bytes';
      if (status === 200 && matchesEtag(c.req.header('if-none-match'), etag))
        return new Response(null, { status: 304, headers });
      let start = 0;
      let end = stat.size - 1;
      let code: number = status;
      const range = status === 200 ? c.req.header('range') : undefined;
      if (range) {
        const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
        if (m && (m[1] || m[2])) {
          if (m[1]) {
            start = Number(m[1]);
            if (m[2]) end = Math.min(Number(m[2]), stat.size - 1);
          } else {
            start = Math.max(0, stat.size - Number(m[2]));
          }
          if (start > end || start >= stat.size) {
            return new Response(null, {
              status: 416,
              headers: { ...headers, 'Content-Range': `bytes */${stat.size}` },
            });
          }
          code = 206;
          headers['Content-Range'] = `bytes ${start}-${end}/${stat.size}`;
        }
      }
      headers['Content-Length'] = String(end - start + 1);
      if (head) return new Response(null, { status: code, headers });
      const stream = Readable.toWeb(fs.createReadStream(file, { start, end })) as unknown as ReadableStream;
      return new Response(stream, { status: code, headers });
    }

    const entry = await load(file, stat);
    if (entry.csp) headers['Content-Security-Policy'] = entry.csp;
    const compressible = COMPRESSIBLE.test(type) && entry.body.length >= MIN_COMPRESS_BYTES;
    const enc = compressible ? pickEncoding(c.req.header('accept-encoding')) : undefined;
    if (compressible) headers['Vary'] = 'Accept-Encoding';
    let body = entry.body;
    let etag = entry.etag;
    if (enc) {
      const e = await encoded(file, entry, enc);
      body = e.body;
      etag = e.etag;
      headers['Content-Encoding'] = enc;
    }
    headers['ETag'] = etag;
    if (status === 200 && matchesEtag(c.req.header('if-none-match'), etag)) {
      return new Response(null, { status: 304, headers });
    }
    headers['Content-Length'] = String(body.length);
    return new Response(head ? null : (body as unknown as BodyInit), { status, headers });
  }

  /**
   * The site's own 404 page, else React Router's SPA fallback (its client router may then
   * redirect, for example an unknown recipe id to /recipes), in both cases with status 404.
   */
  async function notFound(c: Context, pagesDir = root): Promise<Response> {
    for (const name of ['404.html', '__spa-fallback.html']) {
      const file = path.join(pagesDir, name);
      const stat = await statFile(file);
      if (stat) return serveFile(c, file, stat, 404, 'no-cache');
    }
    return new Response(
      '<!doctype html><meta charset="utf-8"><title>Page not found</title><h1>Page not found</h1><p><a href="/">Home</a></p>',
      {
        status: 404,
        headers: {
          ...SECURITY_HEADERS,
          'Content-Security-Policy': pageCsp(),
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-cache',
        },
      },
    );
  }

  app.all('*', async (c) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      return new Response('Method Not Allowed', {
        status: 405,
        headers: { ...SECURITY_HEADERS, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    const url = new URL(c.req.url);
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      return notFound(c);
    }
    // Traversal and oddities: no NUL, no backslash, no dot segments, nothing outside the root.
    if (/[\0\\]/.test(decoded) || decoded.split('/').some((seg) => seg === '..' || seg === '.')) return notFound(c);
    const target = path.resolve(root, `.${decoded}`);
    if (target !== root && !target.startsWith(root + path.sep)) return notFound(c);

    // One canonical form per page: no repeated slashes, no trailing slash, no index.html. Repeated
    // slashes are folded first: a Location of `//host` would send the browser to another origin.
    const canonical = decoded
      .replace(/\/{2,}/g, '/')
      .replace(/\/index\.html$/, '/')
      .replace(/(.)\/+$/, '$1');
    if (canonical !== decoded) {
      return sameOriginRedirect(canonical, url.search, SECURITY_HEADERS);
    }

    const immutable = IMMUTABLE.test(decoded);
    // A publication rendered by this server (server/src/site/): its pages, data, sitemap and 404 page
    // replace the build's; scripts, styles, media and the build's other files stay the build's.
    const live = immutable ? undefined : ctx.site?.live();
    if (live) {
      if (live.hidden.has(decoded)) return notFound(c, live.dir);
      const page = path.join(live.dir, `.${decoded}`);
      const pageStat = decoded !== '/' ? await statFile(page) : undefined;
      if (pageStat) return serveFile(c, page, pageStat, 200, 'no-cache');
      const index = path.join(page, 'index.html');
      const indexStat = await statFile(index);
      if (indexStat) return serveFile(c, index, indexStat, 200, 'no-cache');
      if (UNKNOWN_RECIPE.test(decoded)) {
        return new Response(null, { status: 302, headers: { ...SECURITY_HEADERS, Location: RECIPES_PATH } });
      }
      const buildFile = decoded !== '/' && !BUILD_PAGES_FILES.test(decoded) ? await statFile(target) : undefined;
      if (buildFile) return serveFile(c, target, buildFile, 200, 'no-cache');
      return notFound(c, live.dir);
    }
    const fileStat = decoded !== '/' ? await statFile(target) : undefined;
    if (fileStat) {
      return serveFile(c, target, fileStat, 200, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    if (!immutable) {
      const index = path.join(target, 'index.html');
      const indexStat = await statFile(index);
      if (indexStat) return serveFile(c, index, indexStat, 200, 'no-cache');
    }
    if (UNKNOWN_RECIPE.test(decoded)) {
      return new Response(null, { status: 302, headers: { ...SECURITY_HEADERS, Location: RECIPES_PATH } });
    }
    return notFound(c);
  });

  return app;
}
