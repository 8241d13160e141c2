import { describe, expect, test } from 'vitest';
import { href } from '../web/app/paths.ts';
import { siteFixture } from './support/fixture.ts';

/**
 * Decision 0005: a page's text and styles are painted from its HTML before any of its JavaScript is
 * requested; the scripts then load and hydrate the page.
 */
const e2e = siteFixture();

describe('paint first, then scripts', () => {
  test.each([href('home'), href('about'), href('recipes'), href('bookNow'), href('communityRecipes')])(
    '%s requests no script before its first contentful paint, then hydrates',
    async (path) => {
      const probe = await e2e.visit(path, { width: 390 });
      const timing = await probe.page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((r) => new URL(r.name).pathname.endsWith('.js'))
          .map((r) => ({ url: new URL(r.name).pathname, start: r.startTime }));
        return { fcp, scripts };
      });
      expect(timing.fcp).toBeGreaterThan(0);
      expect(timing.scripts.length).toBeGreaterThan(0);
      for (const s of timing.scripts) {
        expect(
          s.start,
          `${s.url} requested at ${s.start} ms, first contentful paint at ${timing.fcp} ms`,
        ).toBeGreaterThanOrEqual(timing.fcp!);
      }
      // Hydrated: a button rendered by React works (the header's menu toggle).
      await probe.page.getByRole('button', { name: /menu/i }).first().click();
      await expect.poll(() => probe.page.getByRole('button', { name: /close menu/i }).isVisible()).toBe(true);
      await probe.close();
    },
  );

  test('the HTML asks for no script by itself: no modulepreload link, no script src, anywhere', async () => {
    const html = await (await fetch(new URL(href('home'), e2e.site.url))).text();
    // React puts React Router's modulepreload links in <head>; the loader (scripts/build/defer-hydration.ts) takes them out.
    expect(html).not.toMatch(/<link\b[^>]*\brel="modulepreload"/);
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
    // The web font is still preloaded, in <head> (docs/decisions/0005-paint-first.md).
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<link rel="preload" href="\/assets\/[^"]+\.woff2" as="font"/g)).toHaveLength(1);
  });
});
