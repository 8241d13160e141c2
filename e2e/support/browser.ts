import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; Playwright cannot download its own browsers here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Nothing outside this machine is reachable; make every other host fail fast.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
}

export interface PageProbe {
  page: Page;
  context: BrowserContext;
  /** console.error messages and uncaught page errors seen so far. */
  errors: string[];
  /** Requests that went to a host other than the site's. */
  foreignRequests: string[];
  close(): Promise<void>;
}

export interface PageOptions {
  /** Viewport width in CSS px (default 1280; 375 for phones). */
  width?: number;
  height?: number;
  reducedMotion?: 'reduce' | 'no-preference';
  /** console.error texts to tolerate (substring match), e.g. an error the test provokes on purpose. */
  allowErrors?: string[];
  /** The browser's time zone (IANA name), e.g. a visitor west or east of the business. */
  timezoneId?: string;
}

/**
 * A fresh browser context and page on `baseURL`, recording console errors and requests that
 * leave the origin so a test can assert there were none.
 */
export async function openPage(browser: Browser, baseURL: string, options: PageOptions = {}): Promise<PageProbe> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: options.height ?? (width < 600 ? 812 : 900) },
    reducedMotion: options.reducedMotion ?? 'no-preference',
    isMobile: width < 600,
    hasTouch: width < 600,
    timezoneId: options.timezoneId,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const foreignRequests: string[] = [];
  const origin = new URL(baseURL).origin;
  const allowed = (text: string) => (options.allowErrors ?? []).some((a) => text.includes(a));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !allowed(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => {
    if (!allowed(err.message)) errors.push(`pageerror: ${err.message}`);
  });
  page.on('request', (req) => {
    const url = req.url();
    if (/^https?:/.test(url) && new URL(url).origin !== origin) foreignRequests.push(url);
  });
  return { page, context, errors, foreignRequests, close: () => context.close() };
}

/**
 * The browser's own favicon request is not ours to test in the form tests (the site shell owns the
 * icon); its 404 must not fail them. Only an error located at /favicon.ico is dropped.
 */
export function ignoreFaviconErrors(probe: PageProbe) {
  probe.page.on('console', (m) => {
    if (m.type() !== 'error' || new URL(m.location().url || 'about:blank', 'http://x').pathname !== '/favicon.ico')
      return;
    const i = probe.errors.lastIndexOf(m.text());
    if (i >= 0) probe.errors.splice(i, 1);
  });
}
