import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { channelWidget } from '../content/videos.ts';
import { analyticsScriptUrl } from '../web/app/features/analytics/analytics.tsx';
import { href } from '../web/app/paths.ts';
import { siteFixture } from './support/fixture.ts';
import { hydrated, watchViolations } from './support/page-checks.ts';

/**
 * With analytics and the channel widget configured (build-time settings), the pages' policy allows
 * exactly those third parties: their scripts load and run, and Chromium reports no violation. Its own
 * build, as in pages-home-widget.test.ts; the third-party scripts are answered by the test (the
 * machine reaches no other host), after the browser's policy check.
 */
const ANALYTICS_ID = 'G-TEST00001';
const WIDGET_ID = 'test-widget-0002';
const mainBuild = process.env.BUILD_DIR ?? 'build';
const thirdPartyBuild = `${mainBuild}-third-parties`;

beforeAll(() => {
  if (!fs.existsSync(path.join(mainBuild, 'client', 'index.html')))
    throw new Error(`${mainBuild}/client is missing: build first`);
  fs.rmSync(thirdPartyBuild, { recursive: true, force: true });
  execFileSync('npm', ['run', 'build'], {
    env: {
      ...process.env,
      BUILD_DIR: thirdPartyBuild,
      VITE_ANALYTICS_ID: ANALYTICS_ID,
      VITE_CHANNEL_WIDGET_ID: WIDGET_ID,
    },
    stdio: 'pipe',
  });
}, 300_000);
afterAll(() => {
  fs.rmSync(thirdPartyBuild, { recursive: true, force: true });
});

const e2e = siteFixture({ buildDir: thirdPartyBuild });

test('the build is finished as the one that ships (npm run build: paint-first pages, 404.html, _headers)', () => {
  const client = path.join(thirdPartyBuild, 'client');
  const home = fs.readFileSync(path.join(client, 'home', 'index.html'), 'utf8');
  expect(home).not.toContain('<link rel="modulepreload"');
  expect(home.match(/<script type="module">const PAINT_FIRST_PLAN=/g)).toHaveLength(1);
  for (const file of ['404.html', '_headers', 'sitemap.xml', 'robots.txt', 'console/index.html'])
    expect(fs.existsSync(path.join(client, file)), file).toBe(true);
});

test('the build says which third parties it embeds', () => {
  expect(JSON.parse(fs.readFileSync(path.join(thirdPartyBuild, 'security-headers.json'), 'utf8'))).toEqual({
    analytics: true,
    channelWidget: true,
  });
});

test('analytics and the channel widget load under the policy, with no violation', async () => {
  for (const page of [href('home'), href('about'), href('recipes'), href('members')]) {
    await e2e.withPage({ allowForeign: true }, async (probe) => {
      const { page: tab } = probe;
      const requested: string[] = [];
      await tab.route(analyticsScriptUrl(ANALYTICS_ID), (route) => {
        requested.push('analytics');
        return route.fulfill({ contentType: 'text/javascript', body: 'window.__analyticsLoaded = true;' });
      });
      await tab.route(channelWidget.scriptUrl, (route) => {
        requested.push('widget');
        return route.fulfill({ contentType: 'text/javascript', body: 'window.__widgetLoaded = true;' });
      });
      const violations = await watchViolations(tab);
      const res = await tab.goto(page);
      expect(res?.headers()['content-security-policy']).toContain('https://www.googletagmanager.com');
      await hydrated(tab);
      await expect
        .poll(() => tab.evaluate(() => (window as { __analyticsLoaded?: boolean }).__analyticsLoaded === true))
        .toBe(true);
      if (page === href('home')) {
        await expect
          .poll(() => tab.evaluate(() => (window as { __widgetLoaded?: boolean }).__widgetLoaded === true))
          .toBe(true);
      }
      expect({ page, violations: await violations() }).toEqual({ page, violations: [] });
      expect(requested).toContain('analytics');
    });
  }
});
