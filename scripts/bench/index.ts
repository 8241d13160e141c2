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
import lighthouse, { desktopConfig } from 'lighthouse';
import { prerenderPaths } from '../../web/app/prerender.ts';
import { publishReport } from './publish.ts';
import { interactionReport, interactionTable } from './interactions.ts';
import { firstLoad, htmlOf, readBuild } from '../build/first-load.ts';
import { localCertificate, type LocalCertificate } from '../local-certificate.ts';
import { startProduct, stopProduct } from './server.ts';
import { checkedRun } from '../../test-support/leftovers.ts';
import { launchBenchChrome } from './chrome.ts';
import { stepBackSaying } from './priority.ts';
import { serverBench } from './server-bench.ts';
import { calibrate, phoneConfig, phoneOfRun, representsPhone, PHONE_INDEX, type Calibration } from './calibration.ts';

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
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
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

// ── Lighthouse ─────────────────────────────────────────────────────────────────────────────────
interface LhFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  jsBytes: number;
  /** The benchmarkIndex Lighthouse measured in its own run (median of the runs). */
  benchmarkIndex: number;
  /** Every run's Performance score and TBT, in run order: the spread behind the medians. */
  runs?: { performance: number; tbtMs: number; multiplier?: number; phone?: number }[];
  /** Calibrated runs: the slowdown the run used and the index of the phone it represented (decision 0047). */
  multiplier?: number;
  phone?: number;
}
/**
 * The profiles a route is measured on: `phone` (mobile, CPU slowdown calibrated on this machine to a
 * phone of index ≈ PHONE_INDEX; the figure of record, docs/decisions/0019), `mobile4x` (Lighthouse's
 * default mobile, CPU × 4 whatever the machine; skipped with --calibrated-only) and `desktop`
 * (skipped with --mobile-only).
 */
