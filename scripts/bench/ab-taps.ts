/**
 * `npx tsx scripts/bench/ab-taps.ts [names…] [--pairs N] [--rate R] [--shared-cpu]`: an A/B of two builds'
 * taps, as `npm run bench` measures them (scripts/bench/phone-page.ts: phone size, phone network, the
 * calibrated CPU, a touch at the target's centre, the Event Timing figure). Build A into `build-a` (for
 * example `git stash && BUILD_DIR=build-a npm run build && git stash pop`) and B into `build`; each is
 * served by its own product process (scripts/bench/server.ts). For each tap (`names` are substrings of the
 * interaction names; default all), `pairs` runs of A and B alternately (default 7), at one CPU slowdown
 * for both: this machine's benchmarkIndex / 400, measured once before each tap (or × R). A tap moves by
 * 30–60 ms between runs of one build on a shared host and the index moves with the load, so figures from
 * two separate bench runs cannot show a change of a few tens of ms; alternating runs at one slowdown can.
 * A tool for a before/after, not a figure of record (`npm run bench` gives those); decision 0042 used it.
 * Relative imports only.
 */
import path from 'node:path';
import { tapCommandLine } from './interaction-list.ts';
import { findTapPoint, launchChromium, measureTap, phoneRate } from './phone-page.ts';
import { stepBackSaying } from './priority.ts';
import { startProduct, stopProduct } from './server.ts';

const { option, flag, interactions: PICKED, fixedRate: FIXED_RATE } = tapCommandLine();
const PAIRS = Number(option('pairs') ?? 7);
const ROOT = path.resolve(import.meta.dirname, '../..');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const builds = {
  A: await startProduct({ STATIC_DIR: path.join(ROOT, 'build-a/client') }),
  B: await startProduct({ STATIC_DIR: path.join(ROOT, 'build/client') }),
};
const browser = await launchChromium();
if (!flag('shared-cpu')) stepBackSaying();

try {
  for (const interaction of PICKED) {
    // Where to tap on each build's page (the same, unless the build moved the target).
    const points = {
      A: await findTapPoint(browser, builds.A.url + interaction.route, interaction),
      B: await findTapPoint(browser, builds.B.url + interaction.route, interaction),
    };
    const { index, rate } = FIXED_RATE ? { index: undefined, rate: FIXED_RATE } : await phoneRate(browser);
    const runs: Record<'A' | 'B', number[]> = { A: [], B: [] };
    for (let i = 0; i < PAIRS; i++) {
      // A first in even pairs, B first in odd ones: neither build always follows the other.
      for (const which of i % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const))
        runs[which].push(await measureTap(browser, builds[which].url, interaction, points[which], rate));
    }
    console.log(
      `${interaction.name} (${interaction.route}), index ${index ?? '–'}, CPU ×${rate}: ` +
        `A median ${median(runs.A)} (${runs.A.join(', ')}) · B median ${median(runs.B)} (${runs.B.join(', ')})`,
    );
  }
} finally {
  await browser.close();
  await stopProduct(builds.A);
  await stopProduct(builds.B);
}
