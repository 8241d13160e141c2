// Chromium as the calibrated phone: its screen, CPU rate and connection, a page readied for a tap, and one measured tap. Relative imports only.
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { benchmarkIndexIn, multiplierFor } from './calibration.ts';
import { type Interaction } from './interaction-list.ts';

/** The phone the taps are made on: 412 × 823 CSS px at 1.75, touch (Lighthouse's mobile screen). */
export const PHONE_SCREEN = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/** Where to tap: the page's scroll position and the point, in the viewport, at the centre of the target. */
export interface TapPoint {
  scroll: { x: number; y: number };
  x: number;
  y: number;
  /** What is at the point (the control it is in, its name and text), to check the measured page has the same there. */
  hit: string;
}

/** The control at a point of the page (the element there, or the button, link, field or labelled element it is in): its tag, label and text. */
const controlAt = ({ x, y }: { x: number; y: number }) => {
  const at = document.elementFromPoint(x, y);
  const control = at?.closest('button, a, input, select, textarea, label, [role]') ?? at;
  return control
    ? `${control.localName} ${control.getAttribute('aria-label') ?? ''} ${(control.textContent ?? '').trim().slice(0, 60)}`
    : 'nothing';
};

/**
 * Where to tap, found on a page of its own, so that nothing of the driver is in the page that is measured.
 * Finding an element with a Playwright locator creates Playwright's injected script in the page, which
 * listens, from then on and for as long as the page lives, to every pointer, mouse and touch event on
 * the window (its hit-target check, `_setupHitTargetInterceptors` in playwright-core's bundle): on the
 * throttled phone that listener ran inside the tap's own input events
 * (docs/decisions/0048-the-driver-out-of-the-tapped-page.md). So the interaction's route is
 * opened at the phone's size, without the slowdown or the phone's network; the target is scrolled into
 * view, the scroll position, the centre of its box and what is there are read, and the page is closed.
 */
export async function findTapPoint(browser: Browser, url: string, interaction: Interaction): Promise<TapPoint> {
  const context = await browser.newContext(PHONE_SCREEN);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await untilHydrated(page);
    await page.waitForLoadState('networkidle');
    const target = interaction.target(page);
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) throw new Error(`${interaction.name}: the target has no box on ${interaction.route}`);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const scroll = await page.evaluate(() => ({ x: scrollX, y: scrollY }));
    return { scroll, ...point, hit: await page.evaluate(controlAt, point) };
  } finally {
    await context.close();
  }
}

/**
 * Readies the measured page for the tap at `point` with Playwright's `evaluate` only (which installs no
 * listener): the scroll position the target was found at, a check that the same control is at the point
 * (a page laid out otherwise fails the bench rather than tapping something else), and half a second for
 * what the scroll set off (the header's fade) to end.
 */
export async function readyTap(page: Page, point: TapPoint, interaction: Interaction): Promise<void> {
  await page.evaluate((to) => window.scrollTo({ left: to.x, top: to.y, behavior: 'instant' }), point.scroll);
  const hit = await page.evaluate(controlAt, { x: point.x, y: point.y });
  if (hit !== point.hit)
    throw new Error(`${interaction.name}: on ${interaction.route}, "${hit}" is at the tap's point, not "${point.hit}"`);
  await page.waitForTimeout(500);
}

/**
 * The measured interaction: a touch at the point, then the keys, dispatched through the DevTools protocol
 * as a phone's input. Nothing of Playwright runs in the page meanwhile: a locator's `tap()` checks
 * actionability and intercepts the hit target with script in the page, and waiting with a role locator
 * computes roles and names over the document, all on the page's throttled main thread, which put
 * Playwright's own work into the figure (docs/decisions/0036-interactions-measured-without-the-driver.md).
 */
export async function tapAt(page: Page, point: { x: number; y: number }, interaction: Interaction) {
  await page.touchscreen.tap(point.x, point.y);
  if (interaction.keys) await page.keyboard.type(interaction.keys);
}

/**
 * Resolves once React has committed the hydration of the document: `<html data-hydrated>` (as
 * e2e/support/page-checks.ts waits for it). Not Playwright's `waitForFunction`: that creates Playwright's
 * injected script in the page, whose hit-target listeners then run in every pointer, mouse and touch
 * event of the tap (docs/decisions/0048-the-driver-out-of-the-tapped-page.md); `evaluate` runs this
 * function alone. A function, not a string: a string would be run with eval, which the pages'
 * Content-Security-Policy refuses (no 'unsafe-eval'; server/src/site/security-headers.ts).
 */
