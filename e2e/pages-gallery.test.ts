import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { href } from '../web/app/paths.ts';
import type { PageOptions } from './support/browser.ts';
import { siteFixture } from './support/fixture.ts';
import { backgroundOpacity, expectNoHorizontalOverflow, expectSoundPage } from './support/page-checks.ts';

/**
 * /food-gallery: 20 photos with alt text in a looping carousel that advances every
 * 4000 ms, with arrows and clickable dots, 30 px between slides, autoplay not stopped by interaction.
 */
const e2e = siteFixture();

const open = (width = 1280, options: PageOptions = {}) => e2e.visit(href('gallery'), { width, ...options });

const carousel = (page: Page) => page.getByRole('region', { name: 'Dishes by the chef' });
const slides = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]');

/** The slide number whose dot is marked current. */
async function current(page: Page): Promise<number> {
  const labels = await carousel(page)
    .locator('button[aria-current="true"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
  expect(labels).toHaveLength(1);
  return Number(/Go to slide (\d+)/.exec(labels[0] ?? '')?.[1]);
}

/** The slide (1-based) whose centre is in the middle of the carousel's viewport. */
async function shown(page: Page): Promise<number> {
  return carousel(page).evaluate((root) => {
    const viewport = root.querySelector('.overflow-hidden')!.getBoundingClientRect();
    const mid = viewport.left + viewport.width / 2;
    const list = [...root.querySelectorAll('[aria-roledescription="slide"]')];
    const index = list.findIndex((s) => {
      const r = s.querySelector('figure')!.getBoundingClientRect();
      return r.left <= mid && r.right >= mid;
    });
    return index + 1;
  });
}

/** Waits for the carousel to settle on slide `n` (dot and the picture in view agree). */
async function settlesOn(page: Page, n: number, timeout = 3000) {
  await expect.poll(() => current(page), { timeout }).toBe(n);
  await expect.poll(() => shown(page), { timeout: 2000 }).toBe(n);
}

describe('/food-gallery', () => {
  test('20 photos, each with alt text, lazily loaded after the first; page sound; soft background', async () => {
    const probe = await open();
    const { page } = probe;
    expect(await page.locator('h1').textContent()).toBe('Food Gallery');
    expect(await slides(page).count()).toBe(20);
    const imgs = slides(page).locator('img');
    expect(await imgs.count()).toBe(20);
    const alts = await imgs.evaluateAll((els) => els.map((el) => el.getAttribute('alt') ?? ''));
    expect(alts.every((alt) => alt.trim().length > 10)).toBe(true);
    expect(new Set(alts).size).toBe(20);
    const loading = await imgs.evaluateAll((els) => els.map((el) => el.getAttribute('loading')));
    expect(loading[0]).not.toBe('lazy');
    expect(loading.slice(1).every((l) => l === 'lazy')).toBe(true);
    expect(await backgroundOpacity(page)).toBe(0.2);
    await expectSoundPage(probe);
    await probe.close();
  });

  test('advances by itself every 4 s, looping from the last photo to the first', async () => {
    const { page, close } = await open();
    await settlesOn(page, 1);
    const start = Date.now();
    await page.waitForTimeout(2500);
    expect(await current(page)).toBe(1);
    await settlesOn(page, 2, 4000);
    const elapsed = Date.now() - start;
    expect(elapsed).toBeGreaterThan(3500);
    expect(elapsed).toBeLessThan(6500);
    // Jump to the last photo: the next step by itself is the first one again.
    await carousel(page).getByRole('button', { name: 'Go to slide 20', exact: true }).click();
    await settlesOn(page, 20);
    await settlesOn(page, 1, 6000);
    await close();
  });

  test('arrows move one photo either way and loop', async () => {
    const { page, close } = await open();
    const next = carousel(page).getByRole('button', { name: 'Next slide' });
    const previous = carousel(page).getByRole('button', { name: 'Previous slide' });
    await next.click();
    await settlesOn(page, 2);
    await next.click();
    await settlesOn(page, 3);
    await previous.click();
    await settlesOn(page, 2);
    await previous.click();
    await previous.click();
    await settlesOn(page, 20);
    // With the keyboard too.
    await next.focus();
    await page.keyboard.press('Enter');
    await settlesOn(page, 1);
    await close();
  });

  test('each of the 20 dots goes to its photo and is then marked current', async () => {
    const { page, close } = await open();
    // Paused, so that the slideshow's own step (every 4 s, whenever it falls) cannot move on between a dot's
    // press and the check; that the autoplay carries on after dots and arrows is the next test's.
    await carousel(page).getByRole('button', { name: 'Pause slideshow' }).click();
    const dots = carousel(page).getByRole('button', { name: /^Go to slide \d+$/ });
    expect(await dots.count()).toBe(20);
    for (const n of [7, 13, 4]) {
      await carousel(page)
        .getByRole('button', { name: `Go to slide ${n}`, exact: true })
        .click();
      await settlesOn(page, n);
      expect(
        await slides(page)
          .nth(n - 1)
          .getAttribute('aria-label'),
      ).toBe(`${n} of 20`);
    }
    await close();
  });

  test('keeps advancing by itself after the visitor used the arrows and dots', async () => {
    const { page, close } = await open();
    await carousel(page).getByRole('button', { name: 'Go to slide 9', exact: true }).click();
    await settlesOn(page, 9);
    await carousel(page).getByRole('button', { name: 'Next slide' }).click();
    await settlesOn(page, 10);
    // Hovering and keeping focus inside the carousel do not stop it either.
    await carousel(page).getByRole('button', { name: 'Next slide' }).hover();
    await settlesOn(page, 11, 6000);
    await settlesOn(page, 12, 6000);
    await close();
  });

  test('a swipe on a phone moves the photo and the autoplay carries on', async () => {
    const { page, close } = await open(375);
    await expectNoHorizontalOverflow(page);
    const box = (await slides(page).first().boundingBox())!;
    const y = box.y + box.height / 3;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 6 });
    await page.mouse.move(box.x + box.width * 0.1, y, { steps: 6 });
    await page.mouse.up();
    await settlesOn(page, 2);
    await settlesOn(page, 3, 6000);
    await close();
  });

  test('30 px between neighbouring photos', async () => {
    const { page, close } = await open();
    await settlesOn(page, 1);
    const gaps = await carousel(page).evaluate((root) => {
      const figs = [...root.querySelectorAll('[aria-roledescription="slide"] figure')].map((f) =>
        f.getBoundingClientRect(),
      );
      return [figs[1].left - figs[0].right, figs[2].left - figs[1].right];
    });
    for (const gap of gaps) expect(gap).toBeCloseTo(30, 0);
    await close();
  });

  test('the pause button stops the slideshow on purpose, play resumes it', async () => {
    const { page, close } = await open();
    await carousel(page).getByRole('button', { name: 'Pause slideshow' }).click();
    await page.waitForTimeout(5000);
    expect(await current(page)).toBe(1);
    await carousel(page).getByRole('button', { name: 'Play slideshow' }).click();
    await settlesOn(page, 2, 6000);
    await close();
  });

  test('with reduced motion nothing moves by itself; the arrows still work', async () => {
    const { page, close } = await open(1280, { reducedMotion: 'reduce' });
    await page.waitForTimeout(5000);
    expect(await current(page)).toBe(1);
    expect(
      await carousel(page)
        .getByRole('button', { name: /slideshow/ })
        .count(),
    ).toBe(0);
    await carousel(page).getByRole('button', { name: 'Next slide' }).click();
    await settlesOn(page, 2);
    await close();
  });
  // Embla measures the twenty slides and builds its engine: a task of its own after the paint that
  // follows hydration, not part of hydration's (decision 0044).
  test('the carousel starts after the first frame that follows hydration; a press before that is carried out', async () => {
    for (const press of [false, true]) {
      const probe = await e2e.open();
      const { page } = probe;
      await page.addInitScript((pressAtHydration: boolean) => {
        const w = window as unknown as { frames_: number; log_: [string, number][] };
        w.frames_ = 0;
        w.log_ = [];
        const tick = () => {
          w.frames_++;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        new MutationObserver((records) => {
          for (const r of records) {
            const el = r.target as HTMLElement;
            if (r.attributeName === 'data-hydrated' && el === document.documentElement) {
              w.log_.push(['hydrated', w.frames_]);
              // At once, in the task that finished hydrating: before any frame.
              if (pressAtHydration)
                document.querySelector<HTMLButtonElement>('button[aria-label="Next slide"]')!.click();
            } else if (
              r.attributeName === 'style' &&
              el.style.transform &&
              !w.log_.some(([what]) => what === 'started')
            ) {
              if (el.closest('[aria-roledescription="carousel"]')) w.log_.push(['started', w.frames_]);
            }
          }
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated', 'style'] });
      }, press);
      await page.goto(href('gallery'));
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { log_: [string, number][] }).log_.length))
        .toBe(2);
      const log = await page.evaluate(() => (window as unknown as { log_: [string, number][] }).log_);
      expect(log.map(([what]) => what)).toEqual(['hydrated', 'started']);
      if (!press) expect(log[1]![1]).toBeGreaterThan(log[0]![1]);
      // The press made before it started moves the carousel once it has (the autoplay's first step is 4 s away).
      await settlesOn(page, press ? 2 : 1);
      expect(probe.errors).toEqual([]);
      await probe.close();
    }
  });
});
