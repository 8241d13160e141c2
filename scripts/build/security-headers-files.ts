/**
 * Writes `build/client/_headers` from a finished build (run by scripts/build/postbuild.ts; run
 * `tsx scripts/build/security-headers-files.ts` again after editing pages by hand): the pages' security
 * headers for a static host that reads this file (Netlify, Cloudflare Pages), with one policy for
 * all pages (every page's inline scripts by hash) and the third parties the build embeds
 * (`build/security-headers.json`, written by scripts/build/security-headers-plugin.ts). docs/deploy.md
 * shows the same headers for other hosts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  inlineScriptHashes,
  PRIVATE_PAGE_HEADERS,
  PRIVATE_PAGES,
  readThirdParties,
} from '../../server/src/site/security-headers.ts';

export function writeSecurityHeaderFiles(buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')): { pages: number; hashes: number } {
  const client = path.join(buildDir, 'client');
  const thirdParties = readThirdParties(client);

  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.html')) pages.push(p);
    }
  };
  walk(client);
  const hashes = [...new Set(pages.flatMap((p) => inlineScriptHashes(fs.readFileSync(p, 'utf8'))))].sort();
  // A static host serves HTTPS: HSTS and upgrade-insecure-requests belong in its headers.
  const headers = {
    ...baseSecurityHeaders(true),
    'Content-Security-Policy': contentSecurityPolicy(thirdParties, { scriptHashes: hashes, tls: true }),
  };
  const lines = ['# Security headers for static hosts that read _headers (scripts/build/security-headers-files.ts).', '/*'];
  for (const [name, value] of Object.entries(headers)) lines.push(`  ${name}: ${value}`);
  // The hosts add a path's own rules to the ones of /*; `/*` below a page covers its folder's index.html.
  for (const page of PRIVATE_PAGES.flatMap((p) => [p, `${p}/*`])) {
    lines.push(page);
    for (const [name, value] of Object.entries(PRIVATE_PAGE_HEADERS)) lines.push(`  ${name}: ${value}`);
  }
  fs.writeFileSync(path.join(client, '_headers'), lines.join('\n') + '\n');
  return { pages: pages.length, hashes: hashes.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { pages, hashes } = writeSecurityHeaderFiles();
  console.log(`security headers: ${pages} pages, ${hashes} inline scripts allowed by hash`);
}
