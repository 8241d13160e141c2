import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { home } from '../content/home.ts';
import { site } from '../content/site.ts';
import { channelVideos, watchPage } from '../content/videos.ts';
import { href } from '../web/app/paths.ts';
import type { PageProbe } from './support/browser.ts';
import { siteFixture } from './support/fixture.ts';
import { expectNoHorizontalOverflow, expectSoundPage as expectSound } from './support/page-checks.ts';

/**
 * /home and /watch-{slug} in Chromium against the built site and the real server, with the default
 * settings (no channel widget id): our own video cards, and no request to any other host.
 */
const e2e = siteFixture();

/** One h1 (waited for), the main landmark, axe clean, no foreign request, no console error. */
const expectSoundPage = (probe: PageProbe) =>
  expectSound(probe, { waitForH1: true, shell: false, scroll: { step: 600, pause: 30 } });

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('/home', () => {
  test('hero: the h1 and the three buttons to the cookbook, booking and watch pages', async () => {
    const probe = await e2e.visit(href('home'));
    const { page } = probe;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(site.chefName);
    const hero = region(page, site.chefName);
    const { cookbook, book, watch } = home.hero.buttons;
    expect(await hero.getByRole('link', { name: cookbook.label }).getAttribute('href')).toBe(href('cookingBook'));
    expect(await hero.getByRole('link', { name: book.label }).getAttribute('href')).toBe(href('bookNow'));
    expect(await hero.getByRole('link', { name: watch.label }).getAttribute('href')).toBe(`/watch-${site.watchSlug}`);
    // The background is the full-strength picture, decorative.
    const background = page.locator('[data-page-background]');
    expect(await background.getAttribute('data-page-background')).toBe('full');
    expect(await background.getAttribute('aria-hidden')).toBe('true');
    // A button really navigates, inside the app.
    await hero.getByRole('link', { name: cookbook.label }).click();
    await page.waitForURL(`**${href('cookingBook')}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Fire, Spice & Soul');
    await probe.close();
  });

  test('every section and where its links lead', async () => {
    const probe = await e2e.visit(href('home'));
    const { page } = probe;

    const chef = region(page, home.meetChef.title);
    expect(await chef.getByRole('link', { name: home.meetChef.link.label }).getAttribute('href')).toBe(href('about'));
    expect(await chef.getByRole('img').count()).toBe(1);

    // Latest videos: with no widget id, our own cards, each opening the channel in a new tab.
    const videos = region(page, home.latestVideos.title);
    const cards = videos.getByRole('list', { name: 'Latest videos' }).getByRole('listitem');
    expect(await cards.count()).toBe(3);
    for (const [i, video] of channelVideos.slice(0, 3).entries()) {
      const link = cards.nth(i).getByRole('link');
      expect(await link.textContent()).toContain(video.title);
      expect(await link.getAttribute('href')).toBe(site.channelUrl);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
    expect(await videos.getByRole('link', { name: home.latestVideos.link.label }).getAttribute('href')).toBe(
      href('watch'),
    );
    expect(await page.locator('script[src*="elfsight"], #channel-widget-script').count()).toBe(0);

    // Four offers: cookbook, private cooking & catering, soundtrack, seasoning.
    const offers = region(page, home.offers.title);
    expect(await offers.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'The Cookbook',
      'Private Cooking & Catering',
      'The Soundtrack',
      'Feva Seasoning',
    ]);
    expect(await offers.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      href('cookingBook'),
      href('services'),
      href('soundtrack'),
      href('seasoning'),
    ]);

    // Products: cookbook (coming soon), soundtrack, seasoning (coming soon).
    const products = region(page, home.products.title);
    const productCards = products.getByRole('listitem');
    expect(await productCards.count()).toBe(3);
    expect(await productCards.nth(0).textContent()).toContain('Coming Soon');
    expect(await productCards.nth(1).textContent()).not.toContain('Coming Soon');
    expect(await productCards.nth(2).textContent()).toContain('Coming Soon');
    expect(await products.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      href('cookingBook'),
      href('soundtrack'),
      href('seasoning'),
    ]);
    expect(await products.getByRole('img').count()).toBe(3);

    const community = region(page, home.community.title);
    expect(await community.getByRole('link', { name: home.community.link.label }).getAttribute('href')).toBe(
      href('communityRecipes'),
    );
    const scaling = region(page, home.scaling.title);
    expect(await scaling.getByRole('link', { name: home.scaling.link.label }).getAttribute('href')).toBe(
      href('recipes'),
    );

    // Payment: the QR image and the way to /payment.
    const payment = region(page, home.payment.title);
    expect(await payment.getByRole('img', { name: /QR code/ }).count()).toBe(1);
    expect(await payment.getByRole('link', { name: home.payment.link.label }).getAttribute('href')).toBe(
      href('payment'),
    );

    const booking = region(page, home.booking.title);
    expect(await booking.getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe(href('bookNow'));
    expect(await booking.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(href('contact'));

    await expectSoundPage(probe);
    await probe.close();
  });

  test('on a phone: no horizontal overflow, no foreign request, axe clean', async () => {
    const probe = await e2e.visit(href('home'), { width: 375 });
    await expectNoHorizontalOverflow(probe.page);
    await expectSoundPage(probe);
    await expectNoHorizontalOverflow(probe.page);
    await probe.close();
  });
});

describe('/watch-{slug}', () => {
  const path = `/watch-${site.watchSlug}`;

  test('the marquee is fixed under the header and loops linearly every 20 s', async () => {
    const probe = await e2e.visit(path);
    const { page } = probe;
    const marquee = page.getByTestId('watch-marquee');
    expect(await marquee.textContent()).toContain(`Watch The Latest From ${site.name}`);
    expect(watchPage.marquee).toBe(`Watch The Latest From ${site.name}`);
    expect(await marquee.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    // Directly under the header (the banner landmark).
    const header = await page.getByRole('banner').first().boundingBox();
    const box = await marquee.boundingBox();
    expect(header && box).toBeTruthy();
    expect(Math.abs(box!.y - (header!.y + header!.height))).toBeLessThanOrEqual(1);
    // It stays put while the page scrolls.
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    expect((await marquee.boundingBox())!.y).toBeCloseTo(box!.y, 0);

    const track = marquee.locator('.watch-marquee-track');
    const animation = await track.evaluate((el) => {
      const s = getComputedStyle(el);
      return { duration: s.animationDuration, timing: s.animationTimingFunction, count: s.animationIterationCount };
    });
    expect(animation).toEqual({ duration: '20s', timing: 'linear', count: 'infinite' });
    // It really moves.
    const x = () => track.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
    const first = await x();
    await page.waitForTimeout(400);
    expect(await x()).toBeLessThan(first);

    // The pause button stops it (WCAG 2.2.2), and starts it again.
    await page.mouse.move(0, 0);
    const pause = marquee.getByRole('button', { name: 'Pause the scrolling banner' });
    await pause.click();
    expect(await pause.getAttribute('aria-pressed')).toBe('true');
    expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');
    await pause.click();
    await page.mouse.move(0, 600); // off the banner: hovering it pauses it too
    expect(await pause.getAttribute('aria-pressed')).toBe('false');
    expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('running');
    await probe.close();
  });

  test('the marquee stands still for visitors who prefer reduced motion', async () => {
    const probe = await e2e.visit(path, { reducedMotion: 'reduce' });
    const track = probe.page.getByTestId('watch-marquee').locator('.watch-marquee-track');
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await probe.close();
  });

  test('Subscribe on YouTube opens the channel in a new tab; the six video cards', async () => {
    const probe = await e2e.visit(path);
    const { page } = probe;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(watchPage.title);
    const subscribe = page.getByRole('link', { name: /^Subscribe on YouTube/ });
    expect(await subscribe.getAttribute('href')).toBe(site.channelUrl);
    expect(await subscribe.getAttribute('target')).toBe('_blank');
    expect(await subscribe.getAttribute('rel')).toContain('noopener');
    const cards = page.getByRole('list', { name: 'Latest videos' }).getByRole('listitem');
    expect(await cards.count()).toBe(channelVideos.length);
    expect(channelVideos.length).toBe(6);
    expect(await cards.getByRole('img').count()).toBe(6);
    const background = page.locator('[data-page-background]');
    expect(await background.getAttribute('data-page-background')).toBe('soft');
    await expectSoundPage(probe);
    await probe.close();
  });

  test('on a phone: the marquee under the header, no horizontal overflow, axe clean', async () => {
    const probe = await e2e.visit(path, { width: 375 });
    const header = await probe.page.getByRole('banner').first().boundingBox();
    const box = await probe.page.getByTestId('watch-marquee').boundingBox();
    expect(Math.abs(box!.y - (header!.y + header!.height))).toBeLessThanOrEqual(1);
    await expectNoHorizontalOverflow(probe.page);
    await expectSoundPage(probe);
    await probe.close();
  });
});