type Profile = 'phone' | 'mobile4x' | 'desktop';
interface RouteFigures {
  /** The machine's benchmarkIndex measured just before this route's runs, and the slowdown it gave. */
  calibration: Calibration;
  phone: LhFigures;
  mobile4x?: LhFigures;
  desktop?: LhFigures;
}
async function lighthouseReport(baseUrl: string, routes: string[], tls?: LocalCertificate) {
  const chrome = await launchBenchChrome(tls);
  if (RENDERER_FIRST) stepBackSaying();
  const profiles: Profile[] = ['phone'];
  if (!args.includes('--calibrated-only')) profiles.push('mobile4x');
  if (!args.includes('--mobile-only')) profiles.push('desktop');
  const results: Record<string, RouteFigures> = {};
  try {
    for (const route of routes) {
      // Calibrated again before every route: on a shared machine the index moves with the load.
      const calibration = await calibrate(chrome.port, { phoneIndex: PHONE_INDEX_TARGET });
      const per: Partial<Record<Profile, LhFigures>> = {};
      for (const profile of profiles) {
        // The calibrated runs' slowdown: the route's calibration, or the latest one after a run made again.
        let phoneMultiplier = calibration.multiplier;
        const configFor = (multiplier: number) =>
          profile === 'phone' ? phoneConfig(multiplier) : profile === 'desktop' ? desktopConfig : undefined;
        const runs: LhFigures[] = [];
        for (let i = 0; i < RUNS; i++) {
          // A run whose trace Lighthouse could not read (NO_NAVSTART, NO_FCP…: "Please run Lighthouse again") is
          // the measurement failing, not the page: it is said and run again, up to two more times.
          const runOnce = async (runConfig: ReturnType<typeof configFor>) => {
            let result = (await lighthouse(
              baseUrl + route,
              { port: chrome.port, output: 'json', logLevel: 'error' },
              runConfig,
            ))!.lhr;
            for (
              let retry = 0;
              retry < 2 && result.runtimeError && /run Lighthouse again/i.test(result.runtimeError.message ?? '');
              retry++
            ) {
              console.log(
                `  ${route} ${profile} run ${i + 1}: Lighthouse error ${result.runtimeError.code}, run again`,
              );
              result = (await lighthouse(
                baseUrl + route,
                { port: chrome.port, output: 'json', logLevel: 'error' },
                runConfig,
              ))!.lhr;
            }
            return result;
          };
          let lhr = await runOnce(configFor(phoneMultiplier));
          // The phone a calibrated run represented is the index Lighthouse measured at its start / the slowdown.
          // One that was another phone (the machine's speed moved since the calibration) is said, and the
          // route calibrated again and the run made again, up to two more times (decision 0047).
          for (
            let again = 0;
            profile === 'phone' &&
            PHONE_CHECK &&
            again < 2 &&
            !lhr.runtimeError &&
            !representsPhone(lhr.environment.benchmarkIndex, phoneMultiplier, PHONE_INDEX_TARGET);
            again++
          ) {
            const was = `index ${Math.round(lhr.environment.benchmarkIndex)} at its start, ×${phoneMultiplier}: a phone of ${phoneOfRun(lhr.environment.benchmarkIndex, phoneMultiplier)}`;
            const fresh = await calibrate(chrome.port, { phoneIndex: PHONE_INDEX_TARGET });
            phoneMultiplier = fresh.multiplier;
            console.log(
              `  ${route} phone run ${i + 1}: ${was}; calibrated again (index ${fresh.index}, ×${phoneMultiplier}) and run again`,
            );
            lhr = await runOnce(configFor(phoneMultiplier));
          }
          if (args.includes('--keep-lhr')) {
            const dir = path.join(ROOT, 'scripts/bench/results/lhr');
            fs.mkdirSync(dir, { recursive: true });
            const name = `${route === '/' ? 'splash' : route.slice(1).replace(/\//g, '_')}-${profile}-${i + 1}.json`;
            fs.writeFileSync(path.join(dir, name), JSON.stringify(lhr));
          }
          // A failed run (no paint, a timeout…) scores 0: say why rather than print a bare 0.
          if (lhr.runtimeError)
            console.log(
              `  ${route} ${profile} run ${i + 1}: Lighthouse error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
            );
          const cat = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
          const num = (k: string) => Number(lhr.audits[k]?.numericValue ?? NaN);
          const items =
            (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] })
              ?.items ?? [];
          runs.push({
            performance: cat('performance'),
            accessibility: cat('accessibility'),
            bestPractices: cat('best-practices'),
            seo: cat('seo'),
            lcpMs: Math.round(num('largest-contentful-paint')),
            tbtMs: Math.round(num('total-blocking-time')),
            cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
            totalBytes: items.find((x) => x.resourceType === 'total')?.transferSize ?? 0,
            jsBytes: items.find((x) => x.resourceType === 'script')?.transferSize ?? 0,
            benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
            ...(profile === 'phone'
              ? { multiplier: phoneMultiplier, phone: phoneOfRun(lhr.environment.benchmarkIndex, phoneMultiplier) }
              : {}),
          });
        }
        const m = (k: Exclude<keyof LhFigures, 'runs' | 'multiplier' | 'phone'>) => median(runs.map((x) => x[k]));
        per[profile] = {
          performance: m('performance'),
          accessibility: m('accessibility'),
          bestPractices: m('bestPractices'),
          seo: m('seo'),
          lcpMs: m('lcpMs'),
          tbtMs: m('tbtMs'),
          cls: m('cls'),
          totalBytes: m('totalBytes'),
          jsBytes: m('jsBytes'),
          benchmarkIndex: m('benchmarkIndex'),
          runs: runs.map((r) => ({
            performance: r.performance,
            tbtMs: r.tbtMs,
            ...(r.phone ? { multiplier: r.multiplier, phone: r.phone } : {}),
          })),
        };
      }
      results[route] = { calibration, ...per } as RouteFigures;
      const ph = results[route].phone;
      const four = results[route].mobile4x;
      console.log(
        `  ${route.padEnd(22)} index ${calibration.index} ×${calibration.multiplier}: phone P${ph.performance} A${ph.accessibility} BP${ph.bestPractices} SEO${ph.seo} ` +
          `LCP ${ph.lcpMs}ms TBT ${ph.tbtMs}ms CLS ${ph.cls} (runs: ${ph.runs!.map((r) => `P${r.performance} ${r.tbtMs}ms${r.phone ? ` phone ${r.phone}${representsPhone(r.phone, 1, PHONE_INDEX_TARGET) ? '' : ' (off)'}` : ''}`).join(', ')})` +
          (four ? ` | 4× P${four.performance} LCP ${four.lcpMs}ms TBT ${four.tbtMs}ms` : ''),
      );
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/**
 * One row per route: the machine's index and the slowdown used, the calibrated phone's figures (the
 * figures of record), then Lighthouse's default 4× mobile and desktop where measured. kB are transfer sizes.
 */
export function lighthouseTable(lh: Record<string, RouteFigures>): string {
  const full = (f?: LhFigures) =>
    f
      ? [
          f.performance,
          f.accessibility,
          f.bestPractices,
          f.seo,
          f.lcpMs,
          f.tbtMs,
          f.cls,
          kb(f.totalBytes),
          kb(f.jsBytes),
        ].map(String)
      : Array(9).fill('–');
  const short = (f?: LhFigures) => (f ? [f.performance, f.lcpMs, f.tbtMs, f.cls].map(String) : Array(4).fill('–'));
  const any = (k: 'mobile4x' | 'desktop') => Object.values(lh).some((r) => r[k]);
  const head = [
    'route',
    'index',
    'CPU ×',
    ...['Perf', 'A11y', 'BP', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'total kB', 'JS kB'],
    ...(any('mobile4x') ? ['4× Perf', '4× LCP', '4× TBT', '4× CLS'] : []),
    ...(any('desktop') ? ['d Perf', 'd LCP', 'd TBT', 'd CLS'] : []),
  ];
  const rows = [
    head,
    ...Object.entries(lh).map(([route, r]) => [
      route,
      String(r.calibration.index),
      String(r.calibration.multiplier),
      ...full(r.phone),
      ...(any('mobile4x') ? short(r.mobile4x) : []),
      ...(any('desktop') ? short(r.desktop) : []),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [
    `(index = the machine's benchmarkIndex before the route's runs; CPU × = the slowdown that makes it a phone of index ${PHONE_INDEX_TARGET}; ` +
      "Perf…JS kB = that calibrated phone, Lighthouse 12 mobile, slow 4G; 4× = Lighthouse's default mobile (CPU × 4); d = desktop)",
    line(rows[0]!),
    ...rows.slice(1).map(line),
  ].join('\n');
}

// ── Chart ──────────────────────────────────────────────────────────────────────────────────────
function chart(lh: Record<string, { phone: LhFigures }>): string {
  const rows = Object.entries(lh);
  const w = 760;
  const rowH = 22;
  const h = 40 + rows.length * rowH;
  const bars = rows
    .map(([route, { phone: mobile }], i) => {
      const y = 30 + i * rowH;
      const cats = [mobile.performance, mobile.accessibility, mobile.bestPractices, mobile.seo];
      const colours = ['#e0a83a', '#3f7a4a', '#5b8bd4', '#d4472f'];
      return (
        `<text x="4" y="${y + 14}" font-size="12" fill="#222">${route}</text>` +
        cats
          .map(
            (v, j) =>
              `<rect x="${180 + j * 145}" y="${y + 3}" width="${(v / 100) * 135}" height="14" fill="${colours[j]}"/><text x="${184 + j * 145}" y="${y + 14}" font-size="10" fill="#fff">${v}</text>`,
          )
          .join('')
      );
    })
    .join('');
  const head = ['Performance', 'Accessibility', 'Best practices', 'SEO']
    .map((t, j) => `<text x="${180 + j * 145}" y="18" font-size="12" font-weight="bold">${t}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif"><rect width="100%" height="100%" fill="#fff"/>${head}${bars}</svg>\n`;
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
        const lh = await lighthouseReport(site.url, routes, tls);
        results.lighthouse = lh;
        console.log(lighthouseTable(lh));
        fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
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
