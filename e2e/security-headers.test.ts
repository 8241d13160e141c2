import { describe, expect, test } from 'vitest';
import { href } from '../web/app/paths.ts';
import { siteFixture } from './support/fixture.ts';
import { hydrated, watchViolations } from './support/page-checks.ts';

/**
 * Every page comes with a careful host's security headers, and the built site works under its
 * Content-Security-Policy: Chromium reports no violation (React Router's inline scripts are allowed
 * by hash), the pages hydrate and the forms' backend calls go through.
 */
const e2e = siteFixture();

const PAGES = [
  '/',
  href('home'),
  href('about'),
  href('recipes'),
  '/recipe/2',
  href('communityRecipes'),
  href('submitRecipe'),
  href('bookNow'),
  href('members'),
  href('payment'),
  '/no-such-page',
];

describe('security headers', () => {
  test('every page sends them', async () => {
    for (const path of PAGES) {
      const res = await fetch(e2e.site.url + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect({ path, hasScriptHashes: /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/.test(csp) }).toEqual({
        path,
        hasScriptHashes: true,
      });
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  test('no page breaks its policy in Chromium', async () => {
    for (const path of PAGES) {
      const probe = await e2e.open();
      try {
        const violations = await watchViolations(probe.page);
        await probe.page.goto(path);
        await hydrated(probe.page);
        await probe.page.waitForLoadState('networkidle');
        expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
        // The unknown path's own 404 status is the one error Chromium may log.
        const errors = probe.errors.filter((e) => !(path === '/no-such-page' && e.includes('status of 404')));
        expect({ path, errors }).toEqual({ path, errors: [] });
        expect(probe.foreignRequests).toEqual([]);
      } finally {
        await probe.close();
      }
    }
  });

  test('the backend calls of a page still work under it (the community list loads)', async () => {
    await e2e.withPage({}, async ({ page }) => {
      const violations = await watchViolations(page);
      await page.goto(href('communityRecipes'));
      await hydrated(page);
      await page.getByText('No Recipes Yet!', { exact: false }).or(page.getByRole('article').first()).first().waitFor();
      expect(await violations()).toEqual([]);
    });
  });
});
