/**
 * `npx tsx scripts/bench/profile.ts /members,/book-now [rate]`: which functions a page's load spends its
 * JavaScript time in, on a slowed-down CPU (DevTools' CPU throttling, × `rate`, default 7: about the
 * calibrated phone of docs/decisions/0019-calibrated-phone-bench.md on our machines). For each route:
 * three fresh loads at phone size, a sampling CPU profile (0.2 ms) over the load and the 4 s after it,
 * and the mean self time per script file and per function, in ms as throttled. Build first; with
 * `NO_MINIFY=1 npm run build` (vite.config.ts) the functions keep their names. A tool for finding
 * where the time goes, not a figure of record: `npm run bench` gives those. Relative imports only.
 */
import { chromium } from 'playwright-core';
import { startProduct, stopProduct } from './server.ts';
const routes = (process.argv[2] ?? '/members').split(',');
const rate = Number(process.argv[3] ?? 7);
const server = await startProduct({});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const route of routes) {
  const agg = new Map<string, number>();
  for (let run = 0; run < 3; run++) {
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(server.url + route);
    await page.waitForTimeout(4000);
    const { profile } = await cdp.send('Profiler.stop');
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
    const dts = profile.timeDeltas!;
    profile.samples!.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dts[i] ?? 0) / 1000));
    for (const [id, ms] of self) {
      const cf = byId.get(id)!.callFrame;
      const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/^.*\//, '')}:${cf.lineNumber}`;
      agg.set(key, (agg.get(key) ?? 0) + ms / 3);
    }
    await ctx.close();
  }
  const byFile = new Map<string, number>();
  for (const [k, v] of agg) {
    const f = k.split(' ').slice(-1)[0].split(':')[0];
    byFile.set(f, (byFile.get(f) ?? 0) + v);
  }
  console.log(`\n== ${route} (CPU x${rate}, mean of 3, ms as throttled)`);
  console.log(
    [...byFile]
      .filter(([f]) => f !== '')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([f, v]) => `  ${v.toFixed(0).padStart(6)} ${f}`)
      .join('\n'),
  );
  console.log(
    [...agg]
      .filter(([k]) => !/^\((idle|program|garbage collector)\)/.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)
      .map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ${k}`)
      .join('\n'),
  );
  for (const k of ['(program)', '(garbage collector)', '(idle)'])
    console.log(
      '  ',
      k,
      [...agg]
        .filter(([kk]) => kk.startsWith(k))
        .reduce((a, [, v]) => a + v, 0)
        .toFixed(0),
    );
}
await browser.close();
await stopProduct(server);
