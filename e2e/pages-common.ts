import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, formatViolations } from './support/axe.ts';
import { openPage, type PageOptions, type PageProbe } from './support/browser.ts';

/** Shared steps of the marketing-page tests (pages-info, pages-gallery, pages-payment). */

/** Waits until React has hydrated the prerendered page (buttons only work from then on). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });
}

export async function visit(browser: Browser, baseURL: string, path: string, options: PageOptions = {}): Promise<PageProbe> {
  const probe = await openPage(browser, baseURL, options);
  await probe.page.goto(path);
  await hydrated(probe.page);
  return probe;
}

/** Scrolls through the page so every lazy image loads, then back to the top. */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

/**
 * What every page must hold: exactly one h1, the landmarks (banner, main, contentinfo), no axe-core
 * violation, no request to another host, no console error, every image loaded with a text alternative.
 */
export async function expectSoundPage(probe: PageProbe) {
  const { page } = probe;
  expect(await page.locator('h1').count()).toBe(1);
  expect(await page.getByRole('main').count()).toBe(1);
  expect(await page.getByRole('banner').count()).toBeGreaterThanOrEqual(1);
  expect(await page.getByRole('contentinfo').count()).toBe(1);
  await scrollThrough(page);
  const broken = await page.evaluate(() =>
    [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
  );
  expect(broken).toEqual([]);
  const violations = await axeViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
  expect(probe.foreignRequests).toEqual([]);
  expect(probe.errors).toEqual([]);
}

/** The page is no wider than the viewport (no sideways scrolling on a phone). */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/**
 * The faded page background (SPEC §2): which one the page shows and how opaque its picture is
 * (null when the page has none).
 */
export async function backgroundOpacity(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const layer = document.querySelector('[data-page-background]');
    if (!layer) return null;
    const img = layer.querySelector('img');
    if (!img || layer.getAttribute('aria-hidden') !== 'true' || getComputedStyle(layer).position !== 'fixed') return -1;
    const rect = layer.getBoundingClientRect();
    if (rect.width < window.innerWidth || rect.height < window.innerHeight) return -2;
    // The picture's own opacity times its <picture>'s, if any.
    let opacity = 1;
    for (let el: Element | null = img; el && el !== layer; el = el.parentElement) opacity *= Number(getComputedStyle(el).opacity);
    return Math.round(opacity * 100) / 100;
  });
}

/** A toast with exactly this title is on screen (Radix renders it in the notifications region). */
export async function expectToast(page: Page, title: string) {
  const toast = page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true });
  await toast.waitFor({ state: 'visible', timeout: 5000 });
  return toast;
}
