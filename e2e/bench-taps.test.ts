import type { CDPSession } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { INTERACTIONS, type Interaction } from '../scripts/bench/interaction-list.ts';
import { findTapPoint, openPhonePage, readyTap, tapAt, type PhonePage } from '../scripts/bench/phone-page.ts';
import { siteFixture } from './support/fixture.ts';

/**
 * The bench's taps are made on a page that Playwright's injected script never entered
 * (docs/decisions/0048-the-driver-out-of-the-tapped-page.md): its hit-target listeners, once in a
 * page, run in every pointer, mouse and touch event of the tap. These tests pin what the bench relies on,
 * unthrottled (the bench's timings stay in `npm run bench`).
 */
const e2e = siteFixture();

const authDialog = INTERACTIONS.find((x) => x.name === 'open the auth dialog')!;

/** The types of the listeners on the page's `window`, sorted (the DevTools protocol lists them for every world). */
async function windowListeners(cdp: CDPSession): Promise<string[]> {
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId!, depth: 0 });
  return listeners.map((l) => l.type).sort();
}

/** The phone page the bench taps on, at CPU × 1, closed after `body`. */
async function onPhonePage(interaction: Interaction, body: (phone: PhonePage) => Promise<void>) {
  const phone = await openPhonePage(e2e.browser, e2e.site.url + interaction.route, 1);
  try {
    await body(phone);
  } finally {
    await phone.context.close();
  }
}

describe("the bench's taps without the driver in the page (decision 0048)", () => {
  test('the page readied for a tap has only its own listeners on window, and the tap opens the dialog', async () => {
    const point = await findTapPoint(e2e.browser, e2e.site.url + authDialog.route, authDialog);
    expect(point.scroll).toEqual({ x: 0, y: 0 });
    expect(point.hit).toBe('button  Login');
    await onPhonePage(authDialog, async ({ page, cdp }) => {
      await readyTap(page, point, authDialog);
      expect(await windowListeners(cdp)).toEqual(['pagehide', 'pagehide', 'popstate', 'scroll', 'storage']);
      await tapAt(page, point, authDialog);
      await authDialog.result(page);
    });
  });

  test("Playwright's waitForFunction puts its hit-target listeners on the page (why the bench does not use it there)", async () => {
    await onPhonePage(authDialog, async ({ page, cdp }) => {
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      const listeners = await windowListeners(cdp);
      for (const type of ['pointerdown', 'pointerup', 'touchstart', 'touchend', 'mousedown', 'mouseup', 'click'])
        expect(listeners).toContain(type);
    });
  });

  test('a measured page with another control at the point fails the bench instead of tapping it', async () => {
    const point = await findTapPoint(e2e.browser, e2e.site.url + authDialog.route, authDialog);
    await onPhonePage(authDialog, async ({ page }) => {
      await expect(readyTap(page, { ...point, hit: 'button  Logout' }, authDialog)).rejects.toThrow(
        'open the auth dialog: on /home, "button  Login" is at the tap\'s point, not "button  Logout"',
      );
    });
  });
});
