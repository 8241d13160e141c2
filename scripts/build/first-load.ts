import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { BUNDLE_REPORT_FILE, type BundleReport } from './bundle-report-plugin.ts';
import { planOfPage } from './defer-hydration.ts';

/**
 * What a prerendered page downloads as JavaScript before the visitor does anything, read from the
 * built site (`$BUILD_DIR/client`) and the chunk report the build writes beside it. Used by the bundle
 * budget test (scripts/build/bundle-budget.test.ts) and the benchmark (scripts/bench/index.ts).
 *
 * "Loaded before any interaction" = what a page's HTML fetches by itself: its modulepreload links,
 * module scripts and the modules its inline module scripts import (the route manifest included),
 * or, on a paint-first page, everything its loader's plan names (web/app/paint-first/loader.ts),
 * plus everything those import statically. Chunks behind a dynamic import() are not counted.
 * Relative imports only.
 */
export interface BuiltSite {
  buildDir: string;
  client: string;
  report: BundleReport;
}

export function readBuild(buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')): BuiltSite {
  const client = path.join(buildDir, 'client');
  const file = path.join(buildDir, BUNDLE_REPORT_FILE);
  if (!fs.existsSync(path.join(client, 'index.html')) || !fs.existsSync(file)) {
    throw new Error(
      `No build with a chunk report in ${buildDir}: run \`BUILD_DIR=${path.basename(buildDir)} npm run build\` first ` +
        '(vite.config.ts registers bundleReportPlugin, which writes bundle-report.json).',
    );
  }
  return { buildDir, client, report: JSON.parse(fs.readFileSync(file, 'utf8')) as BundleReport };
}

/** The built HTML of a prerendered path. */
export function htmlOf(site: BuiltSite, urlPath: string): string {
  const file = urlPath === '/' ? path.join(site.client, 'index.html') : path.join(site.client, urlPath, 'index.html');
  return fs.readFileSync(file, 'utf8');
}

/** JS files a page's HTML loads by itself (see above), sorted. */
export function initialScripts(html: string, report: BundleReport): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (href) found.add(href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attrs, body] = m;
    const src = /\bsrc="([^"]+)"/.exec(attrs!)?.[1];
    if (src) found.add(src);
    if (/\btype="module"/.test(attrs!)) {
      // `import "/x.js"`, `import * as r from "/x.js"`, and the immediate `import("/x.js")` of the entry.
      for (const spec of body!.matchAll(/\bimport\s*(?:[^"'();]*?\sfrom\s*)?\(?\s*["']([^"']+\.js)["']/g)) found.add(spec[1]!);
    }
  }
  const plan = planOfPage(html);
  if (plan) for (const href of [...plan.preloads, ...plan.modules, plan.entry]) found.add(href);
  // Static imports load with their importer.
  const queue = [...found];
  while (queue.length) {
    const chunk = report.chunks[queue.pop()!];
    for (const dep of chunk?.imports ?? []) {
      if (!found.has(dep)) {
        found.add(dep);
        queue.push(dep);
      }
    }
  }
  return [...found].filter((f) => f.endsWith('.js')).sort();
}

/** Every script a page may ever load: its initial scripts and all they import, dynamically too. */
export function reachableScripts(html: string, report: BundleReport): string[] {
  const found = new Set(initialScripts(html, report));
  const queue = [...found];
  while (queue.length) {
    const chunk = report.chunks[queue.pop()!];
    for (const dep of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) {
      if (!found.has(dep)) {
        found.add(dep);
        queue.push(dep);
      }
    }
  }
  return [...found];
}

export const gzipSize = (site: BuiltSite, file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(site.client, file)), { level: 9 }).length;
export const rawSize = (site: BuiltSite, file: string) => fs.statSync(path.join(site.client, file)).size;

/** A page's first-load JavaScript: each initial script with its gzip (level 9) and raw size, largest first. */
export function firstLoad(site: BuiltSite, urlPath: string) {
  const files = initialScripts(htmlOf(site, urlPath), site.report)
    .map((file) => ({ file, gzip: gzipSize(site, file), raw: rawSize(site, file), packages: site.report.chunks[file]?.packages ?? [] }))
    .sort((a, b) => b.gzip - a.gzip);
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}
