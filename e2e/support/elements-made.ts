import type { Page } from 'playwright-core';

/**
 * Clicks the element `selector` finds (in the page, as a tap's click reaches React) and counts the elements
 * the document makes until the next animation frame, by wrapping its element factories for that click
 * alone: what a tap costs in new DOM. A tap that only changes attributes and text makes 0.
 */
export function elementsMadeByClick(page: Page, selector: string): Promise<number> {
  return page.evaluate(async (selector) => {
    const target = document.querySelector<HTMLElement>(selector);
    if (!target) throw new Error(`nothing matches ${selector}`);
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
      target.click();
      await new Promise((resolve) => requestAnimationFrame(resolve));
    } finally {
      Object.assign(Document.prototype, { createElement, createElementNS });
    }
    return made;
  }, selector);
}
