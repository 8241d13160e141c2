import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { shellCopy } from '../content/shell.ts';
import { site as brand } from '../content/site.ts';
import { footerLinks, headerLinks, href, routes } from '../web/app/paths.ts';
import { axeViolations, formatViolations } from './support/axe.ts';
import type { PageOptions } from './support/browser.ts';
import { elementsMadeByClick } from './support/elements-made.ts';
import { siteFixture } from './support/fixture.ts';
import { goto } from './support/page-checks.ts';

/**
 * The site shell in Chromium against the built site and the real server:
 * splash page, header, mobile menu, footer, newsletter, toasts, the 404 page, no third parties.
 */
const e2e = siteFixture();

/** Opens a page; after the test body, asserts no console error and no request left the origin. */
const withPage = (options: PageOptions, body: (page: Page) => Promise<void>) =>
  e2e.withPage(options, ({ page }) => body(page));

const toastRegion = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true });

describe('splash page /', () => {
  test('has no header or footer, one h1, and the video only after load', async () => {
    const html = await (await fetch(`${e2e.site.url}/`)).text();
    expect(html).not.toMatch(/<video/i);
    expect(html).not.toMatch(/<header/i);
    expect(html).not.toMatch(/<footer/i);

    await withPage({}, async (page) => {
      await goto(page, '/');
      expect(await page.getByRole('banner').count()).toBe(0);
      expect(await page.getByRole('contentinfo').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await page.locator('video').waitFor({ state: 'attached' });
      const video = page.locator('video');
      expect(await video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop }))).toEqual({
        muted: true,
        loop: true,
      });
    });
  });

  test('with reduced motion shows no video at all', async () => {
    await withPage({ reducedMotion: 'reduce' }, async (page) => {
      await goto(page, '/');
      await page.waitForLoadState('load');
      await page.waitForTimeout(1500);
      expect(await page.locator('video').count()).toBe(0);
    });
  });

  test('a click anywhere goes to /home', async () => {
    await withPage({ width: 375 }, async (page) => {
      await goto(page, '/');
      await page.mouse.click(20, 760);
      await page.waitForURL((url) => url.pathname === href('home'));
      // The URL changes before the next route's module has rendered: wait for the header.
      await page.getByRole('banner').waitFor();
      expect(await page.getByRole('banner').count()).toBe(1);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    });
  });

  test('the logo is a real link to /home for keyboard users', async () => {
    await withPage({}, async (page) => {
      await goto(page, '/');
      const link = page.getByRole('heading', { level: 1 }).getByRole('link');
      expect(await link.getAttribute('href')).toBe(href('home'));
      await page.keyboard.press('Tab');
      expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === href('home'));
    });
  });
});

