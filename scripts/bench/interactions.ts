import { chromium, type Browser, type BrowserContext, type CDPSession, type Locator, type Page } from 'playwright-core';
import { benchmarkIndexIn, multiplierFor, phoneOfRun, representsPhone } from './calibration.ts';
import { stepBackSaying } from './priority.ts';

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
export interface Interaction {
  name: string;
  route: string;
  /** What the visitor taps. Found, scrolled into view and measured before the tap, outside the measurement. */
  target(page: Page): Locator;
  /** Keys typed right after the tap, as one interaction with it (the booking form's first keystroke). */
  keys?: string;
  /** Resolves once the tap's result is on screen (run after the figure is taken): a tap that did nothing fails the bench. */
  result(page: Page): Promise<void>;
}

export const INTERACTIONS: Interaction[] = [
  {
    name: 'header menu button (phone width)',
    route: '/home',
    target: (page) => page.getByRole('button', { name: 'Open menu' }),
    result: (page) => page.getByRole('button', { name: 'Close menu' }).waitFor(),
  },
  {
    name: 'recipe category filter',
    route: '/recipes',
    target: (page) => page.getByRole('main').locator('[role="group"] button[aria-pressed="false"]').first(),
    result: (page) => page.getByRole('main').locator('[role="group"] button[aria-pressed="true"]').first().waitFor(),
  },
  {
    name: 'servings plus',
    route: '/recipe/2',
    target: (page) => page.getByRole('button', { name: 'Add one serving' }),
    // Recipe 2 serves 2 (content/recipes.test.ts): one more is 3.
    result: (page) => page.locator('output').getByText('3 servings', { exact: true }).waitFor({ timeout: 5000 }),
  },
  {
    name: 'open the auth dialog',
    route: '/home',
    target: (page) => page.getByRole('banner').getByRole('button', { name: 'Login' }),
    result: (page) => page.getByRole('dialog').waitFor(),
  },
  {
    name: 'booking form, first keystroke',
    route: '/book-now',
    target: (page) => page.getByLabel('Full Name'),
    keys: 'A',
    result: async (page) => {
      const value = await page.getByLabel('Full Name').inputValue();
      if (value !== 'A') throw new Error(`the keystroke did not reach the field: ${JSON.stringify(value)}`);
    },
  },
];

/**
 * The command line of the scripts that tap (tap-trace.ts, ab-taps.ts): `--name value` options,
 * `--flag`s, and the other words, substrings of the interaction names that pick which taps run (all when none).
 */
export function tapCommandLine(argv = process.argv.slice(2)) {
  const option = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const names = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  return {
    option,
    flag: (name: string) => argv.includes(`--${name}`),
    interactions: INTERACTIONS.filter((x) => !names.length || names.some((n) => x.name.includes(n))),
    /** `--rate R`: this CPU slowdown instead of the calibrated one. */
    fixedRate: option('rate') ? Number(option('rate')) : undefined,
  };
}

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
async function indexNow(browser: Browser, samples: number): Promise<number> {
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
