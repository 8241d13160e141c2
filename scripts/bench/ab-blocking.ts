/**
 * `npx tsx scripts/bench/ab-blocking.ts /community-recipes,/members [loads] [rate]`: an A/B of two builds'
 * main-thread blocking at load, with real CPU throttling. Build A into `build-a` (for example
 * `git stash && BUILD_DIR=build-a npm run build && git stash pop`) and B into `build` (`npm run build`);
 * each is served by its own product process (scripts/bench/server.ts). For each route, `loads` loads
 * (default 8) of A and B alternately, at phone size with DevTools' CPU throttling × `rate` (default 7);
 * the figure is the Long Tasks API's blocking time after the first contentful paint (the sum over tasks
 * of the time over 50 ms, as TBT counts it, but measured, not simulated), median and every run, and the
 * longest task's median. A tool for a before/after, not a figure of record (`npm run bench` gives those);
 * decision 0037 used it. Relative imports only.
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { PHONE_SCREEN } from './phone-page.ts';
import { startProduct, stopProduct } from './server.ts';

const routes = (process.argv[2] ?? '/community-recipes').split(',');
const LOADS = Number(process.argv[3] ?? 8);
const RATE = Number(process.argv[4] ?? 7);
const ROOT = path.resolve(import.meta.dirname, '../..');
const builds = {
  A: await startProduct({ STATIC_DIR: path.join(ROOT, 'build-a/client') }),
  B: await startProduct({ STATIC_DIR: path.join(ROOT, 'build/client') }),
};
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});

interface Load {
  blocking: number;
  longest: number;
}
async function load(url: string): Promise<Load> {
  const context = await browser.newContext(PHONE_SCREEN);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: [number, number][]; __fcp: number };
    w.__longTasks = [];
    w.__fcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), undefined, {
    timeout: 60_000,
  });
  await page.waitForTimeout(3000);
  const figures = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: [number, number][]; __fcp: number };
    const after = w.__longTasks.filter(([start]) => start >= w.__fcp);
    return {
      blocking: after.reduce((t, [, d]) => t + Math.max(0, d - 50), 0),
      longest: Math.max(0, ...after.map(([, d]) => d)),
    };
  });
  await context.close();
  return figures;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  for (const route of routes) {
    const runs: Record<keyof typeof builds, Load[]> = { A: [], B: [] };
    for (let i = 0; i < LOADS; i++)
      for (const k of ['A', 'B'] as const) runs[k].push(await load(builds[k].url + route));
    for (const k of ['A', 'B'] as const) {
      console.log(
        `${route} ${k}: blocking after FCP (CPU ×${RATE}) median ${Math.round(median(runs[k].map((r) => r.blocking)))} ms, ` +
          `longest task median ${Math.round(median(runs[k].map((r) => r.longest)))} ms; runs ${runs[k].map((r) => Math.round(r.blocking)).join(', ')}`,
      );
    }
  }
} finally {
  await browser.close();
  await stopProduct(builds.A);
  await stopProduct(builds.B);
}