describe('header', () => {
  test('links in the required order with their labels, then the Cookbook button (1280 px)', async () => {
    await withPage({ width: 1280 }, async (page) => {
      await goto(page, href('about'));
      const nav = page.getByRole('navigation', { name: 'Main' });
      const links = nav.getByRole('link');
      const seen = await links.evaluateAll((els) => els.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
      expect(seen).toEqual(headerLinks.map((id) => [routes[id].label, routes[id].path]));
      expect(await nav.getByRole('link', { name: 'Members' }).count()).toBe(0);

      const cookbook = page.getByRole('banner').getByRole('link', { name: shellCopy.header.cookbook });
      expect(await cookbook.getAttribute('href')).toBe(href('cookingBook'));

      // Each link really goes where it says, inside the site: the header's links are plain <a>s whose
      // clicks the header hands to the router (decision 0034), so no document is loaded.
      await page.evaluate(() => Object.assign(window, { __samePage: true }));
      for (const id of headerLinks) {
        await nav.getByRole('link', { name: routes[id].label, exact: true }).click();
        await page.waitForURL((url) => url.pathname === routes[id].path);
        expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
        await expect
          .poll(() => nav.getByRole('link', { name: routes[id].label, exact: true }).getAttribute('aria-current'))
          .toBe('page');
        // Only the current page's link is marked so.
        expect(await nav.locator('a[aria-current]').count()).toBe(1);
      }
      await cookbook.click();
      await page.waitForURL((url) => url.pathname === href('cookingBook'));
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    });
  });

  test("its links are React's own <a> elements, not a router link component each (decision 0034)", async () => {
    await withPage({ width: 1280 }, async (page) => {
      await goto(page, href('about'));
      // For each link of the header: what React renders it from. A <NavLink> or <Link> per link (which
      // runs React Router's hooks for each while the page hydrates and on every re-render of the header)
      // would put its component between the <a> and its <li>.
      const parents = await page
        .getByRole('banner')
        .locator('a')
        .evaluateAll((links) =>
          links.map((a) => {
            const key = Object.keys(a).find((k) => k.startsWith('__reactFiber$'));
            const fiber = key ? (a as unknown as Record<string, { return?: { type?: unknown } }>)[key] : undefined;
            const parent = fiber?.return?.type;
            return typeof parent === 'string' ? parent : 'a component';
          }),
        );
      // Logo, the ten links, the menu's and the bar's Cookbook buttons.
      expect(parents).toEqual(['div', ...headerLinks.map(() => 'li'), 'nav', 'div']);
    });
  });

  test('transparent at the top, a dark blurred bar past 20 px of scroll', async () => {
    await withPage({ width: 1280, height: 500 }, async (page) => {
      await goto(page, href('home'));
      const header = page.getByRole('banner');
      const look = () =>
        header.evaluate((el) => {
          const style = getComputedStyle(el);
          return { background: style.backgroundColor, blur: style.backdropFilter };
        });
      const transparent = { background: 'rgba(0, 0, 0, 0)', blur: 'none' };
      expect(await look()).toEqual(transparent);

      await page.evaluate(() => window.scrollTo(0, 20));
      await page.waitForTimeout(400);
      expect(await page.evaluate(() => window.scrollY)).toBe(20);
      expect(await look()).toEqual(transparent);

      await page.evaluate(() => window.scrollTo(0, 120));
      await expect.poll(look, { timeout: 3000 }).toMatchObject({ blur: expect.stringContaining('blur') });
      await expect.poll(async () => (await look()).background).toMatch(/^(rgba?|oklab|color)\(/);
      const { background } = await look();
      expect(background).not.toBe(transparent.background);

      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(look, { timeout: 3000 }).toEqual(transparent);
    });
  });

  test('a menu opened at the top of the page turns the bar dark at once, without a blur or a fade (decision 0024)', async () => {
    await withPage({ width: 375 }, async (page) => {
      await goto(page, href('home'));
      const header = page.getByRole('banner');
      const look = () =>
        header.evaluate((el) => {
          const style = getComputedStyle(el);
          const nav = getComputedStyle(el.querySelector('nav')!);
          return {
            background: style.backgroundColor,
            blur: style.backdropFilter,
            fade: style.transitionDuration,
            navBlur: nav.backdropFilter,
          };
        });
      expect(await look()).toEqual({ background: 'rgba(0, 0, 0, 0)', blur: 'none', fade: '0.3s', navBlur: 'none' });
      await page.getByRole('button', { name: shellCopy.header.openMenu }).click();
      const open = await look();
      // The bar is dark in the first frame after the tap: no transition runs, nothing blurs the page (or /home's video) behind it.
      expect(open).toMatchObject({ blur: 'none', fade: '0s', navBlur: 'none' });
      expect(open.background).not.toBe('rgba(0, 0, 0, 0)');

      // Scrolled with the menu open: the spec's blurred bar.
      await page.evaluate(() => window.scrollTo(0, 120));
      await expect.poll(async () => (await look()).blur, { timeout: 3000 }).toContain('blur');
    });
  });

  test('mobile menu (375 px) opens, and collapses on every route change', async () => {
    await withPage({ width: 375 }, async (page) => {
      await goto(page, href('home'));
      const toggle = page.getByRole('button', { name: shellCopy.header.openMenu });
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible()).toBe(false);
      expect(await page.locator(`#${await toggle.getAttribute('aria-controls')}`).count()).toBe(1);

      // The tap changes attributes only: both icons are there from the start, `aria-expanded` shows one.
      expect(await elementsMadeByClick(page, 'header button[aria-controls="site-menu"]')).toBe(0);
      const close = page.getByRole('button', { name: shellCopy.header.closeMenu });
      expect(await close.getAttribute('aria-expanded')).toBe('true');
      expect(await nav.isVisible()).toBe(true);
      const labels = await nav.getByRole('link').allTextContents();
      expect(labels.slice(0, headerLinks.length)).toEqual(headerLinks.map((id) => routes[id].label));
      expect(await nav.getByRole('link', { name: shellCopy.header.cookbook }).isVisible()).toBe(true);

      await nav.getByRole('link', { name: routes.about.label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === href('about'));
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible()).toBe(false);

      // Also on navigation that does not start in the menu (the browser's Back button).
      await toggle.click();
      expect(await nav.isVisible()).toBe(true);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === href('home'));
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.isVisible()).toBe(false);

      // Escape closes it too.
      await toggle.click();
      await page.keyboard.press('Escape');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    });
  });
});

