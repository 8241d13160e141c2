/**
 * `npm run bench`: builds and starts the product, then measures
 *  1. Lighthouse 12 (mobile with default throttling, and desktop) on every public route, median of N runs;
 *  2. responsiveness: the next-paint latency of five interactions on the calibrated phone (the header's
 *     menu button, a recipe filter, the servings plus, opening the auth dialog, the booking form's first
 *     keystroke), median of N runs
 *     (scripts/bench/interactions.ts), with the Lighthouse part;
 *  3. bundle sizes (raw and gzip per chunk) and first-load JS per route (as scripts/build/first-load.ts counts it);
 *  4. the server under load (scripts/bench/server-bench.ts, server-load.ts): the anonymous list, booking
 *     inserts, sign-in, quote acceptance and the console's bookings list of an owner with 10,000 bookings,
 *     on PGlite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) on PostgreSQL, each figure as a
 *     share of the machine's raw limit measured in the same run (scripts/bench/raw-limit.ts), compared
 *     with scripts/bench/baseline.json: a figure more than 15 % worse is printed as REGRESSION with the
 *     command that reproduces it (docs/decisions/0057).
 * Prints one table per part, writes scripts/bench/results/results.json and scripts/bench/results/results.svg.
 *
 * Every Lighthouse figure is taken on a phone of one class whatever the machine: before each route the
 * machine's benchmarkIndex is measured and the CPU slowdown set to index / 400 (scripts/bench/calibration.ts,
 * docs/decisions/0019-calibrated-phone-bench.md); the index and slowdown are printed beside the figures.
 * A run that started on a machine whose speed had moved so far that it represented another phone (the
 * index Lighthouse measures at the run's start / the slowdown, outside 320–500) is calibrated and run
 * again, at most twice (docs/decisions/0047-a-run-that-was-another-phone-is-run-again.md), and so is a
 * tap whose machine, measured just before its page is opened, was another phone; each run's phone is
 * printed beside it.
 * Lighthouse's default mobile (CPU × 4) and desktop follow as extra columns.
 *
 * Options: --runs N (Lighthouse runs per route and profile, default 3), --routes /home,/about or
 * --routes all (the prerendered pages and /console, /mail-action, /quote where built) or --routes none (no
 * page loaded by Lighthouse: the taps only), --tap-runs N (runs per tap, default --runs), --calibrated-only
 * (skip the default 4× mobile runs), --phone-index N (the phone's benchmarkIndex, default 400),
 * --skip-lighthouse, --skip-interactions, --skip-load, --server-only (part 4 alone; with --database pglite|postgres,
 * --only list,bookings,signin,quote,console, --write-baseline), --duration S (seconds per load run, default 10), --no-build (measure
 * the build already in $BUILD_DIR), --mobile-only (skip the desktop runs), --keep-lhr (write every
 * full Lighthouse report to scripts/bench/results/lhr/ to read the failing audits), --http1 (Lighthouse over plain
 * HTTP/1.1 instead of HTTPS with HTTP/2), --shared-cpu (the page's renderer shares the CPU with the server and
 * Chromium's other processes at equal priority, as before decision 0041), --keep-every-run (keep a
 * calibrated run that was another phone, as before decision 0047).
 *
 * While pages are measured, the server and Chromium's processes other than its renderers step back
 * (scripts/bench/priority.ts, docs/decisions/0041-the-renderer-first.md): on a phone the page's main
 * thread does not wait for a core behind the server or the browser's DevTools traffic.
 *
 * Lighthouse loads the site the way visitors get it once deployed: over HTTPS with HTTP/2 (the
 * server's TLS_CERT_FILE / TLS_KEY_FILE, here a certificate made for the run and trusted by this
 * Chromium only, by its key). The API load runs over plain HTTP/1.1, as autocannon speaks it.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { prerenderPaths } from '../../web/app/prerender.ts';
import { publishReport } from './publish.ts';
import { interactionReport, interactionTable } from './interactions.ts';
import { firstLoad, htmlOf, readBuild } from '../build/first-load.ts';
import { localCertificate } from '../local-certificate.ts';
import { startProduct, stopProduct } from './server.ts';
import { checkedRun } from '../../test-support/leftovers.ts';
import { chart, lighthouseReport, lighthouseTable } from './lighthouse.ts';
import { serverBench } from './server-bench.ts';
import { PHONE_INDEX } from './calibration.ts';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(opt('runs') ?? 3);
/** Runs per tap (--tap-runs, default --runs): a tap moves by 30–60 ms between runs on a shared host, so its median wants more runs than a load's. */
const TAP_RUNS = Number(opt('tap-runs') ?? RUNS);
const PHONE_INDEX_TARGET = Number(opt('phone-index') ?? PHONE_INDEX);
const DURATION = Number(opt('duration') ?? 10);
const RENDERER_FIRST = !args.includes('--shared-cpu');
/** --server-only: the server's figures alone (scripts/bench/server-bench.ts): no build, no browser. */
const SERVER_ONLY = args.includes('--server-only');
/** A calibrated run or tap that was another phone is made again (decision 0047); `--keep-every-run` keeps it, as before. */
const PHONE_CHECK = !args.includes('--keep-every-run');
const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_DIR = path.join(ROOT, process.env.BUILD_DIR ?? 'build');
const CLIENT = path.join(BUILD_DIR, 'client');
const kb = (n: number) => Math.round(n / 102.4) / 10;

