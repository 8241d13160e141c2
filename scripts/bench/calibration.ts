import { chromium, type Page } from 'playwright-core';
// Lighthouse's own benchmark (the figure its reports call benchmarkIndex), run in the same Chromium.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import * as constants from 'lighthouse/core/config/constants.js';

/**
 * One phone class on every machine (docs/decisions/0019-calibrated-phone-bench.md). Lighthouse's CPU
 * slowdown is a fixed multiplier (4× by default), so the same page measured on a machine with a
 * benchmarkIndex of 3,000 and on one of 1,100 represents two different phones. Here the bench measures the
 * machine's benchmarkIndex with Lighthouse's own function in the Chromium that runs the audits, and
 * sets the slowdown to index / PHONE_INDEX, so that every run represents a phone whose index is about
 * PHONE_INDEX: between Chrome DevTools' low-tier (≈ 264) and mid-tier (≈ 1,000) presets.
 * Relative imports only.
 */
export const PHONE_INDEX = 400;

export interface Calibration {
  /** The machine's benchmarkIndex, median of the samples. */
  index: number;
  samples: number[];
  /** CPU slowdown applied (index / PHONE_INDEX, at least 1, two decimals). */
  multiplier: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

export const multiplierFor = (index: number, phoneIndex = PHONE_INDEX) =>
  Math.max(1, Math.round((index / phoneIndex) * 100) / 100);

/**
 * How far the phone a run represented may be from the class and still count: a factor of 1.25 either
 * way (320–500 for the class of 400). Lighthouse measures the machine's index again at the start of
 * each run, before it loads the page (`lhr.environment.benchmarkIndex`); that index divided by the
 * slowdown used is the phone the run represented. On a shared machine the speed moves within seconds,
 * so a run can start on a machine a third slower or faster than the calibration measured, and its
 * figures are then another phone's (docs/decisions/0047-a-run-that-was-another-phone-is-run-again.md).
 */
export const PHONE_TOLERANCE = 1.25;

/** The benchmarkIndex of the phone a run represented: the machine's index at the run's start / the slowdown. */
export const phoneOfRun = (runIndex: number, multiplier: number) => Math.round(runIndex / multiplier);

/** True when a run with this index at its start and this slowdown represented the class `phoneIndex` (within PHONE_TOLERANCE). */
export function representsPhone(runIndex: number, multiplier: number, phoneIndex = PHONE_INDEX): boolean {
  const phone = runIndex / multiplier;
  return phone >= phoneIndex / PHONE_TOLERANCE && phone <= phoneIndex * PHONE_TOLERANCE;
}

/** Lighthouse's benchmark run `samples` times in `page` (a blank page): every value and their median. */
export async function benchmarkIndexIn(page: Page, samples: number): Promise<{ index: number; values: number[] }> {
  const values: number[] = [];
  for (let i = 0; i < samples; i++) values.push(Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex)));
  return { index: median(values), values };
}

/** Measures the benchmarkIndex of the Chromium listening on `port` (chrome-launcher's), `samples` times. */
export async function calibrate(port: number, { samples = 3, phoneIndex = PHONE_INDEX } = {}): Promise<Calibration> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    try {
      const { index, values } = await benchmarkIndexIn(page, samples);
      return { index, samples: values, multiplier: multiplierFor(index, phoneIndex) };
    } finally {
      await page.close();
    }
  } finally {
    // Disconnects; the Chromium itself stays for Lighthouse.
    await browser.close();
  }
}

/** Lighthouse's mobile settings (slow 4G, Moto G Power screen) with the calibrated CPU slowdown. */
export function phoneConfig(multiplier: number) {
  return {
    extends: 'lighthouse:default' as const,
    settings: {
      formFactor: 'mobile' as const,
      screenEmulation: constants.screenEmulationMetrics.mobile,
      throttlingMethod: 'simulate' as const,
      throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: multiplier },
    },
  };
}
