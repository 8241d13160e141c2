import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryDefault, pagesDefault, testimonialsDefault } from '../content/editable.ts';
import { ignoreFaviconErrors, type PageProbe } from './support/browser.ts';
import { siteFixture } from './support/fixture.ts';
import { NoRealtime } from './support/site.ts';

/**
 * The chef's drafts reach every page that shows them (issue 36): on a 375 px phone the chef edits the home
 * hero, hides and reorders testimonials, rewrites the about story and a gallery photo's alt text; the private
 * preview shows them while the public raw HTML does not; after Publish the raw HTML has them. Hostile text
 * (raw HTML, a javascript: link) stays inert in both. An invalid preview link says so. With $SHOTS_DIR set, the
 * preview and the published page are photographed at 375 px (preview-*.png).
 */
const e2e = siteFixture();
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `preview-${name}.png`) });
}
const OWNER = { email: 'preview.owner@example.com', password: 'owner-password-1' };

const LEAD = 'Fresh drafts from the chef <img src=x onerror=alert(1)>';
const LEAD_START = 'Fresh drafts from the chef';
const STORY =
  'A story rewritten for **the preview** <img src=x onerror=alert(2)> with [a trap](javascript:alert(3)) and [the menu](https://example.com/menu).';
const ALT = 'Charred octopus on smoked paprika aioli';
const [t1, t2, t3, t4] = testimonialsDefault;
const [firstPhoto, secondPhoto] = galleryDefault;
// An uploaded photo is drawn at the widths made of it at upload (web/app/lib/photo-sources.ts): src is the 960 px one.
const UPLOADED = /<img [^>]*src="(\/storage\/v1\/render\/image\/public\/site-photos\/[^"]+\?width=960)"[^>]*>/;

const open = async (): Promise<PageProbe> => {
  const probe = await e2e.open({ width: 375 });
  ignoreFaviconErrors(probe);
  probe.page.setDefaultTimeout(20_000);
  return probe;
};

async function signIn(page: Page) {
  await page.goto('/console?section=site');
  const dialog = page.getByRole('dialog', { name: 'Chef’s console' });
  await dialog.getByLabel('Email', { exact: true }).fill(OWNER.email);
  await dialog.getByLabel('Password (min. 6 characters)').fill(OWNER.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Your site' }).waitFor();
}

async function openDocument(page: Page, title: string): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Site content' })
    .getByRole('button', { name: new RegExp(`^${title}`) })
    .click();
  const region = page.getByRole('region', { name: title });
  await region.waitFor();
  return region;
}

async function saveDraft(page: Page, region: Locator) {
  await region.getByRole('button', { name: 'Save draft' }).click();
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'Draft saved' })
    .first()
    .waitFor();
}

/** Opens a collapsed list item of the console's form and returns its group. */
async function item(region: Locator, name: string): Promise<Locator> {
  await region.locator('summary').filter({ hasText: name }).click();
  return region.getByRole('group', { name, exact: true });
}

const rawHtml = async (pathname: string) => (await fetch(`${e2e.site.url}${pathname}`)).text();

/** The raw HTML of a path once it contains a text, within 10 s. */
async function htmlOnceItHas(pathname: string, text: string): Promise<string> {
  let html = '';
  await expect
    .poll(async () => (html = await rawHtml(pathname)).includes(text), { timeout: 10_000, interval: 250 })
    .toBe(true);
  return html;
}

/** The testimonials' names in the order a page shows them. */
async function shownNames(page: Page): Promise<string[]> {
  const texts = await page.getByRole('main').getByRole('figure').allTextContents();
  return texts.map((text) => testimonialsDefault.find((t) => text.includes(t.name))?.name ?? text);
}

/** The order of the testimonials' names in raw HTML (a name that is not there is left out). */
const namesInHtml = (html: string) =>
  testimonialsDefault
    .filter((t) => html.includes(t.name))
    .sort((a, b) => html.indexOf(a.name) - html.indexOf(b.name))
    .map((t) => t.name);

/** What hostile text must never become: an element from raw HTML, or a javascript: link. */
function expectInertHtml(html: string) {
  expect(html).not.toMatch(/<img[^>]*src="?x[\s"]/);
  expect(html).not.toContain('onerror=alert(1)"');
  expect(html).not.toMatch(/href="\s*javascript:/i);
}