// ── Bundles ────────────────────────────────────────────────────────────────────────────────────
function bundleReport() {
  const assets = path.join(CLIENT, 'assets');
  const chunks = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => {
      const body = fs.readFileSync(path.join(assets, f));
      return { file: f, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  // First-load JS as the bundle budget test counts it (scripts/build/first-load.ts).
  const site = readBuild(path.dirname(CLIENT));
  const routes = prerenderPaths()
    .filter((p) => p !== '/404')
    .map((route) => ({
      route,
      firstLoadJsGzip: firstLoad(site, route).gzip,
      htmlGzip: zlib.gzipSync(htmlOf(site, route)).length,
    }));
  return { chunks, routes };
}

/**
 * --routes /a,/b measures those; --routes all every prerendered page and the pages served the SPA
 * fallback that the build has (/console, /mail-action, /quote); by default, the prerendered pages.
 */
function routesToMeasure(): string[] {
  const prerendered = prerenderPaths().filter((p) => p !== '/404');
  const wanted = opt('routes');
  if (wanted === 'none') return [];
  if (wanted === 'all') {
    const spa = ['/console', '/mail-action', '/quote'].filter(
      (p) => !prerendered.includes(p) && fs.existsSync(path.join(CLIENT, p.slice(1), 'index.html')),
    );
    return [...prerendered, ...spa];
  }
  return wanted?.split(',') ?? prerendered;
}

// ── Main ───────────────────────────────────────────────────────────────────────────────────────
async function main() {
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    node: process.version,
  };
  if (SERVER_ONLY) {
    Object.assign(results, await serverBench({ args, duration: DURATION }));
    fs.mkdirSync(path.join(ROOT, 'scripts/bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'scripts/bench/results/server.json'), JSON.stringify(results, null, 2) + '\n');
    console.log('\nWrote scripts/bench/results/server.json');
    return;
  }
  if (!args.includes('--no-build')) {
    console.log('Building…');
    execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  }

  const bundles = bundleReport();
  results.bundles = bundles;
  console.log('\nFirst-load JS per route (gzip):');
  for (const r of bundles.routes) console.log(`  ${r.route.padEnd(22)} ${kb(r.firstLoadJsGzip)} kB`);
  console.log('\nLargest chunks (raw / gzip):');
  for (const c of bundles.chunks.slice(0, 10)) console.log(`  ${c.file.padEnd(40)} ${kb(c.raw)} kB / ${kb(c.gzip)} kB`);

  // The chef's Publish on the local server: every page rendered again (scripts/bench/publish.ts).
  const publish = await publishReport(path.join(ROOT, process.env.BUILD_DIR ?? 'build'));
  results.publish = publish;
  console.log(
    `\nPublish: the whole site (${publish.pages} pages) rendered in ${publish.medianMs} ms (median of ${publish.runsMs.join(', ')} ms)`,
  );

  if (!args.includes('--skip-lighthouse')) {
    const tls = args.includes('--http1') ? undefined : await localCertificate();
    results.lighthouseProtocol = tls ? 'HTTPS, HTTP/2' : 'HTTP/1.1';
    const site = await startProduct({}, tls);
    try {
      const routes = routesToMeasure();
      if (routes.length) {
        console.log(`\nLighthouse 12 over ${results.lighthouseProtocol} (${RUNS} runs each, median):`);
        const lh = await lighthouseReport(
          site.url,
          routes,
          {
            runs: RUNS,
            phoneIndex: PHONE_INDEX_TARGET,
            rendererFirst: RENDERER_FIRST,
            phoneCheck: PHONE_CHECK,
            mobile4x: !args.includes('--calibrated-only'),
            desktop: !args.includes('--mobile-only'),
            keepLhrDir: args.includes('--keep-lhr') ? path.join(ROOT, 'scripts/bench/results/lhr') : undefined,
          },
          tls,
        );
        results.lighthouse = lh;
        console.log(lighthouseTable(lh, PHONE_INDEX_TARGET));
        fs.mkdirSync(path.join(ROOT, 'scripts/bench/results'), { recursive: true });
        fs.writeFileSync(path.join(ROOT, 'scripts/bench/results/results.svg'), chart(lh));
      }
      if (!args.includes('--skip-interactions')) {
        console.log(
          `\nInteractions on the calibrated phone (next paint after one tap, ${TAP_RUNS} runs each, median):`,
        );
        results.interactions = await interactionReport(site.url, {
          runs: TAP_RUNS,
          spkiHash: tls?.spkiHash,
          phoneIndex: PHONE_INDEX_TARGET,
          rendererFirst: RENDERER_FIRST,
          keepEveryRun: !PHONE_CHECK,
        });
        console.log(interactionTable(results.interactions as Awaited<ReturnType<typeof interactionReport>>));
      }
    } finally {
      await stopProduct(site);
      if (tls) fs.rmSync(tls.dir, { recursive: true, force: true });
    }
  }
  if (!args.includes('--skip-load')) Object.assign(results, await serverBench({ args, duration: DURATION }));
  fs.mkdirSync(path.join(ROOT, 'scripts/bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'scripts/bench/results/results.json'), JSON.stringify(results, null, 2) + '\n');
  console.log('\nWrote scripts/bench/results/results.json and scripts/bench/results/results.svg');
}

// Nothing left behind: no server, browser or temp folder (test-support/leftovers.ts).
checkedRun('bench', main).catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
