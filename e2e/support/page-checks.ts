import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, formatViolations } from './axe.ts';
import type { PageProbe } from './browser.ts';

/** Checks and waits on a page that several end-to-end files share. */

/**
 * Whether React has finished hydrating the document: the root component marks `<html data-hydrated>`
 * in an effect, which runs once the hydration has been committed (event handlers attached, effects
 * run): web/app/components/layout/static-html.tsx, `markPageHydrated`.
 */
const reactHydrated = () => document.documentElement.hasAttribute('data-hydrated');
// Passed to the page as functions, not strings: a string would be run with eval, which the pages'
// Content-Security-Policy refuses (no 'unsafe-eval').

/** Waits until React has hydrated the prerendered page (buttons only work from then on). */
export async function hydrated(page: Page) {
  await page.waitForFunction(reactHydrated);
  await page.waitForFunction(() => !!document.querySelector('h1'));
}

/** Waits until React has hydrated the page (see `hydrated`); pages without an h1 too. */
export async function bodyHydrated(page: Page) {
  await page.waitForFunction(reactHydrated);
}

/** Goes to `path` in this page and waits for it to hydrate (see `bodyHydrated`). */
export async function goto(page: Page, path: string) {
  await page.goto(path);
  await bodyHydrated(page);
}

export interface ScrollOptions {
  /** Pixels per step (default 500). */
  step?: number;
  /** Milliseconds to wait after each step (default 40). */
  pause?: number;
}

/** Scrolls through the page so every lazy image loads, then back to the top. */
export async function scrollThrough(page: Page, { step = 500, pause = 40 }: ScrollOptions = {}) {
  await page.evaluate(
    async ({ step, pause }) => {
      for (let y = 0; y < document.body.scrollHeight; y += step) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, pause));
      }
      window.scrollTo(0, 0);
    },
    { step, pause },
  );
  await page.waitForLoadState('networkidle');
}

export interface SoundPageOptions {
  /** Wait for the page to hold exactly one h1 instead of counting once (default false). */
  waitForH1?: boolean;
  /** Also require the banner and contentinfo landmarks and that no image failed to load (default true). */
  shell?: boolean;
  /** How to scroll through the page before the checks (see `scrollThrough`). */
  scroll?: ScrollOptions;
}

/**
 * What every page must hold: exactly one h1, the main landmark and (unless `shell: false`) the
 * banner and contentinfo, no axe-core violation, no request to another host, no console error and
 * (unless `shell: false`) every image loaded.
 */
export async function expectSoundPage(
  probe: PageProbe,
  { waitForH1 = false, shell = true, scroll }: SoundPageOptions = {},
) {
  const { page } = probe;
  if (waitForH1) await expect.poll(() => page.locator('h1').count()).toBe(1);
  else expect(await page.locator('h1').count()).toBe(1);
  expect(await page.getByRole('main').count()).toBe(1);
  if (shell) {
    expect(await page.getByRole('banner').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
  }
  await scrollThrough(page, scroll);
  if (shell) {
    const broken = await page.evaluate(() =>
      [...document.images]
        .filter((img) => img.complete && img.naturalWidth === 0)
        .map((img) => img.currentSrc || img.src),
    );
    expect(broken).toEqual([]);
  }
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
 * The faded page background: which one the page shows and how opaque its picture is
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
    for (let el: Element | null = img; el && el !== layer; el = el.parentElement)
      opacity *= Number(getComputedStyle(el).opacity);
    return Math.round(opacity * 100) / 100;
  });
}

/** A toast with exactly this title is on screen (Radix renders it in the notifications region). */
export async function expectToast(page: Page, title: string) {
  const toast = page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true });
  await toast.waitFor({ state: 'visible', timeout: 5000 });
  return toast;
}

/** Records the page's CSP violations (the browser fires `securitypolicyviolation` for each). */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}
