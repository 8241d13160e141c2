import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { aboutPage } from '../content/about.ts';
import { pricingDefaults } from '../content/pricing-defaults.ts';
import { pricingPage } from '../content/pricing.ts';
import { serviceCardDefaults, servicesPage, servicesTextDefaults } from '../content/services.ts';
import { site } from '../content/site.ts';
import { href } from '../web/app/paths.ts';
import type { PageOptions } from './support/browser.ts';
import { siteFixture } from './support/fixture.ts';
import {
  backgroundOpacity,
  expectNoHorizontalOverflow,
  expectSoundPage,
  expectToast,
  hydrated,
} from './support/page-checks.ts';

/**
 * /about, /services, /price-list, /contact, /testimonials and /private-events in Chromium against
 * the built site and the real server, with the default settings. Texts, counts and prices the product
 * requires are written out here, not read from content/, so a wrong edit there fails the test.
 */
const e2e = siteFixture();

const open = (path: string, width = 1280, options: PageOptions = {}) => e2e.visit(path, { width, ...options });
const main = (page: Page) => page.getByRole('main');
const headings = (page: Page, level: number) => main(page).getByRole('heading', { level }).allTextContents();

/** Backgrounds: faint ≈ 10 %, soft ≈ 20 %, none. */
const pages = [
  { path: href('about'), background: 0.1 },
  { path: href('services'), background: 0.1 },
  { path: href('priceList'), background: null },
  { path: href('contact'), background: 0.2 },
  { path: href('testimonials'), background: null },
  { path: href('privateEvents'), background: null },
] as const;

describe.each(pages)('$path', ({ path, background }) => {
  test('one h1, landmarks, axe clean, no foreign request at 1280 px; its background', async () => {
    const probe = await open(path);
    await expectSoundPage(probe);
    expect(await backgroundOpacity(probe.page)).toBe(background);
    await probe.close();
  });

  test('fits a 375 px phone without sideways scrolling, still axe clean', async () => {
    const probe = await open(path, 375);
    await expectNoHorizontalOverflow(probe.page);
    await expectSoundPage(probe);
    await expectNoHorizontalOverflow(probe.page);
    await probe.close();
  });

  test('fits 768 px without sideways scrolling', async () => {
    const probe = await open(path, 768);
    await expectNoHorizontalOverflow(probe.page);
    expect(probe.foreignRequests).toEqual([]);
    await probe.close();
  });
});

describe('/about', () => {
  test('story, philosophy cards and the four values', async () => {
    const { page, close } = await open(href('about'));
    expect(await page.locator('h1').textContent()).toContain(site.chefName);
    const h2 = await headings(page, 2);
    // The words are the chef's to change (content/about.ts): read from there.
    const { story, philosophy: philosophyCopy, values: valuesCopy } = aboutPage;
    expect(h2).toEqual(expect.arrayContaining([story.title, philosophyCopy.title, valuesCopy.title]));
    const values = main(page).getByRole('region', { name: valuesCopy.title });
    expect(await values.getByRole('heading', { level: 3 }).allTextContents()).toEqual(
      valuesCopy.items.map((v) => v.title),
    );
    const philosophy = main(page).getByRole('region', { name: philosophyCopy.title });
    expect(await philosophy.getByRole('listitem').count()).toBe(philosophyCopy.cards.length);
    expect(
      await main(page)
        .getByRole('img', { name: /portrait of the chef/i })
        .count(),
    ).toBe(1);
    expect(await main(page).getByRole('link', { name: 'Explore Services' }).getAttribute('href')).toBe(
      href('services'),
    );
    await close();
  });
});

