// The last step of every `react-router build` (react-router.config.ts calls it from React Router's
// `buildEnd` hook, after the pages are prerendered), so any build, with any settings, is the site
// that ships (docs/decisions/0028-the-build.md):
// - the pages are finished (scripts/build/finish-pages.ts: scripts after the first paint, 404.html, the SPA
//   fallback's pages, sitemap.xml and robots.txt from the published content the build rendered);
// - the security headers' inputs (scripts/security-headers-files.ts): build/security-headers.json, _headers;
// - text assets get brotli and gzip siblings so the server sends them compressed without work.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { SiteContent } from '../../content/editable.ts';
import { filesUnder, finishPages } from './finish-pages.ts';
import { writeSecurityHeaderFiles } from './security-headers-files.ts';

/** Finishes the build in `buildDir` (React Router's build directory: client/ and the reports beside it). */
export function postbuild(buildDir: string, content: Pick<SiteContent, 'recipes'>): void {
  const client = path.join(buildDir, 'client');
  const { pages, urls, paintFirst } = finishPages(client, content.recipes);

  // The pages' security headers: what they depend on, and the file static hosts read.
  const securityHeaders = writeSecurityHeaderFiles(buildDir);

  // Pre-compressed siblings for text assets.
  const compressible = /\.(html|js|css|svg|json|xml|txt|webmanifest|data)$/;
  let count = 0;
  for (const p of filesUnder(client).filter((f) => compressible.test(f))) {
    const body = fs.readFileSync(p);
    if (body.length < 512) continue;
    fs.writeFileSync(`${p}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${p}.gz`, zlib.gzipSync(body, { level: 9 }));
    count++;
  }
  console.log(`postbuild: ${pages} pages ${paintFirst ? 'load their scripts after the first paint' : 'keep React Router\'s scripts (PAINT_FIRST=0)'}, 404.html, sitemap.xml (${urls} URLs), robots.txt, _headers (${securityHeaders.hashes} inline scripts by hash), ${count} files pre-compressed`);
}
