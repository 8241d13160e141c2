import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { BUNDLE_REPORT_FILE, type BundleReport } from '../scripts/build/bundle-report-plugin.ts';
import { prerenderPaths } from '../web/app/prerender.ts';
import { siteFixture } from './support/fixture.ts';
import { bodyHydrated } from './support/page-checks.ts';

/**
 * The pages run on React itself: react-dom hydrates them (docs/decisions/0009-react-in-the-browser.md).
 * No other runtime is built in, under React's name or its own, and in the browser React's root sits
 * on `document` (hydrateRoot(document, …), web/app/entry.client.tsx) with its fibers on the page's elements
 * (but those inside a part kept as prerendered HTML, web/app/components/layout/static-html.tsx).
 */
const e2e = siteFixture();
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');

describe('react-dom runs the pages', () => {
  test('no built chunk holds preact or another React stand-in; react-dom is in the build', () => {
    const report = JSON.parse(fs.readFileSync(path.join(buildDir, BUNDLE_REPORT_FILE), 'utf8')) as BundleReport;
    const packages = new Set(Object.values(report.chunks).flatMap((c) => c.packages));
    expect(packages.has('react-dom')).toBe(true);
    expect(packages.has('react')).toBe(true);
    expect([...packages].filter((p) => /preact|inferno|nervjs|react-lite/.test(p))).toEqual([]);
    // The text of every script too: a runtime vendored or aliased under another name still carries its name.
    const assets = path.join(buildDir, 'client', 'assets');
    const scripts = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((f) => /preact/i.test(fs.readFileSync(path.join(assets, f), 'utf8')))).toEqual([]);
    // React's own renderer is what the entry loads.
    const entry = Object.entries(report.chunks).filter(([file, c]) => c.isEntry && /entry\.client/.test(file));
    expect(entry.length).toBe(1);
    const entryScripts = [entry[0]![0], ...entry[0]![1].imports];
    expect(entryScripts.some((f) => report.chunks[f]?.packages.includes('react-dom'))).toBe(true);
  });

  test.each(prerenderPaths())(
    '%s is hydrated by react-dom: its root on document, its fibers on the elements',
    async (path) => {
      const allowErrors = path === '/404' ? ['status of 404'] : [];
      await e2e.withPage({ allowErrors }, async ({ page }) => {
        await page.goto(path);
        await bodyHydrated(page);
        const marks = await page.evaluate(() => ({
          root: Object.keys(document).filter((k) => k.startsWith('__reactContainer$')).length,
          // The page's landmarks, heading, links and buttons were claimed by React (its fiber key), except
          // inside the parts kept as prerendered HTML (<StaticHtml>, decision 0019), where React claims nothing.
          unclaimed: [...document.body.querySelectorAll('header, main, footer, h1, a, button')]
            .filter((el) => !el.closest('[data-static-html]'))
            .filter((el) => !Object.keys(el).some((k) => k.startsWith('__reactFiber$')))
            .map((el) => el.outerHTML.slice(0, 80)),
          claimedInStatic: [...document.querySelectorAll('[data-static-html] *')]
            .filter((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$')))
            .map((el) => el.outerHTML.slice(0, 80)),
          staticParts: [...document.querySelectorAll('[data-static-html]')].filter((el) =>
            Object.keys(el).some((k) => k.startsWith('__reactFiber$')),
          ).length,
          allStaticParts: document.querySelectorAll('[data-static-html]').length,
        }));
        expect(marks.root).toBe(1);
        expect(marks.unclaimed).toEqual([]);
        expect(marks.claimedInStatic).toEqual([]);
        // Each static part's own wrapper is React's (so it survives re-renders), only its inside is not.
        expect(marks.staticParts).toBe(marks.allStaticParts);
      });
    },
  );
});