describe('/services', () => {
  // The chef's copy and prices (content/services.ts).
  const services = serviceCardDefaults;

  test('six cards with title, price, description, features and an image', async () => {
    const { page, close } = await open(href('services'));
    const cards = main(page).getByRole('list').first().locator(':scope > li');
    expect(await cards.count()).toBe(services.length);
    for (const [i, service] of services.entries()) {
      const card = cards.nth(i);
      expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe(service.title);
      expect(await card.getByText(service.price, { exact: true }).count()).toBe(1);
      expect(
        await card
          .getByRole('list', { name: /what is included/ })
          .getByRole('listitem')
          .allTextContents(),
      ).toEqual(service.features);
      expect(await card.getByRole('img').getAttribute('alt')).toBeTruthy();
      expect(await card.getByRole('button', { name: new RegExp(`^${servicesPage.bookButton}`) }).count()).toBe(1);
    }
    await close();
  });

  test('Book This Service only shows the coming-soon toast and does not navigate', async () => {
    const { page, close } = await open(href('services'));
    const buttons = main(page).getByRole('button', { name: new RegExp(`^${servicesPage.bookButton}`) });
    expect(await buttons.count()).toBe(services.length);
    for (const i of [0, services.length - 1]) {
      await buttons.nth(i).click();
      const toast = await expectToast(page, servicesPage.bookToast.title);
      const description = await page
        .getByRole('region', { name: /Notifications/ })
        .locator('li')
        .textContent();
      expect(description).toMatch(/not implemented yet/);
      expect(new URL(page.url()).pathname).toBe(href('services'));
      await page.getByRole('button', { name: 'Close notification' }).click();
      await toast.waitFor({ state: 'detached' });
    }
    await close();
  });

  test('How It Works in four steps, and the buttons to /book-now and /contact', async () => {
    const { page, close } = await open(href('services'));
    const how = main(page).getByRole('region', { name: servicesTextDefaults.howItWorks.title });
    const steps = await how.getByRole('heading', { level: 3 }).allTextContents();
    expect(steps.map((s) => s.replace(/^Step \d: /, ''))).toEqual(
      servicesTextDefaults.howItWorks.steps.map((step) => step.title),
    );
    expect(await how.getByRole('listitem').count()).toBe(servicesTextDefaults.howItWorks.steps.length);
    expect(await main(page).getByRole('link', { name: 'Book Now', exact: true }).getAttribute('href')).toBe(
      href('bookNow'),
    );
    expect(await main(page).getByRole('link', { name: 'Contact Us', exact: true }).getAttribute('href')).toBe(
      href('contact'),
    );
    await main(page).getByRole('link', { name: 'Book Now', exact: true }).click();
    await page.waitForURL((url) => url.pathname === href('bookNow'));
    await close();
  });
});

