// The last step of every `react-router build` (react-router.config.ts calls it from React Router's
// `buildEnd` hook, after the pages are prerendered), so any build, with any settings, is the site
// that ships (docs/decisions/0028-the-build.md):
// - every page's scripts load after its first paint (scripts/build/defer-hydration.ts, decision 0005);
// - the prerendered not-found page becomes the server's 404.html; a browser-built page the build did not
//   prerender (/console, /mail-action, /quote: web/app/prerender.ts prerenders them) gets the SPA fallback;
// - robots.txt and sitemap.xml are written from the route registry and the recipe content;
// - the security headers' inputs (scripts/build/security-headers-files.ts): build/security-headers.json, _headers;
// - text assets get brotli and gzip siblings so the server sends them compressed without work.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { site } from '../../content/site.ts';
import { Parser } from 'htmlparser2';
import { deferHydration } from './defer-hydration.ts';
import { writeSecurityHeaderFiles } from './security-headers-files.ts';
import { prerenderPaths } from '../../web/app/prerender.ts';
import { routes } from '../../web/app/paths.ts';

/** Every file under `dir`, recursively. */
const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(p) : [p];
  });

/** `html` with `markup` inserted just before its one `</head>`, found by parsing the page. */
export function beforeHeadEnd(html: string, markup: string): string {
  const ends: number[] = [];
  const parser = new Parser({
    onclosetag(name, implied) {
      if (name === 'head' && !implied) ends.push(parser.startIndex);
    },
  });
  parser.end(html);
  if (ends.length !== 1) throw new Error(`postbuild: expected one </head> in the page, found ${ends.length}`);
  return html.slice(0, ends[0]) + markup + html.slice(ends[0]);
}

/** Finishes the build in `buildDir` (React Router's build directory: client/ and the reports beside it). */
export function postbuild(buildDir: string): void {
  const client = path.join(buildDir, 'client');

  // Scripts after the first paint, on every prerendered page (and the SPA fallback). PAINT_FIRST=0
  // leaves React Router's own script tags, only to measure what the loader buys (decision 0009).
  const paintFirst = process.env.PAINT_FIRST !== '0';
  const pages = filesUnder(client).filter((p) => p.endsWith('.html'));
  if (paintFirst) for (const p of pages) fs.writeFileSync(p, deferHydration(fs.readFileSync(p, 'utf8')));

  // A page the build did not prerender gets React Router's SPA fallback (the root shell; the page is
  // built in the browser), told noindex for crawlers that read the HTML alone.
  const spaFallback = path.join(client, '__spa-fallback.html');
  if (fs.existsSync(spaFallback)) {
    const html = fs.readFileSync(spaFallback, 'utf8');
    const robots = '<meta name="robots" content="noindex, nofollow"/>';
    const noindexed = beforeHeadEnd(html, robots);
    // …and so are the pages the e-mail links lead to (/mail-action, the client's /quote).
    // A page prerendered as its loading state (web/app/prerender.ts, browserPagePaths) keeps its own HTML.
    for (const page of ['console', 'mail-action', 'quote'].filter((p) => !fs.existsSync(path.join(client, p, 'index.html')))) {
      fs.mkdirSync(path.join(client, page), { recursive: true });
      fs.writeFileSync(path.join(client, page, 'index.html'), noindexed);
    }
  }

  // 404 page
  const notFound = path.join(client, '404', 'index.html');
  if (fs.existsSync(notFound)) {
    fs.copyFileSync(notFound, path.join(client, '404.html'));
    fs.rmSync(path.join(client, '404'), { recursive: true, force: true });
  }

  // Sitemap and robots: indexed routes only (the registry says which), plus every recipe page.
  const notIndexed = new Set(Object.values(routes).filter((r) => !r.indexed).map((r) => r.path));
  const urls = prerenderPaths().filter((p) => p !== '/404' && !notIndexed.has(p));
  const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((p) => `  <url><loc>${escapeXml(site.origin + p)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(client, 'sitemap.xml'), sitemap);
  // Pages kept out of search results say so with a noindex meta tag; robots.txt must let crawlers
  // fetch them to see it, so nothing is disallowed here.
  fs.writeFileSync(
    path.join(client, 'robots.txt'),
    ['User-agent: *', 'Allow: /', '', `Sitemap: ${site.origin}/sitemap.xml`, ''].join('\n'),
  );

  // The pages' security headers: what they depend on, and the file static hosts read.
  const securityHeaders = writeSecurityHeaderFiles(buildDir);

  // Pre-compressed siblings for text assets.
  const compressible = /\.(html|js|css|svg|json|xml|txt|webmanifest)$/;
  let count = 0;
  for (const p of filesUnder(client).filter((f) => compressible.test(f))) {
    const body = fs.readFileSync(p);
    if (body.length < 512) continue;
    fs.writeFileSync(`${p}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${p}.gz`, zlib.gzipSync(body, { level: 9 }));
    count++;
  }
  console.log(`postbuild: ${pages.length} pages ${paintFirst ? 'load their scripts after the first paint' : 'keep React Router\'s scripts (PAINT_FIRST=0)'}, 404.html, sitemap.xml (${urls.length} URLs), robots.txt, _headers (${securityHeaders.hashes} inline scripts by hash), ${count} files pre-compressed`);
}