describe('scroll positions (decision 0040)', () => {
  const POSITIONS_KEY = 'react-router-scroll-positions';
  /** Records every read of `window.sessionStorage` the page makes, from before its first script: whether the page had painted yet. */
  const countSessionStorage = (page: Page) =>
    page.addInitScript(() => {
      const getter = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!.get!;
      const reads: boolean[] = [];
      (window as unknown as { storageReads: boolean[] }).storageReads = reads;
      Object.defineProperty(window, 'sessionStorage', {
        configurable: true,
        get() {
          reads.push(performance.getEntriesByName('first-contentful-paint').length > 0);
          return getter.call(window);
        },
      });
    });
  /** The reads so far: how many, and how many before the first contentful paint. */
  const storageReads = (page: Page) =>
    page.evaluate(() => {
      const reads = (window as unknown as { storageReads: boolean[] }).storageReads;
      return { all: reads.length, beforePaint: reads.filter((painted) => !painted).length };
    });
  const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
  /** Follows a footer link with a script's click, which (unlike a pointer) does not scroll to the link first. */
  const followFooterLink = (page: Page, path: string) =>
    page.evaluate((path) => document.querySelector<HTMLAnchorElement>(`footer a[href="${path}"]`)!.click(), path);

  test('a page opened from a link reads sessionStorage only once, after its first paint (React Router starting)', async () => {
    await withPage({ width: 375 }, async (page) => {
      await countSessionStorage(page);
      await goto(page, href('about'));
      // React Router's own read of its view transitions when the router starts, and the one read of whether this
      // tab is a preview (web/app/features/preview/preview-storage.ts), after hydrating; no scroll positions.
      await expect.poll(() => storageReads(page)).toEqual({ all: 2, beforePaint: 0 });
      const key = await page.evaluate(() => (window.history.state as { key?: unknown } | null)?.key);
      expect(typeof key).toBe('string');
    });
  });

  test('inside the site a link opens the next page at its top, Back returns to the position, and leaving stores it', async () => {
    await withPage({ width: 375 }, async (page) => {
      await countSessionStorage(page);
      await goto(page, href('about'));
      await page.evaluate(() => window.scrollTo(0, 600));
      await expect.poll(() => scrollY(page)).toBe(600);

      await followFooterLink(page, href('services'));
      await page.waitForURL((url) => url.pathname === href('services'));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => scrollY(page)).toBe(0);

      await page.goBack();
      await page.waitForURL((url) => url.pathname === href('about'));
      await expect.poll(() => scrollY(page)).toBe(600);
      // Moving inside the site kept the positions (and whether the tab is a preview) in memory: no read beyond
      // the two of the page's start.
      expect(await storageReads(page)).toEqual({ all: 2, beforePaint: 0 });

      // Leaving the document (here, for another document) stores this page's position under its key.
      const aboutKey = await page.evaluate(() => (window.history.state as { key: string }).key);
      await page.goto(`${href('contact')}#leave`);
      const stored = await page.evaluate(
        (k) => JSON.parse(sessionStorage.getItem(k) ?? '{}') as Record<string, number>,
        POSITIONS_KEY,
      );
      expect(stored[aboutKey]).toBe(600);

      // And coming back to it (the same history entry) scrolls to it.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === href('about'));
      await expect.poll(() => scrollY(page)).toBe(600);
    });
  });

  test('a reload keeps the position', async () => {
    await withPage({ width: 1280 }, async (page) => {
      await goto(page, href('services'));
      await page.evaluate(() => window.scrollTo(0, 450));
      await expect.poll(() => scrollY(page)).toBe(450);
      await page.reload();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      expect(await scrollY(page)).toBe(450);
    });
  });

  test('stored positions that are not JSON are dropped, and the page still opens', async () => {
    await withPage({ width: 375 }, async (page) => {
      // Before any script of every document of this page: a value no JSON parser accepts.
      await page.addInitScript((k) => sessionStorage.setItem(k, '{not json'), POSITIONS_KEY);
      await goto(page, href('about'));
      // A reload is the same history entry: the HTML's script reads the stored positions.
      await page.reload();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      expect(await scrollY(page)).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await page.evaluate((k) => sessionStorage.getItem(k), POSITIONS_KEY)).toBeNull();
    });
  });
});

