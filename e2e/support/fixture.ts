import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, openPage, type PageOptions, type PageProbe } from './browser.ts';
import { hydrated } from './page-checks.ts';
import { startSite, type RunningSite, type SiteOptions } from './site.ts';

export interface SiteFixture {
  /** The built site on the real server, fresh for this file. */
  readonly site: RunningSite;
  /** Debian's Chromium, shared by the file's tests (each page gets its own context). */
  readonly browser: Browser;
  /** A fresh page on the site, recording console errors and foreign requests. */
  open(options?: PageOptions): Promise<PageProbe>;
  /** A fresh page at `path`, once it has hydrated. */
  visit(path: string, options?: PageOptions): Promise<PageProbe>;
  /**
   * Opens a page, runs `body`, then asserts no console error and (unless `allowForeign`) no request
   * left the origin; the page is closed either way.
   */
  withPage(options: PageOptions & { allowForeign?: boolean }, body: (probe: PageProbe) => Promise<void>): Promise<void>;
}

/**
 * Starts the site and Chromium before the file's tests and closes both after them. Call it at the top
 * level of a test file; read `site` and `browser` only inside tests and hooks registered after it.
 */
export function siteFixture(options: SiteOptions = {}): SiteFixture {
  let site: RunningSite | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    // Both at once; if one fails the other is still kept, so afterAll closes it.
    const started = await Promise.allSettled([
      startSite(options).then((s) => (site = s)),
      launchBrowser().then((b) => (browser = b)),
    ]);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const fixture: SiteFixture = {
    get site() {
      if (!site) throw new Error('the site is not running: use it inside a test or hook');
      return site;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not running: use it inside a test or hook');
      return browser;
    },
    open: (pageOptions = {}) => openPage(fixture.browser, fixture.site.url, pageOptions),
    async visit(path, pageOptions = {}) {
      const probe = await fixture.open(pageOptions);
      await probe.page.goto(path);
      await hydrated(probe.page);
      return probe;
    },
    async withPage(pageOptions, body) {
      const probe = await fixture.open(pageOptions);
      try {
        await body(probe);
        expect(probe.errors).toEqual([]);
        if (!pageOptions.allowForeign) expect(probe.foreignRequests).toEqual([]);
      } finally {
        await probe.close();
      }
    },
  };
  return fixture;
}
