import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { aboutPage } from '../content/about.ts';
import { home } from '../content/home.ts';
import { servicesPage } from '../content/services.ts';
import { site } from '../content/site.ts';
import { href, routes } from '../web/app/paths.ts';
import { siteFixture } from './support/fixture.ts';
import { bodyHydrated } from './support/page-checks.ts';

/**
 * How much of a prerendered page React hydrates (docs/decisions/0019-calibrated-phone-bench.md): only
 * the parts that do something in the browser; the rest stays the prerender's HTML (<StaticHtml>,
 * web/app/components/layout/static-html.tsx) and costs React nothing on a phone. A count, not a time:
 * the elements React claimed (those carrying its fiber key) once the page has hydrated. A change that
 * makes a static section hydrate again (or adds hydrated markup) raises the count and fails here: keep
 * the new part static, or raise its figure on purpose, saying why.
 */
const e2e = siteFixture();

/** Elements React claimed when the page hydrated, as measured (docs/decisions/0019) plus a margin of 5. */
const CLAIMED_AT_MOST: Record<string, number> = {
  // 369 elements; 216 of them (the hero's text and links, five sections and the footer's links) stay as
  // prerendered; until decision 0019 React hydrated all of them, until decision 0034 158.
  [href('home')]: 151 + 5,
  // The exclusive recipe: media, header, the footer's form.
  '/recipe/1': 80 + 5,
  // A recipe with the servings adjuster and the ingredients it scales.
  '/recipe/2': 185 + 5,
  // The marquee's pause button and six video cards' buttons (each plays on demand) hydrate.
  [routes.watch.path]: 215 + 5,
  // 311 elements: the carousel's arrows, dots and pause button hydrate; its twenty photos (173
  // elements) stay as prerendered (docs/decisions/0024-load-the-forms-work-when-used.md).
  [routes.gallery.path]: 136 + 5,
  // 191 elements: nothing on the page itself hydrates, only the header and the footer's form (decision 0034).
  [routes.privateEvents.path]: 69 + 5,
  // 356 elements, the same 69 hydrated: the six book buttons are the static part's own HTML, and the
  // wrapper gives them their click (decision 0034).
  [routes.services.path]: 69 + 5,
  // The form pages hydrate their form only; the heading, the panels, the contact cards and the FAQ
  // stay as prerendered (docs/decisions/0031-the-form-pages-hydrate-only-the-form.md).
  // /book-now: 199 elements, 81 of them (the heading and the two panels) prerendered only (all of them hydrated before).
  [href('bookNow')]: 116 + 5,
  // /contact: 210 elements, 116 of them (background, heading, contact cards, FAQ) prerendered only.
  [href('contact')]: 92 + 5,
};

function counts(page: Page) {
  return page.evaluate(() => {
    const fiber = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
    const all = [...document.body.querySelectorAll('*')];
    return {
      elements: all.length,
      claimed: all.filter(fiber).length,
      static: document.body.querySelectorAll('[data-static-html] *').length,
    };
  });
}

describe('hydration budget', () => {
  test.each(Object.entries(CLAIMED_AT_MOST))(
    '%s: React hydrates at most %i elements, the static parts none',
    async (path, ceiling) => {
      await e2e.withPage({}, async ({ page }) => {
        await page.goto(path);
        await bodyHydrated(page);
        const c = await counts(page);
        console.log(`${path}: ${c.claimed} of ${c.elements} elements hydrated; ${c.static} left as prerendered HTML`);
        expect(c.static, 'the page keeps parts as prerendered HTML').toBeGreaterThan(0);
        expect(c.claimed + c.static).toBeLessThanOrEqual(c.elements);
        expect(c.claimed, `${path} hydrates ${c.claimed} of ${c.elements} elements`).toBeLessThanOrEqual(ceiling);
      });
    },
  );

  test('a page reached inside the site renders its static parts with React: nothing is missing', async () => {
    await e2e.withPage({}, async ({ page }) => {
      await page.goto(href('about'));
      await bodyHydrated(page);
      await page.evaluate(() => Object.assign(window, { __samePage: true }));
      // The header's Home link navigates inside the site (the header is hydrated).
      await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).first().click();
      await page.waitForURL(`**${href('home')}`);
      await page.getByRole('heading', { name: home.meetChef.title }).waitFor();
      const inside = await page.evaluate(() => ({
        samePage: (window as unknown as { __samePage?: boolean }).__samePage,
        // Rendered by React this time: its elements carry React's fiber key. (The footer's part stays the
        // HTML it kept when /about hydrated: the footer is the same one.)
        staticClaimed: [...document.querySelectorAll('main [data-static-html] *')].filter((el) =>
          Object.keys(el).some((k) => k.startsWith('__reactFiber$')),
        ).length,
        staticElements: document.querySelectorAll('main [data-static-html] *').length,
      }));
      expect(inside.samePage).toBe(true);
      expect(inside.staticElements).toBeGreaterThan(0);
      expect(inside.staticClaimed).toBe(inside.staticElements);
    });
  });

  test('a button inside a static part gets its click from the wrapper, loaded there or reached inside the site', async () => {
    await e2e.withPage({}, async ({ page }) => {
      const bookButtons = () =>
        page.getByRole('main').getByRole('button', { name: new RegExp(`^${servicesPage.bookButton}`) });
      const region = page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true });
      await page.goto(href('services'));
      await bodyHydrated(page);
      // The prerendered button, not React's (decision 0034).
      expect(
        await bookButtons()
          .first()
          .evaluate(
            (el) =>
              Boolean(el.closest('[data-static-html]')) && !Object.keys(el).some((k) => k.startsWith('__reactFiber$')),
          ),
      ).toBe(true);
      await bookButtons().nth(2).click();
      await region.getByText(servicesPage.bookToast.title).waitFor();
      await page.getByRole('button', { name: 'Close notification' }).click();
      await region.getByText(servicesPage.bookToast.title).waitFor({ state: 'detached' });

      // Rendered by React after a navigation inside the site: the same click, the same toast.
      await page.getByRole('banner').getByRole('link', { name: routes.about.label, exact: true }).first().click();
      await page.waitForURL(`**${href('about')}`);
      await page.getByRole('banner').getByRole('link', { name: routes.services.label, exact: true }).first().click();
      await page.waitForURL(`**${href('services')}`);
      expect(
        await bookButtons()
          .first()
          .evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'))),
      ).toBe(true);
      await bookButtons().first().click();
      await region.getByText(servicesPage.bookToast.title).waitFor();
      expect(new URL(page.url()).pathname).toBe(href('services'));
    });
  });

  test('a link inside a static part navigates inside the site, as a <Link> does', async () => {
    await e2e.withPage({}, async ({ page }) => {
      await page.goto(href('home'));
      await bodyHydrated(page);
      const link = page.getByRole('main').getByRole('link', { name: home.meetChef.link.label });
      // The link is the prerendered HTML, not React's.
      expect(
        await link.evaluate(
          (el) =>
            Boolean(el.closest('[data-static-html]')) && !Object.keys(el).some((k) => k.startsWith('__reactFiber$')),
        ),
      ).toBe(true);
      await page.evaluate(() => Object.assign(window, { __samePage: true }));
      await link.click();
      await page.waitForURL(`**${href('about')}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(aboutPage.heading.title);
      // No document was loaded: the same window.
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
      // A link in the footer's static part too, back to /home.
      await page.getByRole('contentinfo').getByRole('link', { name: site.name, exact: true }).click();
      await page.waitForURL(`**${href('home')}`);
      await page.getByRole('heading', { name: home.meetChef.title }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    });
  });
});
