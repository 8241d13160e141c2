// The steps that finish a set of prerendered pages, shared by the build (scripts/build/postbuild.ts) and the
// local server's render of a publication (server/src/site/render.ts), so both ship the same pages:
// - every page's scripts load after its first paint (scripts/defer-hydration.ts, decision 0005);
// - the prerendered not-found page becomes 404.html; a browser-built page the build did not prerender
//   (/console, /mail-action, /quote: web/app/prerender.ts prerenders them) gets the SPA fallback;
// - robots.txt and sitemap.xml are written from the route registry and the shown recipes.
// Relative imports only (loaded by react-router.config.ts and the server).
import fs from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { site } from '../../content/site.ts';
import { deferHydration } from './defer-hydration.ts';
import { prerenderPaths } from '../../web/app/prerender.ts';
import { routes } from '../../web/app/paths.ts';

/** Every file under `dir`, recursively. */
export const filesUnder = (dir: string): string[] =>
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

/** The sitemap's URLs: indexed routes only (the registry says which), plus every shown recipe's page. */
export function sitemapPaths(recipes: readonly { id: number; hidden?: boolean }[]): string[] {
  const notIndexed = new Set(Object.values(routes).filter((r) => !r.indexed).map((r) => r.path));
  return prerenderPaths(recipes).filter((p) => p !== '/404' && !notIndexed.has(p));
}

/**
 * Finishes the prerendered pages in `client` (a folder of `index.html` files and their `.data`): returns
 * how many pages and sitemap URLs it wrote. PAINT_FIRST=0 leaves React Router's own script tags, only to
 * measure what the loader buys (decision 0009).
 */
export function finishPages(client: string, recipes: readonly { id: number; hidden?: boolean }[]): { pages: number; urls: number; paintFirst: boolean } {
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

  const notFound = path.join(client, '404', 'index.html');
  if (fs.existsSync(notFound)) {
    fs.copyFileSync(notFound, path.join(client, '404.html'));
    fs.rmSync(path.join(client, '404'), { recursive: true, force: true });
  }

  const urls = sitemapPaths(recipes);
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
  fs.writeFileSync(path.join(client, 'robots.txt'), ['User-agent: *', 'Allow: /', '', `Sitemap: ${site.origin}/sitemap.xml`, ''].join('\n'));
  return { pages: pages.length, urls: urls.length, paintFirst };
}
