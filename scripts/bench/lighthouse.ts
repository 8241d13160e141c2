import fs from 'node:fs';
import path from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { LocalCertificate } from '../local-certificate.ts';
import { calibrate, phoneConfig, phoneOfRun, representsPhone, type Calibration } from './calibration.ts';
import { launchBenchChrome } from './chrome.ts';
import { stepBackSaying } from './priority.ts';

/**
 * The Lighthouse part of `npm run bench` (scripts/bench/index.ts): every route on the calibrated phone
 * (the figures of record, docs/decisions/0058-phone-performance.md), Lighthouse's default 4× mobile
 * and desktop, median of the runs; its table and its chart.
 */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const kb = (n: number) => Math.round(n / 102.4) / 10;

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
export interface LighthouseOptions {
  /** Lighthouse runs per route and profile (--runs). */
  runs: number;
  /** The benchmarkIndex of the phone the calibrated runs stand for (--phone-index). */
  phoneIndex: number;
  /** The server and the browser's other processes step back while pages are measured (not --shared-cpu). */
  rendererFirst: boolean;
  /** A calibrated run that was another phone is made again (not --keep-every-run, decision 0047). */
  phoneCheck: boolean;
  /** The default 4× mobile (not --calibrated-only) and desktop (not --mobile-only) runs too. */
  mobile4x: boolean;
  desktop: boolean;
  /** Where every full report is written (--keep-lhr), to read the failing audits. */
  keepLhrDir?: string;
}

export async function lighthouseReport(
  baseUrl: string,
  routes: string[],
  opts: LighthouseOptions,
  tls?: LocalCertificate,
) {
  const RUNS = opts.runs;
  const PHONE_INDEX_TARGET = opts.phoneIndex;
  const PHONE_CHECK = opts.phoneCheck;
  const chrome = await launchBenchChrome(tls);
  if (opts.rendererFirst) stepBackSaying();
  const profiles: Profile[] = ['phone'];
  if (opts.mobile4x) profiles.push('mobile4x');
  if (opts.desktop) profiles.push('desktop');
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
          if (opts.keepLhrDir) {
            const dir = opts.keepLhrDir;
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
export function lighthouseTable(lh: Record<string, RouteFigures>, phoneIndex: number): string {
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
    `(index = the machine's benchmarkIndex before the route's runs; CPU × = the slowdown that makes it a phone of index ${phoneIndex}; ` +
      "Perf…JS kB = that calibrated phone, Lighthouse 12 mobile, slow 4G; 4× = Lighthouse's default mobile (CPU × 4); d = desktop)",
    line(rows[0]!),
    ...rows.slice(1).map(line),
  ].join('\n');
}

export function chart(lh: Record<string, { phone: LhFigures }>): string {
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
