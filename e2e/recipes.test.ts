import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import { videos } from '../content/media.ts';
import { isSection, type IngredientItem, type Recipe } from '../content/recipe-schema.ts';
import { recipes } from '../content/recipes.ts';
import { site } from '../content/site.ts';
import { scaleQuantity } from '../web/app/features/recipes/quantity.ts';
import { href, recipePath } from '../web/app/paths.ts';
import type { PageOptions } from './support/browser.ts';
import { elementsMadeByClick } from './support/elements-made.ts';
import { siteFixture } from './support/fixture.ts';
import { backgroundOpacity, expectNoHorizontalOverflow, expectSoundPage, hydrated } from './support/page-checks.ts';

/**
 * /recipes and /recipe/{id} in Chromium against the built site and the real server.
 * What the product requires (filter labels, button texts, which recipe is in which category) is written out
 * here; expected quantities are computed from the content with the quantity engine AND checked by
 * hand for a few, so neither a wrong engine nor a wrong page passes.
 */
const e2e = siteFixture();

const open = (path: string, width = 1280, options: PageOptions = {}) => e2e.visit(path, { width, ...options });
const recipe = (id: number) => recipes.find((r) => r.id === id)!;
const titles = (ids: number[]) => ids.map((id) => recipe(id).title);
const main = (page: Page) => page.getByRole('main');
const pathOf = (page: Page) => new URL(page.url()).pathname;
/** The page's h1, waited for: after a client-side navigation the URL changes a moment before the page. */
const expectH1 = (page: Page, text: string) =>
  expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text);

/** The filter's buttons and the recipes each one shows, in the grid's order. */
const FILTERS: [label: string, ids: number[]][] = [
  ['All Recipes', [1, 2, 3, 5, 10, 11]],
  ['Appetizers', [1, 10]],
  ['Main Courses', [2]],
  ['Juice Drinks', [3, 5]],
  ['Healthy Options', [11]],
];