describe('/price-list', () => {
  test('three packages with their required prices; catering is the one labelled Most Popular', async () => {
    const { page, close } = await open(href('priceList'));
    const packages = main(page)
      .getByRole('region', { name: 'Packages' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', { level: 2 }),
      });
    // The chef's packages and prices (content/pricing.ts).
    const { packages: offered } = pricingDefaults;
    const { popularLabel } = pricingPage;
    expect(await packages.count()).toBe(offered.length);
    expect(await packages.getByRole('heading', { level: 2 }).allTextContents()).toEqual(offered.map((p) => p.name));
    for (const [i, pkg] of offered.entries()) {
      const text = (await packages.nth(i).textContent())!.replace(/\s+/g, ' ');
      // The price and its unit are two elements, side by side ("From $150" "per person").
      expect(text.replace(/\s+/g, '')).toContain(`${pkg.price}${pkg.per}`.replace(/\s+/g, ''));
      for (const feature of pkg.features) expect(text).toContain(feature);
      expect(await packages.nth(i).getByText(popularLabel, { exact: true }).count()).toBe(pkg.popular ? 1 : 0);
      expect(
        await packages
          .nth(i)
          .getByRole('link', { name: /^Book Now/ })
          .getAttribute('href'),
      ).toBe(href('bookNow'));
    }
    expect(await main(page).getByText(popularLabel, { exact: true }).count()).toBe(1);
    expect(
      await packages
        .nth(offered.findIndex((p) => p.popular))
        .getByText(popularLabel, { exact: true })
        .isVisible(),
    ).toBe(true);
    await close();
  });

  test('the four add-ons with their prices', async () => {
    const { page, close } = await open(href('priceList'));
    const addOns = main(page).getByRole('region', { name: 'Add-ons' });
    const items = addOns.getByRole('listitem');
    const expected = pricingDefaults.addOns.map((a) => [a.title, a.price] as const);
    expect(await items.count()).toBe(expected.length);
    for (const [i, [title, price]] of expected.entries()) {
      expect(await items.nth(i).getByRole('heading').textContent()).toBe(title);
      expect(await items.nth(i).getByText(price, { exact: true }).count()).toBe(1);
    }
    await close();
  });

  test('links to /book-now, /contact and /services', async () => {
    const { page, close } = await open(href('priceList'));
    const cta = main(page).getByRole('region', { name: /build your menu/ });
    expect(await cta.getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe(href('bookNow'));
    expect(await cta.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(href('contact'));
    expect(await cta.getByRole('link', { name: 'View Services' }).getAttribute('href')).toBe(href('services'));
    await cta.getByRole('link', { name: 'View Services' }).click();
    await page.waitForURL((url) => url.pathname === href('services'));
    await hydrated(page);
    // The URL changes before the next route has rendered: wait for its heading.
    await expect.poll(() => page.locator('h1').textContent()).toBe('Culinary Services');
    await close();
  });
});

describe('/contact', () => {
  const fill = async (page: Page, values: Record<'Name' | 'Email' | 'Subject' | 'Message', string>) => {
    for (const [label, value] of Object.entries(values))
      await main(page).getByLabel(label, { exact: true }).fill(value);
  };
  const stored = (page: Page) =>
    page.evaluate(() => {
      const raw = localStorage.getItem('cookingMessages');
      return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>[]);
    });
  const fieldValues = (page: Page) =>
    Promise.all(
      ['Name', 'Email', 'Subject', 'Message'].map((l) => main(page).getByLabel(l, { exact: true }).inputValue()),
    );

  test('Contact Us; four required fields with their types, placeholders and a 6-row message box', async () => {
    const { page, close } = await open(href('contact'));
    expect(await page.locator('h1').textContent()).toBe('Contact Us');
    const field = (label: string) => main(page).getByLabel(label, { exact: true });
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect(await field(label).getAttribute('required')).not.toBeNull();
      expect(await field(label).getAttribute('placeholder')).toBeTruthy();
    }
    expect(await field('Email').getAttribute('type')).toBe('email');
    expect(await field('Email').getAttribute('placeholder')).toMatch(/@example\./);
    expect(await field('Name').getAttribute('placeholder')).toMatch(/full name/i);
    expect(await field('Message').getAttribute('placeholder')).toMatch(/event or questions/i);
    expect(await field('Message').evaluate((el) => el.tagName)).toBe('TEXTAREA');
    expect(await field('Message').getAttribute('rows')).toBe('6');
    await close();
  });

  test('sending appends the message to local storage, clears the fields and confirms', async () => {
    const { page, close } = await open(href('contact'));
    expect(await stored(page)).toBeNull();
    const before = Date.now();
    await fill(page, {
      Name: 'Ada Okafor',
      Email: 'ada@example.com',
      Subject: 'Anniversary dinner',
      Message: 'Dinner for two on May 3rd, no shellfish please.',
    });
    await main(page).getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Message Sent Successfully!');
    expect(
      await page
        .getByRole('region', { name: /Notifications/ })
        .getByText("Thank you for contacting us. We'll get back to you within 24 hours.", { exact: true })
        .isVisible(),
    ).toBe(true);
    expect(await fieldValues(page)).toEqual(['', '', '', '']);
    const list = await stored(page);
    expect(list).toHaveLength(1);
    const [message] = list!;
    expect(message).toMatchObject({
      name: 'Ada Okafor',
      email: 'ada@example.com',
      subject: 'Anniversary dinner',
      message: 'Dinner for two on May 3rd, no shellfish please.',
    });
    expect(Object.keys(message).sort()).toEqual(['createdAt', 'email', 'id', 'message', 'name', 'subject']);
    expect(typeof message.id).toBe('number');
    expect(message.id as number).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(message.createdAt as string).toISOString()).toBe(message.createdAt);

    // A second message is appended, the first one kept.
    await fill(page, { Name: 'Ben', Email: 'ben@example.org', Subject: 'Class', Message: 'A cooking class for 6.' });
    await main(page).getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(async () => (await stored(page))?.length).toBe(2);
    const both = (await stored(page))!;
    expect(both.map((m) => m.name)).toEqual(['Ada Okafor', 'Ben']);
    // It survives a reload: it is really in the browser's storage.
    await page.reload();
    expect((await stored(page))!.map((m) => m.subject)).toEqual(['Anniversary dinner', 'Class']);
    await close();
  });

  test('an empty field or a malformed e-mail is refused by the browser and nothing is stored', async () => {
    const { page, close } = await open(href('contact'));
    await fill(page, { Name: 'Ada', Email: 'not-an-email', Subject: 'Hi', Message: 'Hello' });
    await main(page).getByRole('button', { name: 'Send Message' }).click();
    expect(
      await main(page)
        .getByLabel('Email', { exact: true })
        .evaluate((el) => (el as HTMLInputElement).validity.typeMismatch),
    ).toBe(true);
    await main(page).getByLabel('Email', { exact: true }).fill('ada@example.com');
    await main(page).getByLabel('Subject', { exact: true }).fill('');
    await main(page).getByRole('button', { name: 'Send Message' }).click();
    expect(
      await main(page)
        .getByLabel('Subject', { exact: true })
        .evaluate((el) => (el as HTMLInputElement).validity.valueMissing),
    ).toBe(true);
    await page.waitForTimeout(300);
    expect(await stored(page)).toBeNull();
    // Nothing typed is lost.
    expect(await fieldValues(page)).toEqual(['Ada', 'ada@example.com', '', 'Hello']);
    await close();
  });

  test('Get in Touch: four info cards with the phone and e-mail links', async () => {
    const { page, close } = await open(href('contact'));
    const info = main(page).getByRole('region', { name: 'Get in Touch' });
    expect(await info.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Service Area',
      'Phone',
      'Email',
      'Availability',
    ]);
    const text = (await info.textContent()) ?? '';
    for (const detail of [
      'Nationwide service',
      'Travel fees may apply for distant locations',
      'Available for urgent bookings',
      'Call for immediate assistance',
      'Response within 24 hours',
      '7 days a week',
      'Flexible scheduling',
    ]) {
      expect(text).toContain(detail);
    }
    const phone = info.getByRole('link', { name: site.phone });
    expect(await phone.getAttribute('href')).toBe(`tel:${site.phone.replace(/[^\d+]/g, '')}`);
    expect(await info.getByRole('link', { name: site.email }).getAttribute('href')).toBe(`mailto:${site.email}`);
    await close();
  });

  test('the four FAQ items open and close with the keyboard', async () => {
    const { page, close } = await open(href('contact'));
    const faq = main(page).getByRole('region', { name: 'Frequently Asked Questions' });
    const questions = faq.locator('summary');
    expect(await questions.count()).toBe(4);
    const answers = [
      /48 hours/,
      /vegan.*gluten-free.*allergy-friendly/i,
      /menu planning, grocery shopping, cooking, presentation and cleanup/i,
      /nationwide/i,
    ];
    for (const [i, answer] of answers.entries()) {
      const item = faq.locator('details').nth(i);
      expect(await item.getByText(answer).isVisible()).toBe(false);
      await questions.nth(i).focus();
      await page.keyboard.press('Enter');
      expect(await item.getByText(answer).isVisible()).toBe(true);
    }
    expect(await faq.textContent()).toMatch(/1-2 weeks/);
    await questions.first().focus();
    await page.keyboard.press('Enter');
    expect(await faq.locator('details').first().getAttribute('open')).toBeNull();
    await close();
  });
});