describe('footer', () => {
  test('quick links, plain-text policies, the channel link and the current year', async () => {
    await withPage({ width: 1280 }, async (page) => {
      await goto(page, href('services'));
      const footer = page.getByRole('contentinfo');
      const quick = footer.getByRole('navigation', { name: 'Footer' }).getByRole('link');
      const seen = await quick.evaluateAll((els) => els.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
      expect(seen).toEqual(footerLinks.map((id) => [routes[id].label, routes[id].path]));

      for (const text of [shellCopy.footer.privacy, shellCopy.footer.terms]) {
        expect(await footer.getByText(text, { exact: true }).isVisible()).toBe(true);
        expect(await footer.getByRole('link', { name: text }).count()).toBe(0);
        expect(await footer.getByText(text, { exact: true }).evaluate((el) => el.closest('a, button'))).toBeNull();
      }

      const channel = footer.getByRole('link', { name: new RegExp(shellCopy.footer.channel) });
      expect(await channel.getAttribute('href')).toBe(brand.channelUrl);
      expect(await channel.getAttribute('target')).toBe('_blank');
      expect(await channel.getAttribute('rel')).toContain('noopener');

      const year = new Date().getFullYear();
      expect(await footer.getByText(`© ${year} ${brand.name}. All rights reserved.`).isVisible()).toBe(true);

      await footer
        .getByRole('navigation', { name: 'Footer' })
        .getByRole('link', { name: routes.contact.label })
        .click();
      await page.waitForURL((url) => url.pathname === href('contact'));
    });
  });

  test('the copyright year is the visitor’s current year, not the build’s', async () => {
    const html = await (await fetch(`${e2e.site.url}${href('about')}`)).text();
    expect(html).toContain(`© ${new Date().getFullYear()} ${brand.name}`);
    await withPage({}, async (page) => {
      await page.clock.setFixedTime(new Date('2031-06-15T12:00:00Z'));
      await goto(page, href('about'));
      const footer = page.getByRole('contentinfo');
      await expect.poll(() => footer.getByText(`© 2031 ${brand.name}. All rights reserved.`).count()).toBe(1);
    });
  });
});

describe('newsletter', () => {
  test('empty → destructive toast; an address → thank-you toast, kept in localStorage, field cleared', async () => {
    await withPage({ width: 375 }, async (page) => {
      await goto(page, href('home'));
      const form = page.getByRole('form', { name: shellCopy.newsletter.title });
      const input = form.getByLabel(shellCopy.newsletter.label);
      const submit = form.getByRole('button', { name: shellCopy.newsletter.submit });

      await submit.click();
      const region = toastRegion(page);
      await region.getByText(shellCopy.newsletter.missing.title).waitFor();
      expect(await region.getByText(shellCopy.newsletter.missing.description).isVisible()).toBe(true);
      expect(await region.getByRole('listitem', { includeHidden: true }).count()).toBe(1);
      expect(await page.evaluate(() => localStorage.getItem('newsletterSignups'))).toBeNull();

      await input.fill('fan@example.com');
      await submit.click();
      await region.getByText(shellCopy.newsletter.success.title).waitFor();
      expect(await region.getByText(shellCopy.newsletter.success.description).isVisible()).toBe(true);
      // One toast visible at a time: the new one replaced the first.
      expect(await region.getByRole('listitem', { includeHidden: true }).count()).toBe(1);
      expect(await region.getByText(shellCopy.newsletter.missing.title).count()).toBe(0);
      expect(await input.inputValue()).toBe('');
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('newsletterSignups') ?? 'null'))).toEqual([
        'fan@example.com',
      ]);

      await input.fill('second@example.com');
      await submit.click();
      await expect
        .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('newsletterSignups') ?? 'null')))
        .toEqual(['fan@example.com', 'second@example.com']);
    });
  });

  test('an address the browser finds malformed is not submitted', async () => {
    await withPage({}, async (page) => {
      await goto(page, href('home'));
      const form = page.getByRole('form', { name: shellCopy.newsletter.title });
      await form.getByLabel(shellCopy.newsletter.label).fill('not-an-address');
      await form.getByRole('button', { name: shellCopy.newsletter.submit }).click();
      await page.waitForTimeout(300);
      expect(await toastRegion(page).getByRole('listitem', { includeHidden: true }).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('newsletterSignups'))).toBeNull();
    });
  });
});