describe('/recipes', () => {
  test('the category filter shows the right recipes for each category, one button pressed at a time', async () => {
    const probe = await open(href('recipes'));
    const { page } = probe;
    const grid = page.getByRole('list', { name: 'Recipes' });
    const shownTitles = () => grid.getByRole('heading', { level: 2 }).allTextContents();
    const pressed = async () => {
      const group = page.getByRole('group', { name: 'Filter recipes by category' });
      const buttons = await group.getByRole('button').all();
      const states = await Promise.all(
        buttons.map(async (b) => [await b.textContent(), await b.getAttribute('aria-pressed')]),
      );
      return states.filter(([, state]) => state === 'true').map(([label]) => label);
    };
    const group = page.getByRole('group', { name: 'Filter recipes by category' });
    expect(await group.getByRole('button').allTextContents()).toEqual(FILTERS.map(([label]) => label));
    // All by default.
    expect(await pressed()).toEqual(['All Recipes']);
    expect(await shownTitles()).toEqual(titles(FILTERS[0][1]));

    for (const [label, ids] of [...FILTERS.slice(1), FILTERS[0]]) {
      await group.getByRole('button', { name: label, exact: true }).click();
      await expect.poll(shownTitles).toEqual(titles(ids));
      expect(await grid.getByRole('article').count()).toBe(ids.length);
      expect(await pressed()).toEqual([label]);
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: /recipes?$/ })
            .textContent(),
        )
        .toBe(ids.length === 1 ? '1 recipe' : `${ids.length} recipes`);
    }
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  test('each card shows its facts and links to its page: Learn More for the exclusive recipe, View Full Recipe otherwise', async () => {
    const probe = await open(href('recipes'));
    const { page } = probe;
    for (const r of recipes) {
      const card = page.getByRole('list', { name: 'Recipes' }).getByRole('article', { name: r.title });
      const text = (await card.textContent()) ?? '';
      for (const fact of [
        r.difficulty,
        r.description,
        r.time,
        `${r.servings} servings`,
        `Rated ${r.rating.toFixed(1)} out of 5`,
      ]) {
        expect(text, `${r.id}: ${fact}`).toContain(fact);
      }
      const links = card.getByRole('link');
      expect(await links.count()).toBe(1);
      // The visible label, then the recipe's title for screen readers (a descriptive link text).
      expect(await links.textContent()).toBe(`${r.id === 1 ? 'Learn More' : 'View Full Recipe'}: ${r.title}`);
      expect(await links.locator('.sr-only').textContent()).toBe(`: ${r.title}`);
      expect(await links.getAttribute('href')).toBe(recipePath(r.id));
      // Media: the image (or the video's poster) with a text alternative.
      const alt = await card.locator('img').first().getAttribute('alt');
      expect(alt?.length, `${r.id}: alt text`).toBeGreaterThan(10);
    }
    // Following a card's link lands on its page, and Back to All Recipes returns.
    await page
      .getByRole('article', { name: recipe(11).title })
      .getByRole('link', { name: 'View Full Recipe' })
      .click();
    await page.waitForURL(`**${recipePath(11)}`);
    await expectH1(page, recipe(11).title);
    await page.getByRole('link', { name: 'Back to All Recipes' }).click();
    await page.waitForURL(`**${href('recipes')}`);
    await page
      .getByRole('article', { name: recipe(1).title })
      .getByRole('link', { name: 'Learn More' })
      .click();
    await page.waitForURL(`**${recipePath(1)}`);
    await expectH1(page, recipe(1).title);
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  test('the Featured Recipe block always shows recipe 1 with Purchase The Book; links to /services and /contact', async () => {
    const probe = await open(href('recipes'));
    const { page } = probe;
    const featured = page.getByRole('region', { name: 'Featured Recipe' });
    expect(await featured.getByRole('heading', { level: 3 }).textContent()).toBe(recipe(1).title);
    // Still recipe 1 whatever the filter.
    await page.getByRole('button', { name: 'Juice Drinks', exact: true }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Recipes' }).getByRole('article').count()).toBe(2);
    expect(await featured.getByRole('heading', { level: 3 }).textContent()).toBe(recipe(1).title);
    const book = featured.getByRole('link', { name: 'Purchase The Book' });
    expect(await book.getAttribute('href')).toBe(href('cookingBook'));
    const mainHrefs = await main(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(mainHrefs).toContain(href('services'));
    expect(mainHrefs).toContain(href('contact'));
    await book.click();
    await page.waitForURL(`**${href('cookingBook')}`);
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  test('sound page at 1280 px: one h1, landmarks, axe clean, no foreign request; the recipes background at about 20 %', async () => {
    const probe = await open(href('recipes'));
    await expectSoundPage(probe);
    expect(await backgroundOpacity(probe.page)).toBe(0.2);
    await probe.close();
  });

  test('sound page on a 375 px phone and at 768 px, without sideways scrolling', async () => {
    for (const width of [375, 768]) {
      const probe = await open(href('recipes'), width);
      await expectNoHorizontalOverflow(probe.page);
      await expectSoundPage(probe);
      await probe.close();
    }
  });

  test('a card video plays only once its card is on screen, and never with reduced motion', async () => {
    const videoRequests = (probe: { page: Page }) => {
      const seen: string[] = [];
      probe.page.on('request', (r) => {
        if (/\.(mp4|webm)(\?|$)/.test(r.url())) seen.push(r.url());
      });
      return seen;
    };
    const juiceCard = (page: Page) => page.getByRole('article', { name: recipe(3).title });

    // Phone: the juice cards are far below the fold, so nothing is mounted or fetched until scrolled to.
    const probe = await open(href('recipes'), 375);
    const requests = videoRequests(probe);
    await probe.page.waitForLoadState('networkidle');
    expect(await probe.page.locator('video').count()).toBe(0);
    expect(requests).toEqual([]);
    await juiceCard(probe.page).scrollIntoViewIfNeeded();
    const clip = juiceCard(probe.page).locator('video');
    await clip.waitFor({ state: 'attached' });
    expect(await clip.getAttribute('aria-hidden')).toBe('true');
    await probe.page.waitForFunction(
      () => {
        const v = [...document.querySelectorAll('video')].find((el) => el.muted && el.loop);
        return !!v && !v.paused && v.currentTime > 0;
      },
      undefined,
      { timeout: 10_000 },
    );
    expect(requests.length).toBeGreaterThan(0);
    expect(probe.errors).toEqual([]);
    await probe.close();

    // Reduced motion: the posters only, nothing fetched.
    const still = await open(href('recipes'), 1280, { reducedMotion: 'reduce' });
    const stillRequests = videoRequests(still);
    await still.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 3));
    await juiceCard(still.page).scrollIntoViewIfNeeded();
    await still.page.waitForTimeout(1000);
    expect(await still.page.locator('video').count()).toBe(0);
    expect(stillRequests).toEqual([]);
    expect(await juiceCard(still.page).locator('img').first().getAttribute('alt')).toBeTruthy();
    await still.close();
  });
});

describe('/recipe/{id}', () => {
  const expected = (r: Recipe, servings: number) =>
    itemsOf(r).map((i) => `${scaleQuantity(i.quantity, servings, r.servings).text} ${i.name}`);
  const shown = (page: Page) =>
    page.getByRole('region', { name: 'Ingredients' }).getByRole('listitem').allTextContents();
  const servingsShown = async (page: Page) => ({
    output: await page.getByRole('group', { name: 'Servings' }).locator('output').textContent(),
    slider: await page.getByRole('slider', { name: 'Servings' }).inputValue(),
    spoken: await page.getByRole('slider', { name: 'Servings' }).getAttribute('aria-valuetext'),
  });
  const expectServings = async (page: Page, r: Recipe, n: number) => {
    await expect
      .poll(() => servingsShown(page))
      .toEqual({
        output: `${n} ${n === 1 ? 'serving' : 'servings'}`,
        slider: String(n),
        spoken: `${n} ${n === 1 ? 'serving' : 'servings'}`,
      });
    expect(await shown(page)).toEqual(expected(r, n));
  };

  test('recipe 10: plus, minus and the slider change the servings, every quantity scales, clamped to 1…24', async () => {
    const r = recipe(10);
    const probe = await open(recipePath(10));
    const { page } = probe;
    const plus = page.getByRole('button', { name: 'Add one serving' });
    const minus = page.getByRole('button', { name: 'Remove one serving' });
    const slider = page.getByRole('slider', { name: 'Servings' });

    // Starts at the recipe's own servings, with the quantities as written.
    await expectServings(page, r, 4);
    const first = await shown(page);
    expect(first).toHaveLength(itemsOf(r).length);
    expect(first).toContain('1½ cups sushi rice (short-grain)');
    expect(first).toContain('3 sheets nori');
    expect(first).toContain('1–2 tsp sriracha');
    expect(first).toContain('as needed neutral oil, for frying');
    // The section headings of the dish's parts.
    expect(
      await page.getByRole('region', { name: 'Ingredients' }).getByRole('heading', { level: 3 }).allTextContents(),
    ).toEqual(['Sushi rice', 'Shrimp sushi rolls', 'Egg rolls', 'Dipping sauce']);
    // Numbered steps, as many as the recipe has.
    const steps = page.getByRole('region', { name: 'Instructions' }).getByRole('listitem');
    expect(await steps.allTextContents()).toEqual(r.instructions.map((s, i) => `${i + 1}${s}`));

    // Plus adds exactly one serving (4 → 5, never doubling).
    await plus.click();
    await expectServings(page, r, 5);
    expect(await shown(page)).toContain('1⅞ cups sushi rice (short-grain)');
    expect(await shown(page)).toContain('15 large cooked shrimp, peeled, tails removed');

    // Minus twice: 3.
    await minus.click();
    await minus.click();
    await expectServings(page, r, 3);
    expect(await shown(page)).toEqual(
      expect.arrayContaining([
        '1⅛ cups sushi rice (short-grain)',
        '9 large cooked shrimp, peeled, tails removed',
        '2¼ sheets nori',
        '⅜ English cucumber, cut into thin sticks',
      ]),
    );

    // The slider by keyboard: arrows move one serving; it stops at 1.
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expectServings(page, r, 2);
    await page.keyboard.press('ArrowLeft');
    await expectServings(page, r, 1);
    await page.keyboard.press('ArrowLeft');
    await expectServings(page, r, 1);
    expect(await minus.isDisabled()).toBe(true);
    expect(await shown(page)).toEqual(
      expect.arrayContaining([
        '⅜ cup sushi rice (short-grain)',
        '3 large cooked shrimp, peeled, tails removed',
        '¾ sheet nori',
        '¼–½ tsp sriracha',
        '⅛ cup sweet chili sauce',
      ]),
    );
    // Nothing non-zero ever shows as 0.
    expect((await shown(page)).some((line) => /^0\b/.test(line))).toBe(false);

    await page.keyboard.press('ArrowRight');
    await expectServings(page, r, 2);
    // End: 24, the maximum; more is refused by the slider and the plus button.
    await page.keyboard.press('End');
    await expectServings(page, r, 24);
    await page.keyboard.press('ArrowRight');
    await expectServings(page, r, 24);
    expect(await plus.isDisabled()).toBe(true);
    expect(await shown(page)).toEqual(
      expect.arrayContaining([
        '9 cups sushi rice (short-grain)',
        '72 large cooked shrimp, peeled, tails removed',
        '18 sheets nori',
        '6–12 tsp sriracha',
      ]),
    );
    await page.keyboard.press('Home');
    await expectServings(page, r, 1);

    // Back at the original servings the original quantities return exactly (scaled from the original).
    for (let i = 0; i < 3; i++) await plus.click();
    await expectServings(page, r, 4);
    expect(await shown(page)).toEqual(first);

    // Reset after a change.
    await plus.click();
    await plus.click();
    await expectServings(page, r, 6);
    await page.getByRole('button', { name: 'Reset to 4' }).click();
    await expectServings(page, r, 4);
    expect(await shown(page)).toEqual(first);

    // The slider by pointer: a press at its right end is the maximum, at its left end the minimum,
    // dragging the thumb follows the finger: its centre travels between half a thumb (24 px) from each
    // end, so 6/23 of the way along is 7.
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
    await expectServings(page, r, 24);
    await page.mouse.click(box.x + 2, box.y + box.height / 2);
    await expectServings(page, r, 1);
    await page.mouse.move(box.x + 12, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 12 + ((box.width - 24) * 6) / 23, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expectServings(page, r, 7);
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  test('recipe 2 on a phone: plus goes 2 → 3 (×1.5), minus back to 2, each quantity scaled by the ratio', async () => {
    const r = recipe(2);
    const probe = await open(recipePath(2), 375);
    const { page } = probe;
    await expectServings(page, r, 2);
    // No reset at the original servings; after the first tap it appears without moving the controls under
    // the finger: the plus and minus buttons stay where they were (the row always holds the button).
    const plusButton = page.getByRole('button', { name: 'Add one serving' });
    const minusButton = page.getByRole('button', { name: 'Remove one serving' });
    expect(await page.getByRole('button', { name: 'Reset to 2' }).count()).toBe(0);
    await plusButton.scrollIntoViewIfNeeded();
    const before = { plus: await plusButton.boundingBox(), minus: await minusButton.boundingBox() };
    // The first tap only changes text and one class: it makes no element (counted until its next frame,
    // by wrapping the document's element factories for the tap alone).
    const made = await elementsMadeByClick(page, 'button[aria-label="Add one serving"]');
    expect(made).toBe(0);
    await expectServings(page, r, 3);
    expect(await page.getByRole('button', { name: 'Reset to 2' }).isVisible()).toBe(true);
    expect({ plus: await plusButton.boundingBox(), minus: await minusButton.boundingBox() }).toEqual(before);
    expect(await shown(page)).toEqual(
      expect.arrayContaining([
        '3 cups cooked jasmine rice, chilled overnight',
        '3–4½ cloves garlic, minced',
        '½ cup frozen peas',
        '12 oz large shrimp, peeled and deveined',
        'to taste salt',
      ]),
    );
    await page.getByRole('button', { name: 'Remove one serving' }).click();
    await page.getByRole('button', { name: 'Remove one serving' }).click();
    await expectServings(page, r, 1);
    expect(await shown(page)).toEqual(
      expect.arrayContaining([
        '½ large ripe pineapple, leaves on',
        '1 cup cooked jasmine rice, chilled overnight',
        '⅛ tsp ground white pepper',
      ]),
    );
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  test('recipe 1 is exclusive: the cookbook panel and its link, no adjuster, ingredients or steps', async () => {
    const probe = await open(recipePath(1));
    const { page } = probe;
    await expectH1(page, recipe(1).title);
    const panel = page.getByRole('region', { name: 'Exclusive to the Cookbook' });
    expect(await panel.textContent()).toContain('only available in the book');
    expect(await panel.getByRole('link').getAttribute('href')).toBe(href('cookingBook'));
    expect(await page.getByRole('slider').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Ingredients' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Instructions' }).count()).toBe(0);
    // Facts and the way back.
    const text = (await main(page).textContent()) ?? '';
    for (const fact of [recipe(1).time, recipe(1).difficulty, recipe(1).description, 'Rated 4.9 out of 5'])
      expect(text).toContain(fact);
    expect(await page.getByRole('link', { name: 'Back to All Recipes' }).getAttribute('href')).toBe(href('recipes'));
    await panel.getByRole('link').click();
    await page.waitForURL(`**${href('cookingBook')}`);
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  test('a recipe with a video: its picture sized for the screen under a play button, nothing of the clip fetched until one tap or key plays it with native controls', async () => {
    const { label } = videos[recipe(3).video!];
    const pictureWidths: Record<number, number> = {};
    for (const width of [375, 1280]) {
      const probe = await e2e.open({ width });
      const { page } = probe;
      const clip: string[] = [];
      const pictures: string[] = [];
      page.on('request', (req) => {
        if (/\.(mp4|webm)(\?|$)/.test(req.url())) clip.push(req.url());
        if (/\/media\/poster-/.test(req.url())) pictures.push(new URL(req.url()).pathname);
      });
      await page.goto(recipePath(3));
      await hydrated(page);

      // What is painted is the recipe's picture, one of its responsive variants (AVIF in Chromium),
      // loaded once, under a button that says what it plays.
      const play = main(page).getByRole('button', { name: `Play video: ${label}`, exact: true });
      const picture = main(page).locator('picture img');
      expect(await picture.count()).toBe(1);
      const painted = await picture.evaluate((img: HTMLImageElement) => ({
        loaded: img.complete && img.naturalWidth > 0,
        src: new URL(img.currentSrc).pathname,
        naturalWidth: img.naturalWidth,
        alt: img.alt,
      }));
      expect(painted.loaded).toBe(true);
      expect(painted.src).toMatch(/^\/media\/poster-.+\.avif$/);
      expect(painted.alt).toBe(''); // the button and then the video carry the text alternative
      expect(pictures).toEqual([painted.src]);
      const box = (await play.boundingBox())!;
      expect(await picture.boundingBox()).toEqual(box);
      pictureWidths[width] = painted.naturalWidth;
      // The picture shows through the button: it looks like the picture, not a flat backdrop.
      const seen = PNG.sync.read(await play.screenshot());
      const colours = new Set<number>();
      for (let i = 0; i < seen.data.length; i += 4)
        colours.add((seen.data[i]! << 16) | (seen.data[i + 1]! << 8) | seen.data[i + 2]!);
      expect(colours.size, 'distinct colours where the video is, before it plays').toBeGreaterThan(1000);

      // Nothing of the clip before the visitor plays it.
      await page.waitForTimeout(1000);
      expect(clip).toEqual([]);
      expect(await main(page).locator('video').count()).toBe(0);

      if (width === 375) {
        await play.tap(); // a phone: one tap
      } else {
        // The keyboard: the next Tab stop after the heading is the play button.
        await page.getByRole('heading', { level: 1 }).click();
        await page.keyboard.press('Tab');
        expect(await play.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
      }
      // The video, named for assistive technology, with the browser's own controls, has the focus and plays.
      const video = main(page).getByLabel(`Video: ${label}`, { exact: true });
      expect(await video.evaluate((el) => el.tagName)).toBe('VIDEO');
      expect(await video.getAttribute('controls')).not.toBeNull();
      expect(await video.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await video.boundingBox()).toEqual(box);
      await page.waitForFunction((el) => (el as HTMLVideoElement).currentTime > 0, await video.elementHandle(), {
        timeout: 10_000,
      });
      expect(clip.length).toBeGreaterThan(0);
      expect(await play.count()).toBe(0);
      expect(probe.errors).toEqual([]);
      await probe.close();
    }
    // A phone downloads a smaller variant than a desktop.
    expect(pictureWidths[375]).toBeLessThan(pictureWidths[1280]!);
  });

  test('an unknown or malformed id ends on /recipes, loaded directly', async () => {
    for (const path of ['/recipe/999', '/recipe/abc', '/recipe/02', '/recipe/4']) {
      const probe = await e2e.open();
      await probe.page.goto(path);
      await probe.page.waitForURL(`**${href('recipes')}`);
      await hydrated(probe.page);
      expect(pathOf(probe.page), path).toBe(href('recipes'));
      await expectH1(probe.page, 'Signature Recipes');
      expect(probe.errors).toEqual([]);
      await probe.close();
    }
  });

  test('an unknown or malformed id ends on /recipes, navigated to in the page (no reload)', async () => {
    const probe = await open(recipePath(2));
    const { page } = probe;
    for (const path of ['/recipe/999', '/recipe/abc']) {
      // The same client-side navigation a <Link> makes; the marker proves the document was not reloaded.
      await page.evaluate((to) => {
        (window as unknown as { __noReload: boolean }).__noReload = true;
        const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } })
          .__reactRouterDataRouter;
        return router.navigate(to);
      }, path);
      await page.waitForURL(`**${href('recipes')}`);
      await expectH1(page, 'Signature Recipes');
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      // Replaced, not pushed: Back goes to the page before, not to the unknown id.
      await page.goBack();
      await page.waitForURL(`**${recipePath(2)}`);
      await expectH1(page, recipe(2).title);
    }
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  test('no page background on a recipe page; sound page at 375 and 1280 px (axe, landmarks, no foreign request)', async () => {
    for (const [id, width] of [
      [10, 375],
      [10, 1280],
      [1, 375],
      [3, 1280],
      [11, 768],
    ] as const) {
      const probe = await open(recipePath(id), width);
      expect(await backgroundOpacity(probe.page)).toBeNull();
      await expectNoHorizontalOverflow(probe.page);
      await expectSoundPage(probe);
      await probe.close();
    }
  });
});

const itemsOf = (r: Recipe): IngredientItem[] => r.ingredients.filter((e): e is IngredientItem => !isSection(e));

describe('recipe pages in the static HTML (before any script runs)', () => {
  const ldJson = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const page = async (id: number) => {
    const res = await fetch(`${e2e.site.url}${recipePath(id)}`);
    expect(res.status).toBe(200);
    return res.text();
  };
  const fetchable = async (absolute: string) => {
    expect(absolute.startsWith(`${site.origin}/`), absolute).toBe(true);
    const res = await fetch(`${e2e.site.url}${absolute.slice(site.origin.length)}`);
    return res.status;
  };

  test('each recipe is prerendered with its own title, description, canonical URL and h1', async () => {
    for (const r of recipes) {
      const html = await page(r.id);
      const title = r.title.replace(/&/g, '&amp;');
      expect(html).toContain(`<title>${title} | Recipe | ${site.name}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${site.origin}${recipePath(r.id)}"/>`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
      expect(html).toContain(`name="description" content="${r.description.replace(/&/g, '&amp;')}"`);
    }
  });

  test('schema.org Recipe JSON-LD with durations, yield, ingredients, HowToSteps, image, rating; `<` and `&` escaped', async () => {
    const r = recipe(10);
    const scripts = ldJson(await page(10));
    expect(scripts).toHaveLength(1);
    const raw = scripts[0];
    expect(raw).not.toMatch(/[<>&]/);
    expect(raw).toContain('\\u0026'); // the & of "Sushi & Egg Rolls", escaped
    const data = JSON.parse(raw);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Recipe');
    expect(data.name).toBe('Shrimp Sushi & Egg Rolls');
    expect(data.description).toBe(r.description);
    expect(data.totalTime).toBe('PT40M');
    expect(data.recipeYield).toContain('4 servings');
    expect(data.recipeCategory).toBe('Appetizers');
    expect(data.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.recipeIngredient).toHaveLength(25);
    expect(data.recipeIngredient).toEqual(itemsOf(r).map((i) => `${i.quantity} ${i.name}`));
    expect(data.recipeIngredient).toContain('1 1/2 cups sushi rice (short-grain)');
    expect(data.recipeIngredient).not.toContain('Sushi rice');
    expect(data.recipeInstructions).toHaveLength(r.instructions.length);
    data.recipeInstructions.forEach((step: { '@type': string; text: string; position: number }, i: number) => {
      expect(step['@type']).toBe('HowToStep');
      expect(step.position).toBe(i + 1);
      expect(step.text).toBe(r.instructions[i]);
    });
    expect(data.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.9, bestRating: 5 });
    expect(data.aggregateRating.ratingCount).toBeGreaterThan(0);
    expect(data.image).toHaveLength(1);
    expect(await fetchable(data.image[0])).toBe(200);
    expect(data.video).toBeUndefined();
  });

  test('a recipe with a video carries a VideoObject; every recipe has exactly one JSON-LD Recipe', async () => {
    const data = JSON.parse(ldJson(await page(3))[0]);
    expect(data.totalTime).toBe('PT10M');
    expect(data.video).toMatchObject({ '@type': 'VideoObject', name: recipe(3).title });
    expect(data.video.uploadDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await fetchable(data.video.contentUrl)).toBe(200);
    expect(await fetchable(data.video.thumbnailUrl[0])).toBe(200);
    expect(JSON.parse(ldJson(await page(5))[0]).totalTime).toBe('PT5M');
    for (const r of recipes) {
      const scripts = ldJson(await page(r.id));
      expect(scripts, String(r.id)).toHaveLength(1);
      expect(JSON.parse(scripts[0]).name).toBe(r.title);
    }
  });

  test('after hydration the head still holds exactly one Recipe JSON-LD, and it follows the page to the next recipe', async () => {
    const probe = await open(recipePath(10));
    const names = () =>
      probe.page.evaluate(() =>
        [...document.querySelectorAll('script[type="application/ld+json"]')].map(
          (s) => JSON.parse(s.textContent ?? '{}').name,
        ),
      );
    expect(await names()).toEqual([recipe(10).title]);
    await probe.page.getByRole('link', { name: 'Back to All Recipes' }).click();
    await probe.page
      .getByRole('article', { name: recipe(5).title })
      .getByRole('link')
      .click();
    await probe.page.waitForURL(`**${recipePath(5)}`);
    await expect.poll(names).toEqual([recipe(5).title]);
    expect(await probe.page.title()).toBe(`${recipe(5).title} | Recipe | ${site.name}`);
    // Moving to another recipe starts at that recipe's own servings.
    expect(await probe.page.getByRole('group', { name: 'Servings' }).locator('output').textContent()).toBe(
      `${recipe(5).servings} servings`,
    );
    expect(probe.foreignRequests).toEqual([]);
    await probe.close();
  });
});