async function expectInertPage(page: Page) {
  expect(await page.locator('img[src="x"], [onerror]').count()).toBe(0);
  expect(await page.locator('a[href^="javascript" i]').count()).toBe(0);
}

describe('the chef previews and publishes the page texts, testimonials and gallery', () => {
  beforeAll(async () => {
    const c = createClient(e2e.site.url, e2e.site.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    });
    const { data, error } = await c.auth.signUp(OWNER);
    expect(error).toBeNull();
    expect(
      (await e2e.site.admin.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error,
    ).toBeNull();
  });

  it('drafts show in the preview at 375 px and not in the public HTML; published, the raw HTML has them; hostile text stays inert', async () => {
    const { page, context, close } = await open();
    try {
      await signIn(page);

      const pages = await openDocument(page, 'Page texts');
      await pages.getByRole('group', { name: 'Hero', exact: true }).getByLabel('Lead', { exact: true }).fill(LEAD);
      await pages
        .getByRole('group', { name: 'About page', exact: true })
        .getByLabel('Paragraph 1', { exact: true })
        .fill(STORY);
      await saveDraft(page, pages);

      const testimonials = await openDocument(page, 'Testimonials');
      await (await item(testimonials, `Testimonial 2: ${t2!.title}`)).getByLabel('Hidden from the site').check();
      await item(testimonials, `Testimonial 4: ${t4!.title}`);
      await testimonials.getByRole('button', { name: `Move Testimonial 4: ${t4!.title} up` }).click();
      await saveDraft(page, testimonials);

      const gallery = await openDocument(page, 'Gallery');
      await (
        await item(gallery, `Photo 1: ${firstPhoto!.alt}`)
      )
        .getByLabel('Alt text (what the photo shows)')
        .fill(ALT);
      // The second photo becomes an uploaded one (the console sends it through Storage's safe upload path).
      const second = await item(gallery, `Photo 2: ${secondPhoto!.alt}`);
      await second.getByLabel('Bundled photo').selectOption({ label: 'None' });
      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7a3b1f' } })
        .png()
        .toBuffer();
      await second
        .getByLabel('Uploaded photo')
        .setInputFiles({ name: 'plate.png', mimeType: 'image/png', buffer: png });
      await second.getByText(/^[a-z]+\/[0-9a-f-]+\.png$/).waitFor();
      await saveDraft(page, gallery);

      // Drafts are not public.
      expect(await rawHtml('/home')).not.toContain(LEAD_START);
      expect(await rawHtml('/home')).toContain(pagesDefault.home.hero.lead);
      expect(await rawHtml('/about')).not.toContain('the preview');
      expect(namesInHtml(await rawHtml('/testimonials'))).toEqual([t1!.name, t2!.name, t3!.name, t4!.name]);
      expect(await rawHtml('/food-gallery')).not.toContain(ALT);

      // The preview: a new tab on /preview#token=…, which opens /home built from the drafts.
      const [preview] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'Preview' }).click(),
      ]);
      const dialogs: string[] = [];
      preview.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const pageErrors: string[] = [];
      preview.on('pageerror', (error) => pageErrors.push(error.message));
      preview.setDefaultTimeout(20_000);
      expect(preview.viewportSize()?.width).toBe(375);
      await preview.waitForURL(/\/home$/);
      const banner = preview.getByRole('region', { name: 'Preview' });
      await banner.getByText('these pages show your drafts').waitFor();
      await preview.getByText(LEAD, { exact: true }).waitFor();
      await expectInertPage(preview);
      await shot(preview, 'home-375');

      // A link inside the site: the next page is built from the drafts too.
      await preview.getByRole('link', { name: 'Read the Story' }).click();
      await preview.waitForURL(/\/about$/);
      const bold = preview.getByText('the preview', { exact: true });
      await bold.waitFor();
      expect(await bold.evaluate((el) => el.tagName)).toBe('STRONG');
      await preview.getByText('<img src=x onerror=alert(2)>', { exact: false }).waitFor();
      expect(await preview.getByRole('link', { name: 'the menu' }).getAttribute('href')).toBe(
        'https://example.com/menu',
      );
      expect(await preview.getByRole('link', { name: 'a trap' }).count()).toBe(0);
      await expectInertPage(preview);
      await bold.scrollIntoViewIfNeeded();
      await shot(preview, 'about-375');

      // A page loaded directly in the preview tab is drawn again from the drafts.
      await preview.goto('/testimonials');
      await expect.poll(() => shownNames(preview), { timeout: 10_000 }).toEqual([t1!.name, t4!.name, t3!.name]);
      await shot(preview, 'testimonials-375');
      await banner.waitFor();
      await preview.goto('/food-gallery');
      await preview.getByRole('img', { name: ALT, exact: true }).waitFor();
      const previewed = preview.getByRole('img', { name: secondPhoto!.alt, exact: true });
      expect(await previewed.getAttribute('src')).toMatch(
        /^\/storage\/v1\/render\/image\/public\/site-photos\/gallery\/[^?]+\?width=960$/,
      );
      expect((await previewed.getAttribute('srcset'))?.split(', ').map((c) => c.split(' ')[1])).toEqual([
        '320w',
        '640w',
        '960w',
        '1280w',
      ]);
      expect(dialogs).toEqual([]);
      expect(pageErrors).toEqual([]);

      // Leaving the preview: the tab shows the published site again.
      await banner.getByRole('button', { name: 'Leave preview' }).click();
      await preview.getByRole('img', { name: firstPhoto!.alt, exact: true }).waitFor();
      expect(await banner.count()).toBe(0);
      expect(await preview.getByRole('img', { name: ALT, exact: true }).count()).toBe(0);
      await preview.close();

      // Published: the raw HTML of each page has the drafts, within 10 s.
      const panel = page.getByRole('complementary', { name: 'Publish' });
      await panel.getByRole('button', { name: 'Publish', exact: true }).click();
      await panel.getByRole('button', { name: 'Publish now' }).click();
      const home = await htmlOnceItHas('/home', LEAD_START);
      expect(home).toContain('Fresh drafts from the chef &lt;img src=x onerror=alert(1)&gt;');
      expectInertHtml(home);
      const about = await htmlOnceItHas('/about', '<strong>the preview</strong>');
      expect(about).toContain('&lt;img src=x onerror=alert(2)&gt;');
      expect(about).toContain('<a href="https://example.com/menu"');
      expectInertHtml(about);
      expect(about).not.toContain('javascript:');
      const shown = await htmlOnceItHas('/testimonials', t1!.name);
      expect(namesInHtml(shown)).toEqual([t1!.name, t4!.name, t3!.name]);
      const photos = await htmlOnceItHas('/food-gallery', `alt="${ALT}"`);
      expect(photos).not.toContain(`alt="${firstPhoto!.alt}"`);
      const uploaded = UPLOADED.exec(photos);
      expect(uploaded?.[0]).toContain(`alt="${secondPhoto!.alt}"`);
      expect(uploaded?.[0]).toContain('srcSet="');
      const served = await fetch(`${e2e.site.url}${uploaded![1]}`);
      expect([served.status, served.headers.get('content-type')?.startsWith('image/')]).toEqual([200, true]);
    } finally {
      await close();
    }
  });

  it('an invalid or missing preview link says so; /preview is never cached nor indexed', async () => {
    const response = await fetch(`${e2e.site.url}/preview`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');

    const { page, close, errors } = await open();
    try {
      for (const address of [`/preview#token=${'0'.repeat(64)}`, '/preview#token=not-a-token', '/preview']) {
        await page.goto('about:blank');
        await page.goto(address);
        await page.getByRole('alert').filter({ hasText: 'This preview link is not valid or has expired.' }).waitFor();
        await page.getByText('Open a new preview from the console’s Preview button.').waitFor();
        // The tab keeps no token (web/app/features/preview/preview-token.ts PREVIEW_TOKEN_KEY).
        expect(await page.evaluate(() => sessionStorage.getItem('preview'))).toBeNull();
      }
      await page.getByRole('link', { name: 'Go to the site' }).click();
      await page.waitForURL(/\/home$/);
      expect(await page.getByRole('region', { name: 'Preview' }).count()).toBe(0);
      expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    } finally {
      await close();
    }
  });
});
