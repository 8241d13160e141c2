import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { home } from '../content/home.ts';
import { site } from '../content/site.ts';
import { channelWidget } from '../content/videos.ts';
import { href } from '../web/app/paths.ts';
import { siteFixture } from './support/fixture.ts';
import { hydrated } from './support/page-checks.ts';

/**
 * With a channel widget id configured (VITE_CHANNEL_WIDGET_ID at build time), /home and /watch load
 * the widget's script instead of our cards, and leaving /home removes it again.
 *
 * This needs its own build of the site: the id is baked in at build time like every setting. It is
 * made by the one build command, `npm run build` (the media is already built by the main build, so
 * that step is quick), into a sibling folder.
 * The third-party script itself is answered by the test (the machine reaches no other host); the
 * test checks our side: when the script is requested and inserted, and that it is removed.
 */
const WIDGET_ID = 'test-widget-0001';
const mainBuild = process.env.BUILD_DIR ?? 'build';
const widgetBuild = `${mainBuild}-widget`;

// Registered before siteFixture: the build runs before the site starts, and (afterAll hooks run in
// reverse order) is removed after it stops.
beforeAll(() => {
  if (!fs.existsSync(path.join(mainBuild, 'client', 'index.html')))
    throw new Error(`${mainBuild}/client is missing: build first`);
  fs.rmSync(widgetBuild, { recursive: true, force: true });
  execFileSync('npm', ['run', 'build'], {
    env: { ...process.env, BUILD_DIR: widgetBuild, VITE_CHANNEL_WIDGET_ID: WIDGET_ID },
    stdio: 'pipe',
  });
}, 300_000);
afterAll(() => {
  fs.rmSync(widgetBuild, { recursive: true, force: true });
});

const e2e = siteFixture({ buildDir: widgetBuild });

const widgetScripts = (page: Page) => page.locator(`script[src="${channelWidget.scriptUrl}"]`).count();

test('the widget script loads on /home and /watch and is removed when leaving /home', async () => {
  const probe = await e2e.open();
  const { page } = probe;
  let scriptRequests = 0;
  await page.route(channelWidget.scriptUrl, (route) => {
    scriptRequests += 1;
    return route.fulfill({ contentType: 'text/javascript', body: 'window.__channelWidgetLoaded = true;' });
  });

  await page.goto(href('home'));
  await hydrated(page);
  await expect.poll(() => widgetScripts(page)).toBe(1);
  await expect
    .poll(() => page.evaluate(() => (window as { __channelWidgetLoaded?: boolean }).__channelWidgetLoaded))
    .toBe(true);
  expect(await page.locator(`.${channelWidget.containerClassPrefix}${WIDGET_ID}`).count()).toBe(1);
  // The widget replaces our own cards.
  expect(await page.getByRole('list', { name: 'Latest videos' }).count()).toBe(0);

  // Leaving /home (inside the app, no reload) removes the script.
  await page
    .getByRole('region', { name: home.booking.title })
    .getByRole('link', { name: home.booking.primary.label })
    .click();
  await page.waitForURL(`**${href('bookNow')}`);
  await expect.poll(() => widgetScripts(page)).toBe(0);

  // /watch loads it again, with the widget and the marquee.
  await page.goto(`/watch-${site.watchSlug}`);
  await hydrated(page);
  await expect.poll(() => widgetScripts(page)).toBe(1);
  expect(await page.locator(`.${channelWidget.containerClassPrefix}${WIDGET_ID}`).count()).toBe(1);
  expect(scriptRequests).toBe(2);

  // No other host was contacted: the only foreign request is the widget script we answered.
  expect(probe.foreignRequests.every((url) => url === channelWidget.scriptUrl)).toBe(true);
  expect(probe.errors).toEqual([]);
  await probe.close();
});
