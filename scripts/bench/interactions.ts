import { phoneOfRun, representsPhone } from './calibration.ts';
import { stepBackSaying } from './priority.ts';
import { INTERACTIONS } from './interaction-list.ts';
import { findTapPoint, indexNow, phoneRate, launchChromium, measureTap } from './phone-page.ts';

/**
 * Responsiveness on the calibrated phone (part of `npm run bench`): for each interaction, a
 * fresh page at phone size on a phone's connection and CPU (Lighthouse's mobile network: 150 ms round
 * trip, 1.6 Mbit/s down, 750 kbit/s up; the CPU slowed down by this machine's benchmarkIndex / the
 * phone's index, as scripts/bench/calibration.ts does for Lighthouse, or × 4 when no phone index is
 * given; applied through the DevTools protocol), loaded and
 * hydrated, then one tap. The figure is that tap's interaction latency as the browser's Event Timing API
 * reports it (the longest event of the interaction, from input to the next paint: what INP is made of),
 * in milliseconds. The API reports nothing under 16 ms; such a tap is recorded as 16 ("≤ 16").
 * Relative imports only.
 */
export interface InteractionFigure {
  name: string;
  route: string;
  /** The machine's benchmarkIndex before this interaction's runs, and the CPU slowdown used. */
  index?: number;
  cpuRate: number;
  /** Median over the runs, ms. */
  latencyMs: number;
  runs: number[];
  /** On the calibrated phone: the phone each run was, the machine's index just before its page was opened / the slowdown (decision 0047). */
  phones?: number[];
}

export async function interactionReport(
  baseUrl: string,
  {
    runs = 3,
    spkiHash,
    phoneIndex,
    rendererFirst = false,
    keepEveryRun = false,
  }: { runs?: number; spkiHash?: string; phoneIndex?: number; rendererFirst?: boolean; keepEveryRun?: boolean } = {},
): Promise<InteractionFigure[]> {
  const browser = await launchChromium([
    '--disable-quic',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ...(spkiHash ? [`--ignore-certificate-errors-spki-list=${spkiHash}`] : []),
  ]);
  if (rendererFirst) stepBackSaying();
  const out: InteractionFigure[] = [];
  try {
    for (const interaction of INTERACTIONS) {
      const point = await findTapPoint(browser, baseUrl + interaction.route, interaction);
      let index: number | undefined;
      let cpuRate = 4;
      if (phoneIndex) ({ index, rate: cpuRate } = await phoneRate(browser, phoneIndex));
      const samples: number[] = [];
      const phones: number[] = [];
      // The slowdown of the runs: this calibration's, or the latest one after a run made again.
      let rate = cpuRate;
      for (let i = 0; i < runs; i++) {
        for (let again = 0; ; again++) {
          // The phone this run is: the machine's index right before the page is opened / the slowdown, as
          // Lighthouse measures its own before it loads the page (measured with the page open, the index would
          // count the page's own work on the other threads, /home's video and the compositor, as a slower
          // machine). One that is another phone (the machine's speed moved since the calibration) is said,
          // calibrated again and made again, at most twice, as the Lighthouse runs are
          // (docs/decisions/0047-a-run-that-was-another-phone-is-run-again.md).
          const at = phoneIndex ? await indexNow(browser, 1) : undefined;
          if (phoneIndex && at && !keepEveryRun && !representsPhone(at, rate, phoneIndex) && again < 2) {
            const was = `index ${at} before the page, ×${rate}: a phone of ${phoneOfRun(at, rate)}`;
            const fresh = await phoneRate(browser, phoneIndex);
            rate = fresh.rate;
            console.log(
              `  ${interaction.name} run ${i + 1}: ${was}; calibrated again (index ${fresh.index}, ×${rate}) and run again`,
            );
            continue;
          }
          if (at) phones.push(phoneOfRun(at, rate));
          samples.push(await measureTap(browser, baseUrl, interaction, point, rate));
          break;
        }
      }
      const sorted = [...samples].sort((a, b) => a - b);
      out.push({
        name: interaction.name,
        route: interaction.route,
        index,
        cpuRate,
        latencyMs: sorted[Math.floor(sorted.length / 2)]!,
        runs: samples,
        ...(phones.length ? { phones } : {}),
      });
      const off = (p: number) => (phoneIndex && !representsPhone(p, 1, phoneIndex) ? ' (off)' : '');
      console.log(
        `  ${interaction.name.padEnd(34)} ${interaction.route.padEnd(10)} ${String(out.at(-1)!.latencyMs).padStart(4)} ms  ` +
          `(index ${index ?? '–'}, CPU ×${cpuRate}; runs: ${samples.map((x, k) => (phones[k] ? `${x} phone ${phones[k]}${off(phones[k])}` : String(x))).join(', ')})`,
      );
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** The INP table: one row per interaction. */
export function interactionTable(figures: InteractionFigure[]): string {
  const rows = [
    ['interaction', 'route', 'index', 'CPU ×', 'next paint ms'],
    ...figures.map((f) => [
      f.name,
      f.route,
      String(f.index ?? '–'),
      String(f.cpuRate),
      f.latencyMs <= 16 ? '≤ 16' : String(f.latencyMs),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) => r.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  '))
    .join('\n');
}