describe('/testimonials', () => {
  test('four testimonials, each with name, title, quote, five stars and a photo', async () => {
    const { page, close } = await open(href('testimonials'));
    const items = main(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('figure') });
    expect(await items.count()).toBe(4);
    const titles = ['Private Dinner Client', 'Cooking Class Attendee', 'Wedding Catering', 'Corporate Event'];
    for (const [i, title] of titles.entries()) {
      const item = items.nth(i);
      expect(await item.getByText(title, { exact: true }).count()).toBe(1);
      expect(((await item.locator('blockquote').textContent()) ?? '').length).toBeGreaterThan(40);
      expect(await item.getByRole('img', { name: 'Rated 5 out of 5' }).count()).toBe(1);
      const photo = item.locator('img');
      expect(await photo.getAttribute('alt')).toMatch(/portrait/i);
      expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const name = await item.locator('figcaption').textContent();
      expect(name?.replace(title, '').trim().length).toBeGreaterThan(2);
    }
    await close();
  });

  test('two columns on a wide screen, one on a phone', async () => {
    const boxes = async (width: number) => {
      const { page, close } = await open(href('testimonials'), width);
      const items = main(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('figure') });
      const result = await Promise.all([0, 1, 2].map(async (i) => (await items.nth(i).boundingBox())!));
      await close();
      return result;
    };
    const wide = await boxes(1280);
    expect(wide[1].x).toBeGreaterThan(wide[0].x + wide[0].width - 1);
    expect(Math.abs(wide[1].y - wide[0].y)).toBeLessThan(2);
    expect(Math.abs(wide[2].x - wide[0].x)).toBeLessThan(2);
    const narrow = await boxes(375);
    expect(Math.abs(narrow[1].x - narrow[0].x)).toBeLessThan(2);
    expect(narrow[1].y).toBeGreaterThan(narrow[0].y + narrow[0].height - 1);
  });
});

describe('/private-events', () => {
  test('three event cards and Book Your Event to /book-now', async () => {
    const { page, close } = await open(href('privateEvents'));
    expect(await headings(page, 2)).toEqual(
      expect.arrayContaining(['Intimate Dinners', 'Birthday Celebrations', 'Corporate Gatherings']),
    );
    const cards = main(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) });
    expect(await cards.count()).toBe(3);
    for (let i = 0; i < 3; i++) expect(await cards.nth(i).locator('img').getAttribute('alt')).toBeTruthy();
    const book = main(page).getByRole('link', { name: 'Book Your Event' });
    expect(await book.getAttribute('href')).toBe(href('bookNow'));
    await book.click();
    await page.waitForURL((url) => url.pathname === href('bookNow'));
    await close();
  });
});
