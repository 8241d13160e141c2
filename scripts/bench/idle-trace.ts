/**
 * `npx tsx scripts/bench/idle-trace.ts [route]`: what a page keeps the browser busy with while nobody touches
 * it (default /home, whose hero video plays). Loads the route as the bench's taps do (phone size and network,
 * CPU slowed down to the calibrated phone: scripts/bench/phone-page.ts), waits for hydration, a quiet
 * network and 1.5 s more, records a Chromium trace of the next two seconds and prints, for every thread
 * busy more than 5 ms in them, its task time and the trace events it went to: the page's main thread, the
 * display compositor (VizCompositorThread), the video's decoder (CodecWorker) and frame compositor.
 * Build first; BUILD_DIR picks the build (scripts/bench/server.ts).
 */
import { launchChromium, openPhonePage, phoneRate } from './phone-page.ts';
import { startProduct, stopProduct } from './server.ts';
import { collectTrace, selfTimes } from './trace-event.ts';

const route = process.argv[2] ?? '/home';
const TRACE_MS = 2000;

const started = await startProduct({});
const browser = await launchChromium();
try {
  const { rate } = await phoneRate(browser);
  const { page, cdp, context } = await openPhonePage(browser, started.url + route, rate);
  await page.waitForTimeout(1500);
  const events = await collectTrace(cdp, () => page.waitForTimeout(TRACE_MS));
  for (const thread of events.filter((e) => e.ph === 'M' && e.name === 'thread_name')) {
    const mine = events.filter(
      (e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined,
    );
    const busy = mine.filter((e) => e.name === 'ThreadControllerImpl::RunTask').reduce((sum, e) => sum + e.dur!, 0);
    if (busy < 5000) continue;
    const byName = new Map<string, number>();
    for (const [e, t] of selfTimes(mine, (x) => x.dur!).self) {
      const key = `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.replace(/^.*\//, '')}` : ''}${e.args?.data?.type ? ` ${e.args.data.type}` : ''}`;
      byName.set(key, (byName.get(key) ?? 0) + t);
    }
    console.log(
      `${thread.args?.name} (pid ${thread.pid}): tasks ${(busy / 1000).toFixed(1)} ms in ${TRACE_MS / 1000} s, CPU ×${rate}`,
    );
    for (const [key, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`  ${(us / 1000).toFixed(1).padStart(7)} ${key}`);
  }
  await context.close();
} finally {
  await browser.close();
  await stopProduct(started);
}