async function untilHydrated(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const html = document.documentElement;
        if (html.hasAttribute('data-hydrated')) return resolve();
        // Cleared once hydrated: no timer of the bench's is left in the page that is tapped.
        const timer = setTimeout(() => reject(new Error('the page was not hydrated within 60 s')), 60_000);
        const observer = new MutationObserver(() => {
          if (!html.hasAttribute('data-hydrated')) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        });
        observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
      }),
  );
}

/** The machine's benchmarkIndex now: Lighthouse's benchmark on a blank page, `samples` times, the median. */
export async function indexNow(browser: Browser, samples: number): Promise<number> {
  const blank = await browser.newPage();
  try {
    return (await benchmarkIndexIn(blank, samples)).index;
  } finally {
    await blank.close();
  }
}

/** The machine's benchmarkIndex (Lighthouse's benchmark, median of three on a blank page) and the CPU slowdown that makes it a phone of `phoneIndex`. */
export async function phoneRate(browser: Browser, phoneIndex?: number): Promise<{ index: number; rate: number }> {
  const index = await indexNow(browser, 3);
  return { index, rate: multiplierFor(index, phoneIndex) };
}

/**
 * One Event Timing entry: `duration` runs from the input to the next paint (the browser rounds it to 8 ms);
 * within it, the input delay (until the handlers start), the handlers, and the presentation delay
 * (rendering, then the compositor, until the frame is shown).
 */
export interface EventEntry {
  name: string;
  duration: number;
  inputDelay: number;
  processing: number;
  presentationDelay: number;
}

/** Debian's Chromium (or `CHROMIUM_PATH`), headless and without a GPU, as the bench and its trace scripts run it. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', ...extraArgs],
  });
}

export interface PhonePage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** The Event Timing entries of the page's interactions so far (16 ms and longer). */
  interactions(): Promise<EventEntry[]>;
}

/**
 * `url` on a phone: 412 × 823 CSS px at 1.75, touch, slow 4G, the CPU slowed down × `rate`, Event Timing
 * recorded from the start; resolves once the page is hydrated and its network quiet. `block` refuses the
 * requests whose URL matches.
 */
export async function openPhonePage(browser: Browser, url: string, rate: number, block?: RegExp): Promise<PhonePage> {
  const context = await browser.newContext(PHONE_SCREEN);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  if (block) await page.route(block, (route) => route.abort());
  // Record every event of an interaction from the start (the observer buffers nothing before it exists).
  await page.addInitScript(() => {
    const seen: EventEntry[] = [];
    Object.assign(window, { __interactions: seen });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
        if (!e.interactionId) continue;
        // (No named function in here: tsx would wrap it in a helper that the page does not have.)
        seen.push({
          name: e.name,
          duration: e.duration,
          inputDelay: Math.round(e.processingStart - e.startTime),
          processing: Math.round(e.processingEnd - e.processingStart),
          presentationDelay: Math.round(e.startTime + e.duration - e.processingEnd),
        });
      }
      // 16 ms is the smallest threshold the Event Timing API accepts.
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await untilHydrated(page);
  await page.waitForLoadState('networkidle');
  const interactions = () =>
    page.evaluate(() => (window as unknown as { __interactions: EventEntry[] }).__interactions);
  return { context, page, cdp, interactions };
}

/**
 * One measured tap: a fresh phone page of the interaction's route at CPU × `rate`, readied for the tap at
 * `point` (found by findTapPoint), tapped, and its result checked; the interaction's longest Event Timing
 * entry, ms (16 when none is reported: the API reports nothing shorter).
 */
export async function measureTap(
  browser: Browser,
  baseUrl: string,
  interaction: Interaction,
  point: TapPoint,
  rate: number,
): Promise<number> {
  const { context, page, interactions } = await openPhonePage(browser, baseUrl + interaction.route, rate);
  try {
    await readyTap(page, point, interaction);
    await tapAt(page, point, interaction);
    // Event Timing entries are delivered after the next paint; the result is checked once they are in.
    await page.waitForTimeout(1000);
    await interaction.result(page);
    return Math.max(16, ...(await interactions()).map((e) => e.duration));
  } finally {
    await context.close();
  }
}
