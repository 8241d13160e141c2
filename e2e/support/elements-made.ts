import type { Page } from 'playwright-core';

declare global {
  interface Window {
    /** Set by `installElementCounter`: runs `act`, resolves in the next animation frame (before it is painted) with the elements the document made meanwhile. */
    elementsMadeUntilNextFrame?: (act: () => void) => Promise<number>;
  }
}

/**
 * Puts `window.elementsMadeUntilNextFrame` in the page: it wraps the document's element factories, runs
 * `act` (a click, as a tap's click reaches React), and unwraps them in the next animation frame, resolving
 * with how many elements were made: what an interaction costs in new DOM. Code awaiting it in the page
 * still runs before that frame is painted, so it can look at what the frame will show.
 */
export function installElementCounter(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.elementsMadeUntilNextFrame = async (act) => {
      const { createElement, createElementNS } = Document.prototype;
      let made = 0;
      Document.prototype.createElement = function (this: Document, ...args: Parameters<Document['createElement']>) {
        made++;
        return createElement.apply(this, args);
      } as Document['createElement'];
      Document.prototype.createElementNS = function (this: Document, ...args: [string | null, string]) {
        made++;
        return createElementNS.apply(this, args);
      } as Document['createElementNS'];
      try {
        act();
        await new Promise((resolve) => requestAnimationFrame(resolve));
      } finally {
        Object.assign(Document.prototype, { createElement, createElementNS });
      }
      return made;
    };
  });
}

/** Clicks the element `selector` finds and counts the elements made until the next frame (0 for a tap that only changes attributes and text). */
export async function elementsMadeByClick(page: Page, selector: string): Promise<number> {
  await installElementCounter(page);
  return page.evaluate((selector) => {
    const target = document.querySelector<HTMLElement>(selector);
    if (!target) throw new Error(`nothing matches ${selector}`);
    return window.elementsMadeUntilNextFrame!(() => target.click());
  }, selector);
}
