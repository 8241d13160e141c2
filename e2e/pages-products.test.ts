import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { cookbook, seasoning } from '../content/products.ts';
import { soundtrack } from '../content/soundtrack.ts';
import { href } from '../web/app/paths.ts';
import type { PageProbe } from './support/browser.ts';
import { siteFixture } from './support/fixture.ts';
import { expectNoHorizontalOverflow, expectSoundPage as expectSound } from './support/page-checks.ts';

/**
 * The product pages (/cooking-book, /soundtrack, /feva-seasoning) in Chromium against the built site:
 * their texts and counts, every placeholder toast with its exact title, and no navigation from them.
 */
const e2e = siteFixture();

/** One h1, the main landmark, axe clean, no foreign request, no console error. */
const expectSoundPage = (probe: PageProbe) => expectSound(probe, { shell: false, scroll: { step: 600, pause: 30 } });

/**
 * Clicks a placeholder button and expects the required toast: exact title, a description saying the
 * feature is not implemented yet, and the page not navigating anywhere.
 */
async function expectPlaceholderToast(page: Page, button: ReturnType<Page['getByRole']>, title: string) {
  const before = page.url();
  await button.click();
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
  const toast = toasts.filter({ hasText: title });
  await expect.poll(() => toast.count()).toBe(1);
  expect(await toast.getByText(title, { exact: true }).count()).toBe(1);
  expect(await toast.textContent()).toMatch(/not implemented yet/);
  expect(page.url()).toBe(before);
  // Close it so the next check starts from a clean slate.
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect.poll(() => toasts.count()).toBe(0);
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('/cooking-book', () => {
  test('hero with Pre-Order Now and Coming Soon!, Inside the Book, the sneak peek, the bonus booklet', async () => {
    const probe = await e2e.visit(href('cookingBook'));
    const { page } = probe;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(cookbook.hero.title);
    expect(await page.getByText('Coming Soon!', { exact: true }).count()).toBe(1);

    const inside = region(page, 'Inside the Book');
    const features = await inside.getByRole('heading', { level: 3 }).allTextContents();
    expect(features).toHaveLength(3);
    expect(features[0]).toMatch(/Over 100 Signature Recipes/i);
    expect(features[1]).toMatch(/Culinary Techniques/i);
    expect(features[2]).toMatch(/Personal Stories/i);

    const peek = region(page, cookbook.peek.title);
    const peekImages = peek.getByRole('img');
    expect(await peekImages.count()).toBe(4);
    for (const alt of await peekImages.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))))
      expect(alt).toBeTruthy();
    // Below the fold: lazy.
    expect(await peek.locator('img[loading="lazy"]').count()).toBe(4);

    const cta = region(page, cookbook.cta.title);
    expect(await cta.textContent()).toMatch(/exclusive bonus recipe booklet/i);

    // Both pre-order buttons only show the required toast.
    const buttons = page.getByRole('button', { name: 'Pre-Order Now' });
    expect(await buttons.count()).toBe(2);
    await expectPlaceholderToast(page, buttons.nth(0), 'Pre-order feature coming soon!');
    await expectPlaceholderToast(
      page,
      cta.getByRole('button', { name: 'Pre-Order Now' }),
      'Pre-order feature coming soon!',
    );
    expect(new URL(page.url()).pathname).toBe(href('cookingBook'));

    await expectSoundPage(probe);
    await probe.close();
  });
});

describe('/soundtrack', () => {
  test('Listen Now toast, five tracks with their required durations, the vibe, streaming and CD availability', async () => {
    const probe = await e2e.visit(href('soundtrack'));
    const { page } = probe;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(soundtrack.hero.title);

    const list = region(page, 'Official Tracklist').getByRole('listitem');
    expect(await list.count()).toBe(5);
    const durations = await list.locator('time').allTextContents();
    expect(durations).toEqual(['3:45', '4:10', '3:20', '5:05', '2:50']);
    const titles = await list.evaluateAll((items) => items.map((li) => li.textContent ?? ''));
    for (const [i, track] of soundtrack.tracklist.tracks.entries()) expect(titles[i]).toContain(track.title);

    expect((await region(page, soundtrack.vibe.title).textContent())!.length).toBeGreaterThan(100);
    const availability = await region(page, soundtrack.availability.title).textContent();
    expect(availability).toMatch(/available soon/i);
    expect(availability).toMatch(/streaming platforms/i);
    expect(availability).toMatch(/CD/);

    await expectPlaceholderToast(
      page,
      page.getByRole('button', { name: 'Listen Now' }),
      'Music player feature coming soon!',
    );
    // No player and no audio fetched.
    expect(await page.locator('audio').count()).toBe(0);

    // /soundtrack has no background.
    expect(await page.locator('[data-page-background]').count()).toBe(0);

    await expectSoundPage(probe);
    await probe.close();
  });
});

describe('/feva-seasoning', () => {
  test('Order Now toast (twice), three benefits, four pictures in use', async () => {
    const probe = await e2e.visit(href('seasoning'));
    const { page } = probe;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(seasoning.hero.title);

    const benefits = await region(page, seasoning.benefits.title).getByRole('heading', { level: 3 }).allTextContents();
    expect(benefits).toEqual(['All-Natural', 'Versatile', 'Crafted with Passion']);

    const gallery = region(page, seasoning.gallery.title).getByRole('img');
    expect(await gallery.count()).toBe(4);
    for (const alt of await gallery.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))))
      expect(alt).toBeTruthy();

    const orders = page.getByRole('button', { name: 'Order Now' });
    expect(await orders.count()).toBe(2);
    await expectPlaceholderToast(page, orders.nth(0), 'Ordering feature coming soon!');
    await expectPlaceholderToast(page, orders.nth(1), 'Ordering feature coming soon!');

    // A soft (about 20 %) background on the seasoning page.
    const background = page.locator('[data-page-background]');
    expect(await background.getAttribute('data-page-background')).toBe('soft');

    await expectSoundPage(probe);
    await probe.close();
  });
});

describe('on a phone', () => {
  for (const id of ['cookingBook', 'soundtrack', 'seasoning'] as const) {
    test(`${href(id)}: no horizontal overflow, axe clean, no foreign request`, async () => {
      const probe = await e2e.visit(href(id), { width: 375 });
      await expectNoHorizontalOverflow(probe.page);
      await expectSoundPage(probe);
      await expectNoHorizontalOverflow(probe.page);
      await probe.close();
    });
  }
});