describe('toasts', () => {
  test('stay 5000 ms, then leave; F8 moves focus to them', async () => {
    await withPage({}, async (page) => {
      await goto(page, href('home'));
      const form = page.getByRole('form', { name: shellCopy.newsletter.title });
      await form.getByRole('button', { name: shellCopy.newsletter.submit }).click();
      const region = toastRegion(page);
      const title = region.getByText(shellCopy.newsletter.missing.title);
      await title.waitFor();
      const shownAt = Date.now();

      await page.keyboard.press('F8');
      expect(await region.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      // Focus inside the toasts pauses their timer (Radix): give it back to the page.
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.mouse.move(5, 5);

      await page.waitForTimeout(Math.max(0, 3500 - (Date.now() - shownAt)));
      expect(await title.isVisible()).toBe(true);
      await title.waitFor({ state: 'detached', timeout: 10_000 });
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4500);
    });
  });
});

describe('404 page', () => {
  test('an unknown path answers 404 with a helpful page and links home', async () => {
    const response = await fetch(`${e2e.site.url}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(shellCopy.notFound.title);

    // The browser reports the page's own 404 status as a console error; that one is expected.
    await withPage({ width: 375, allowErrors: ['status of 404'] }, async (page) => {
      await goto(page, '/no-such-page');
      expect(await page.getByRole('heading', { level: 1, name: shellCopy.notFound.title }).isVisible()).toBe(true);
      expect(await page.getByRole('banner').count()).toBe(1);
      await page.getByRole('main').getByRole('link', { name: shellCopy.notFound.home }).click();
      await page.waitForURL((url) => url.pathname === href('home'));
    });
  });
});

describe('third parties and accessibility', () => {
  test('with no analytics id configured nothing loads analytics', async () => {
    await withPage({}, async (page) => {
      await goto(page, '/');
      await page.waitForLoadState('networkidle');
      await goto(page, href('home'));
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => ({ dataLayer: 'dataLayer' in window, gtag: 'gtag' in window }))).toEqual({
        dataLayer: false,
        gtag: false,
      });
      expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    });
  });

  for (const width of [375, 1280]) {
    for (const path of ['/', href('home')]) {
      test(`axe finds nothing on ${path} at ${width} px`, async () => {
        await withPage({ width }, async (page) => {
          await goto(page, path);
          await page.waitForLoadState('networkidle');
          const violations = await axeViolations(page);
          expect(violations, formatViolations(violations)).toEqual([]);
        });
      });
    }
  }

  test('axe finds nothing with the mobile menu open', async () => {
    await withPage({ width: 375 }, async (page) => {
      await goto(page, href('home'));
      await page.getByRole('button', { name: shellCopy.header.openMenu }).click();
      const violations = await axeViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
    });
  });
});
