import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { membersPage } from '../content/members.ts';
import { routes } from '../web/app/paths.ts';
import { prerenderPaths } from '../web/app/prerender.ts';
import { siteFixture } from './support/fixture.ts';
import { bodyHydrated } from './support/page-checks.ts';

/**
 * Hydration keeps the prerendered page as it is: react-dom hydrates the HTML that react-dom/server
 * wrote at build time (docs/decisions/0009-react-in-the-browser.md). For every prerendered page, what
 * Chromium shows with JavaScript off is compared with the same page once React has hydrated it: the
 * same headings, paragraphs, list items, links and labels in the same order (no node lost or doubled),
 * one <html>, <head> and <body>, the same stylesheets, preloads and JSON-LD in <head>, unique ids,
 * and every id that a label or ARIA attribute points at present. No console error either, so no
 * hydration mismatch (React reports each one as an error). Two pages change their main content on
 * purpose once they run: the community list loads its recipes, the members area learns whether there
 * is a session.
 *
 * Hydration also keeps the prerendered elements themselves: a part whose HTML were dropped and drawn
 * again would flash and shift the layout. Every element the HTML shows when it is parsed is still in
 * the document once the page has hydrated (in the header and the footer always; in main too, but for
 * the two pages above).
 */
const e2e = siteFixture();

interface Snapshot {
  roots: { html: number; head: number; body: number };
  head: string[];
  /** [tag, text] of each heading, paragraph, list item, link and label, by landmark. */
  text: Record<'header' | 'main' | 'footer', string[]>;
  duplicateIds: string[];
  danglingRefs: string[];
}

function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const squash = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
    const textOf = (root: Element | null) =>
      root
        ? [...root.querySelectorAll('h1, h2, h3, h4, h5, h6, p, li, a, label')].map(
            (el) => `${el.localName}: ${squash(el.textContent)}`,
          )
        : [];
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    const refs = [
      ...document.querySelectorAll('[for], [aria-labelledby], [aria-describedby], [aria-controls]'),
    ].flatMap((el) =>
      ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls'].flatMap((name) =>
        (el.getAttribute(name) ?? '').split(/\s+/).filter(Boolean),
      ),
    );
    return {
      roots: {
        html: document.querySelectorAll('html').length,
        head: document.querySelectorAll('head').length,
        body: document.querySelectorAll('body').length,
      },
      // Not the modulepreload links that Vite's loader adds for a chunk the page imports later (supabase-js).
      head: [
        ...document.head.querySelectorAll(
          'link:not([rel="modulepreload"]), script[type="application/ld+json"], title, meta',
        ),
      ].map(
        (el) =>
          `${el.localName} ${el.getAttribute('rel') ?? el.getAttribute('name') ?? el.getAttribute('property') ?? ''} ${el.getAttribute('href') ?? ''}`,
      ),
      text: {
        header: textOf(document.querySelector('header')),
        main: textOf(document.querySelector('main')),
        footer: textOf(document.querySelector('footer')),
      },
      duplicateIds: ids.filter((id, i) => ids.indexOf(id) !== i),
      danglingRefs: refs.filter((id) => !document.getElementById(id)),
    };
  });
}

/** The page as the server sends it, read by Chromium with JavaScript off. */
async function prerendered(path: string): Promise<Snapshot> {
  const context = await e2e.browser.newContext({ baseURL: e2e.site.url, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(path);
    return await snapshot(page);
  } finally {
    await context.close();
  }
}

describe('hydration keeps the prerendered page', () => {
  test.each(prerenderPaths())('%s', async (path) => {
    const before = await prerendered(path);
    // The browser reports the 404 page's own status as a console error; that one is expected.
    const allowErrors = path === '/404' ? ['status of 404'] : [];
    // The two pages whose main content changes on purpose once they run (see above).
    const changesMain = path === routes.communityRecipes.path || path === routes.members.path;
    await e2e.withPage({ allowErrors }, async ({ page }) => {
      // Remember every element of the parsed HTML that has a box (not scripts or hidden inputs),
      // before any script of ours runs, and which of them are in main.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const shown = [...document.body.querySelectorAll('*')].filter((el) => el.getClientRects().length > 0);
          const main = document.querySelector('main');
          Object.assign(window, { prerendered: shown.map((el) => ({ el, inMain: !!main?.contains(el) })) });
        });
      });
      await page.goto(path);
      await bodyHydrated(page);
      // The members area learns there is no session once it runs: compare with that state, not a moment before.
      if (path === routes.members.path) await page.getByText(membersPage.restrictedNote).waitFor();
      const after = await snapshot(page);
      const dropped = await page.evaluate((changesMain) => {
        const { prerendered } = window as unknown as { prerendered: { el: Element; inMain: boolean }[] };
        return prerendered
          .filter(({ el, inMain }) => !el.isConnected && !(changesMain && inMain))
          .map(({ el }) => `${el.localName}${el.id ? `#${el.id}` : ''}: ${(el.textContent ?? '').trim().slice(0, 40)}`);
      }, changesMain);
      expect(dropped).toEqual([]);
      expect(after.roots).toEqual({ html: 1, head: 1, body: 1 });
      expect(after.head).toEqual(before.head);
      expect(after.text.header).toEqual(before.text.header);
      expect(after.text.footer).toEqual(before.text.footer);
      expect(before.text.main.length).toBeGreaterThan(0);
      if (!changesMain) {
        expect(after.text.main).toEqual(before.text.main);
      } else if (path === routes.communityRecipes.path) {
        // The approved recipes (or "No Recipes Yet!") load after hydration, below what was prerendered.
        expect(after.text.main.slice(0, before.text.main.length)).toEqual(before.text.main);
      } else {
        // The members area: its heading in the HTML (with "checking your session", a status, not
        // text this compares); signed out, the same heading, the note below it and the locked dialog.
        expect(before.text.main).toEqual([`p: ${membersPage.eyebrow}`, `h1: ${membersPage.title}`]);
        expect(after.text.main).toEqual([...before.text.main, `p: ${membersPage.restrictedNote}`]);
        await page.getByRole('dialog').getByText(membersPage.restricted.title).waitFor();
      }
      expect(after.duplicateIds).toEqual([]);
      expect(after.danglingRefs).toEqual([]);
    });
  });
});
