import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { href, recipePath } from '../web/app/paths.ts';
import { siteFixture } from './support/fixture.ts';
import { hydrated } from './support/page-checks.ts';

/**
 * A tap on a touch screen (375 px: a touch-screen phone, no hover) starts no CSS transition: a colour
 * fade of a pressed filter or a focused field repainted the page on the phone's main thread for 150 ms,
 * in the frames that answer the tap and the keystrokes after it; closing the menu faded the header's bar
 * back over 300 ms. With a mouse (1280 px) the hover's fade stays, and the bar fades with the page's
 * scroll as before (docs/decisions/0042-no-colour-transitions-on-touch-screens.md).
 */
const e2e = siteFixture();

/** From now on, every CSS transition that starts in the page, as "element property"; returns the reader. */
async function recordTransitions(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { __transitions: seen });
    addEventListener('transitionrun', (e) => seen.push(`${(e.target as Element).localName} ${e.propertyName}`), true);
  });
  return () => page.evaluate(() => (window as unknown as { __transitions: string[] }).__transitions);
}

/** Longer than the default transition (150 ms): a transition started by the tap has begun by then. */
const settle = (page: Page) => page.waitForTimeout(400);

/**
 * `target` scrolled into view and the header's scroll fade (the specification's blurred bar, 300 ms) over
 * before the tap, as the bench does it (scripts/bench/interactions.ts findTapPoint and readyTap): what is recorded is the tap's.
 */
async function inView(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  return target;
}

describe('a tap on a touch screen starts no transition (decision 0042)', () => {
  test('the device is what the bench taps on: no hover, a coarse pointer', async () => {
    await e2e.withPage({ width: 375 }, async ({ page }) => {
      await page.goto(href('recipes'));
      expect(
        await page.evaluate(() => [matchMedia('(hover: hover)').matches, matchMedia('(pointer: coarse)').matches]),
      ).toEqual([false, true]);
    });
  });

  test('a recipe filter pressed: it turns gold in one frame', async () => {
    await e2e.withPage({ width: 375 }, async ({ page }) => {
      await page.goto(href('recipes'));
      await hydrated(page);
      const appetizers = await inView(
        page,
        page
          .getByRole('group', { name: 'Filter recipes by category' })
          .getByRole('button', { name: 'Appetizers', exact: true }),
      );
      const transitions = await recordTransitions(page);
      await appetizers.tap();
      await expect.poll(() => appetizers.getAttribute('aria-pressed')).toBe('true');
      await settle(page);
      expect(await transitions()).toEqual([]);
      expect(await appetizers.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
    });
  });

  test('a booking field tapped and typed into', async () => {
    await e2e.withPage({ width: 375 }, async ({ page }) => {
      await page.goto(href('bookNow'));
      await hydrated(page);
      const name = await inView(page, page.getByLabel('Full Name'));
      const transitions = await recordTransitions(page);
      await name.tap();
      await page.keyboard.type('Ada');
      expect(await name.inputValue()).toBe('Ada');
      await settle(page);
      expect(await transitions()).toEqual([]);
    });
  });

  test('the servings plus, the menu opened and closed, and the Login button', async () => {
    await e2e.withPage({ width: 375 }, async ({ page }) => {
      await page.goto(recipePath(2));
      await hydrated(page);
      const plus = await inView(page, page.getByRole('button', { name: 'Add one serving' }));
      let transitions = await recordTransitions(page);
      await plus.tap();
      await page.locator('output').getByText('3 servings', { exact: true }).waitFor();
      await settle(page);
      expect(await transitions()).toEqual([]);

      // On /about: /home's hero video mounts when the browser is idle and fades in once it plays, which is no tap's.
      await page.goto(href('about'));
      await hydrated(page);
      transitions = await recordTransitions(page);
      await page.getByRole('button', { name: 'Open menu' }).tap();
      await page.getByRole('button', { name: 'Close menu' }).tap();
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).tap();
      await page.getByRole('dialog').waitFor();
      await settle(page);
      expect(await transitions()).toEqual([]);
    });
  });

  test('closing the menu turns the bar back at once; the next scroll fades it as before (the specification’s bar)', async () => {
    await e2e.withPage({ width: 375 }, async ({ page }) => {
      await page.goto(href('about'));
      await hydrated(page);
      const header = page.getByRole('banner');
      const look = () =>
        header.evaluate((el) => ({
          fade: getComputedStyle(el).transitionDuration,
          background: getComputedStyle(el).backgroundColor,
        }));
      expect(await look()).toEqual({ fade: '0.3s', background: 'rgba(0, 0, 0, 0)' });
      await page.getByRole('button', { name: 'Open menu' }).tap();
      await page.getByRole('button', { name: 'Close menu' }).waitFor();
      let transitions = await recordTransitions(page);
      await page.getByRole('button', { name: 'Close menu' }).tap();
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      await settle(page);
      expect(await transitions()).toEqual([]);
      // Transparent again, and the fade back for the scroll.
      expect(await look()).toEqual({ fade: '0.3s', background: 'rgba(0, 0, 0, 0)' });
      transitions = await recordTransitions(page);
      await page.evaluate(() => window.scrollTo(0, 120));
      await settle(page);
      expect(await transitions()).toContain('header background-color');
    });
  });
});

describe('with a mouse', () => {
  test('a filter still fades to gold under the pointer (1280 px)', async () => {
    await e2e.withPage({ width: 1280 }, async ({ page }) => {
      await page.goto(href('recipes'));
      await hydrated(page);
      expect(await page.evaluate(() => matchMedia('(hover: hover)').matches)).toBe(true);
      const transitions = await recordTransitions(page);
      const appetizers = page
        .getByRole('group', { name: 'Filter recipes by category' })
        .getByRole('button', { name: 'Appetizers', exact: true });
      expect(await appetizers.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.15s');
      await appetizers.hover();
      await settle(page);
      // The hover turns its border and text gold (hover:border-gold hover:text-gold): four border sides and the colour.
      expect((await transitions()).sort()).toEqual(
        [
          'button border-bottom-color',
          'button border-left-color',
          'button border-right-color',
          'button border-top-color',
          'button color',
        ].sort(),
      );
    });
  });
});
