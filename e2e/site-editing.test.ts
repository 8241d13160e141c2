import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { brandDefault, pricingDefault } from '../content/editable.ts';
import { ignoreFaviconErrors, type PageProbe } from './support/browser.ts';
import { goto } from './support/page-checks.ts';
import { siteFixture } from './support/fixture.ts';
import { NoRealtime } from './support/site.ts';
import { routes } from '../web/app/paths.ts';

/**
 * The chef runs the site (issue 36) on a 375 px phone: changes a package price and the phone number,
 * previews, publishes; the raw HTML of /price-list and every page's footer follow; a quote written
 * afterwards uses the new add-on amount; a recipe with a photo is added (page, JSON-LD, sitemap, the
 * scaler), hidden (404), and the site is rolled back (the old price is back). A stale second tab is
 * refused with both versions shown; anon and a member can neither read drafts nor write. With
 * $SHOTS_DIR set, the editor is photographed at 375 and 1280 px (site-*.png).
 */
const e2e = siteFixture();
const SHOTS_DIR = process.env.SHOTS_DIR;
const OWNER = { email: 'site.owner@example.com', password: 'owner-password-1' };
const MEMBER = { email: 'site.member@example.com', password: 'member-password-1' };
const NEW_PHONE = '+1 (555) 010-4242';
const NEW_PRICE = 'From $175';
const OLD_PRICE = pricingDefault.packages[0]!.price;
const RECIPE_TITLE = 'Smoky Black Bean Bowl';

let anon: SupabaseClient;
let member: SupabaseClient;
/** The publication the site had before the journey (the defaults, published once). */
let firstPublication = 0;

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `site-${name}.png`), fullPage: true });
}

const open = async (width = 375): Promise<PageProbe> => {
  const probe = await e2e.open({ width });
  ignoreFaviconErrors(probe);
  probe.page.setDefaultTimeout(20_000);
  return probe;
};

async function signIn(page: Page, account: { email: string; password: string }, address = '/console?section=site') {
  await page.goto(address);
  const dialog = page.getByRole('dialog', { name: 'Chef’s console' });
  await dialog.getByLabel('Email', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password (min. 6 characters)').fill(account.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
}

async function toast(page: Page, title: string) {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title })
    .first()
    .waitFor();
}

const editor = (page: Page, title: string) => page.getByRole('region', { name: title });

async function openDocument(page: Page, title: string): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Site content' })
    .getByRole('button', { name: new RegExp(`^${title}`) })
    .click();
  const region = editor(page, title);
  await region.waitFor();
  return region;
}

async function saveDraft(page: Page, region: Locator) {
  await region.getByRole('button', { name: 'Save draft' }).click();
  await toast(page, 'Draft saved');
}

async function publish(page: Page) {
  const panel = page.getByRole('complementary', { name: 'Publish' });
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  await panel.getByRole('button', { name: 'Publish now' }).click();
  await toast(page, 'Published');
}

/** The raw HTML of a path (no script runs), once it contains (or no longer contains) a text, within 10 s. */
async function htmlOnceItHas(pathname: string, text: string, present = true): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        html = await (await fetch(`${e2e.site.url}${pathname}`)).text();
        return html.includes(text);
      },
      { timeout: 10_000, interval: 250 },
    )
    .toBe(present);
  return html;
}

describe('the chef edits, previews, publishes and rolls back the site', () => {
  beforeAll(async () => {
    anon = createClient(e2e.site.url, e2e.site.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    });
    const ids: Record<string, string> = {};
    for (const account of [OWNER, MEMBER]) {
      const c = createClient(e2e.site.url, e2e.site.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: NoRealtime as never },
      });
      const { data, error } = await c.auth.signUp(account);
      expect(error).toBeNull();
      ids[account.email] = data.user!.id;
      if (account === MEMBER) member = c;
    }
    expect(
      (await e2e.site.admin.from('user_roles').insert({ user_id: ids[OWNER.email], role: 'owner' })).error,
    ).toBeNull();
    // Arranged: the site was published once before, with today's content (what the rollback goes back to).
    const owner = createClient(e2e.site.url, e2e.site.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    });
    expect((await owner.auth.signInWithPassword(OWNER)).error).toBeNull();
    expect(
      (await owner.rpc('save_site_draft', { p_key: 'pricing', p_draft: pricingDefault, p_version: 0 })).error,
    ).toBeNull();
    const first = await owner.rpc('publish_site');
    expect(first.error).toBeNull();
    firstPublication = Number(first.data);
  });

  it('anon and a member can neither read drafts nor write anything', async () => {
    for (const [who, c] of [
      ['anon', anon],
      ['member', member],
    ] as const) {
      expect((await c.from('site_documents').select('draft')).data ?? []).toEqual([]);
      expect((await c.from('site_publications').select('id')).data ?? []).toEqual([]);
      const save = await c.rpc('save_site_draft', {
        p_key: 'brand',
        p_draft: { ...brandDefault, phone: '666' },
        p_version: 0,
      });
      expect([save.status, save.error?.code]).toEqual([who === 'anon' ? 401 : 403, '42501']);
      expect((await c.rpc('publish_site')).status).toBe(who === 'anon' ? 401 : 403);
      expect((await c.rpc('create_site_preview')).status).toBe(who === 'anon' ? 401 : 403);
      const upload = await c.storage.from('site-photos').upload(
        `recipes/${who}.png`,
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
        { contentType: 'image/png' },
      );
      expect(upload.error).not.toBeNull();
    }
    const { page, close } = await open();
    try {
      await signIn(page, MEMBER);
      await page.getByRole('heading', { level: 1, name: 'This account is not the owner' }).waitFor();
    } finally {
      await close();
    }
  });

  it('price and phone: saved, previewed, published; /price-list and every footer show them in the raw HTML; a quote uses the new add-on amount', async () => {
    const { page, close, context } = await open();
    try {
      await signIn(page, OWNER);
      await page.getByRole('heading', { level: 1, name: 'Your site' }).waitFor();

      const brand = editor(page, 'Brand and contact');
      await brand.getByLabel('Phone number').fill(NEW_PHONE);
      await saveDraft(page, brand);

      const prices = await openDocument(page, 'Prices and services');
      const pkg = prices.getByRole('group', { name: `Package 1: ${pricingDefault.packages[0]!.name}` });
      await pkg.getByLabel('Price as shown').fill(NEW_PRICE);
      await prices.locator('summary').filter({ hasText: 'Add-on 1: Wine Pairing' }).click();
      const wine = prices.getByRole('group', { name: 'Add-on 1: Wine Pairing' });
      await wine.getByLabel('Amount in dollars').fill('42');
      // A field the schema refuses is named, and nothing is saved.
      await pkg.getByLabel('Per', { exact: true }).fill('');
      await prices.getByRole('button', { name: 'Save draft' }).click();
      await prices.getByRole('alert').filter({ hasText: 'need' }).waitFor();
      expect(await pkg.getByLabel('Per', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await pkg.getByLabel('Per', { exact: true }).fill(pricingDefault.packages[0]!.per);
      await saveDraft(page, prices);
      await shot(page, 'editor-375');

      // Drafts are not public.
      expect(await (await fetch(`${e2e.site.url}/price-list`)).text()).not.toContain(NEW_PRICE);

      // The private preview: a link with a fresh token, which shows the drafts to whoever holds it.
      const [preview] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'Preview' }).click(),
      ]);
      await preview.waitForURL(/\/preview#token=[0-9a-f]{64}$/);
      const token = new URL(preview.url()).hash.slice('#token='.length);
      // The preview tab shows the drafts: the new phone in every page's footer, the new price on /price-list.
      await preview.waitForURL(/\/home$/);
      await preview.getByRole('contentinfo').getByText(NEW_PHONE).waitFor();
      // A page opened by its address in the tab goes back through /preview and is drawn from the drafts too.
      await preview.goto('/price-list');
      await preview.waitForURL(/\/price-list$/);
      await preview.getByText(NEW_PRICE).first().waitFor();
      expect(await preview.getByRole('contentinfo').getByText(NEW_PHONE).count()).toBe(1);
      await shot(preview, 'preview-price-list-375');
      await preview.close();
      const seen = await anon.rpc('site_preview', { p_token: token });
      expect(seen.error).toBeNull();
      const drafts = seen.data as { brand: { phone: string }; pricing: { packages: { price: string }[] } };
      expect([drafts.brand.phone, drafts.pricing.packages[0]!.price]).toEqual([NEW_PHONE, NEW_PRICE]);

      await publish(page);
      const priceList = await htmlOnceItHas('/price-list', NEW_PRICE);
      expect(priceList).not.toContain(OLD_PRICE);
      if (SHOTS_DIR) {
        await goto(page, '/price-list');
        await shot(page, 'published-price-list-375');
        await page.goto('/console?section=site');
      }
      const sitemap = await (await fetch(`${e2e.site.url}/sitemap.xml`)).text();
      const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
      // The pages drawn without the site's header and footer (the splash page) have no footer to check.
      const withoutFooter = new Set(
        Object.values(routes)
          .filter((r) => !r.withChrome)
          .map((r) => r.path),
      );
      const footed = pages.filter((p) => !withoutFooter.has(p));
      expect(footed.length).toBeGreaterThan(10);
      for (const p of footed) {
        const html = await (await fetch(`${e2e.site.url}${p}`)).text();
        const footer = /<footer[\s>][\s\S]*?<\/footer>/.exec(html)?.[0] ?? '';
        expect(footer, p).toContain(NEW_PHONE);
      }

      // A quote written afterwards offers the new add-on amount.
      const b = await e2e.site.admin
        .from('bookings')
        .insert({
          name: 'Ada Guest',
          email: 'ada.guest@visitor.test',
          phone: '+1 555 0100',
          booking_date: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
          booking_time: '19:00',
          guests: 6,
          service_type: 'Private Chef Service',
          location: 'Atlanta',
        })
        .select('id')
        .single();
      expect(b.error).toBeNull();
      const bookingId = (b.data as { id: string }).id;
      await page.goto(`/console?section=bookings&booking=${bookingId}`);
      const quote = page.getByRole('dialog', { name: 'Ada Guest' }).getByRole('region', { name: 'Quote' });
      await quote.getByRole('button', { name: 'Write a quote' }).click();
      const addLine = quote.getByRole('form', { name: 'Add a line' });
      await addLine.getByLabel(/^From the price list/).selectOption('Wine Pairing');
      expect(await addLine.getByLabel('Unit price').inputValue()).toBe('42.00');
      await addLine.getByRole('button', { name: 'Add line' }).click();
      await expect
        .poll(
          async () =>
            (
              await e2e.site.admin
                .from('quote_lines')
                .select('description, unit_cents, quantity, amount_cents')
                .eq('description', 'Wine Pairing')
            ).data,
        )
        .toEqual([{ description: 'Wine Pairing', unit_cents: 4200, quantity: 6, amount_cents: 25200 }]);
    } finally {
      await close();
    }
  });

  it('a recipe with a photo: its page, JSON-LD and sitemap entry, the scaler; hidden, it answers 404', async () => {
    const { page, close } = await open();
    try {
      await signIn(page, OWNER);
      const recipes = await openDocument(page, 'Recipes');
      const before = await recipes
        .locator('details > summary')
        .filter({ hasText: /^Recipe \d+/ })
        .count();
      await recipes.getByRole('button', { name: 'Add recipe' }).click();
      const n = before + 1;
      await recipes
        .locator('summary')
        .filter({ hasText: new RegExp(`^Recipe ${n}$`) })
        .click();
      const fresh = recipes.getByRole('group', { name: `Recipe ${n}` });
      await fresh.getByLabel('Title').fill(RECIPE_TITLE);
      const item = recipes.getByRole('group', { name: `Recipe ${n}: ${RECIPE_TITLE}` });
      await item
        .getByLabel('Description')
        .fill('Black beans, charred corn and lime rice, smoked paprika over everything.');
      await item.getByLabel('Total time').fill('35 mins');
      await item.getByLabel('Servings', { exact: true }).fill('2');
      await item.getByLabel('Number of ratings').fill('1');
      await item.getByRole('button', { name: 'Add ingredient' }).click();
      await item.getByLabel('Quantity', { exact: true }).fill('1 cup');
      await item.getByLabel('Name', { exact: true }).fill('black beans');
      await item.getByRole('button', { name: 'Add step' }).click();
      await item.getByLabel('Step 1', { exact: true }).fill('Warm the beans with the paprika and a splash of water.');
      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a2a1a' } })
        .png()
        .toBuffer();
      await item.getByLabel('Uploaded photo').setInputFiles({ name: 'bowl.png', mimeType: 'image/png', buffer: png });
      await item.getByText(/^recipes\/[0-9a-f-]+\.png$/).waitFor();
      await saveDraft(page, recipes);
      await publish(page);

      const { data } = await e2e.site.admin.from('site_documents').select('published').eq('key', 'recipes').single();
      const added = (data as { published: { id: number; title: string; photo?: string }[] }).published.find(
        (r) => r.title === RECIPE_TITLE,
      )!;
      const address = `/recipe/${added.id}`;
      const html = await htmlOnceItHas(address, RECIPE_TITLE);
      expect(html).toMatch(new RegExp(`"@type":"Recipe"[^<]*"name":"${RECIPE_TITLE}"`));
      expect(await htmlOnceItHas('/sitemap.xml', address)).toContain(address);

      // The scaler: 2 → 3 servings makes 1 cup 1½ cups.
      // The buttons act only once React has hydrated the prerendered page (under load, later than its text shows).
      await goto(page, address);
      await page.getByText('1 cup black beans').waitFor();
      await page.getByRole('button', { name: 'Add one serving' }).click();
      await page.getByText('1½ cups black beans').waitFor();

      // The uploaded photo is what the page shows, at the widths made of it at upload, and what its JSON-LD names.
      const photoPath = (added as { photo?: string }).photo!;
      expect(photoPath).toMatch(/^recipes\/[0-9a-f-]+\.png$/);
      const img = page.getByRole('img', { name: RECIPE_TITLE, exact: true }).first();
      const render = `/storage/v1/render/image/public/site-photos/${photoPath}`;
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 10_000 })
        .toBe(true);
      expect(new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname).toBe(render);
      expect(await img.getAttribute('srcset')).toBe(
        [320, 640, 960, 1280].map((w) => `${render}?width=${w} ${w}w`).join(', '),
      );
      expect(html).toContain(`"image":["https://cheffeva.example${render}?width=960"]`);

      // Hidden: 404 and out of the sitemap.
      await page.goto('/console?section=site');
      const again = await openDocument(page, 'Recipes');
      await again
        .locator('summary')
        .filter({ hasText: `Recipe ${n}: ${RECIPE_TITLE}` })
        .click();
      await again
        .getByRole('group', { name: `Recipe ${n}: ${RECIPE_TITLE}` })
        .getByLabel('Hidden from the site')
        .check();
      await saveDraft(page, again);
      await publish(page);
      await expect.poll(async () => (await fetch(`${e2e.site.url}${address}`)).status, { timeout: 10_000 }).toBe(404);
      expect(await htmlOnceItHas('/sitemap.xml', address, false)).not.toContain(address);
    } finally {
      await close();
    }
  });

  it('a stale second tab is refused, with both versions shown; the rollback brings the old price back', async () => {
    const a = await open();
    const b = await open(1280);
    try {
      await signIn(a.page, OWNER);
      await signIn(b.page, OWNER);
      const brandA = editor(a.page, 'Brand and contact');
      const brandB = editor(b.page, 'Brand and contact');
      await brandA.getByLabel('Tagline').waitFor();
      await brandB.getByLabel('Tagline').fill('Tagline from the laptop');
      await saveDraft(b.page, brandB);
      await shot(b.page, 'editor-1280');
      if (SHOTS_DIR) {
        const published = await b.context.newPage();
        await goto(published, '/price-list');
        await shot(published, 'published-price-list-1280');
        await published.close();
      }
      await brandA.getByLabel('Tagline').fill('Tagline from the phone');
      await brandA.getByRole('button', { name: 'Save draft' }).click();
      const conflict = brandA.getByRole('alert').filter({ hasText: 'Changed elsewhere: not saved' });
      await conflict.waitFor();
      const row = conflict.getByRole('row', { name: /Tagline/ });
      expect(await row.getByRole('cell').allTextContents()).toEqual([
        'Tagline from the phone',
        'Tagline from the laptop',
      ]);
      await shot(a.page, 'conflict-375');
      const { data } = await e2e.site.admin.from('site_documents').select('draft').eq('key', 'brand').single();
      expect((data as { draft: { tagline: string } }).draft.tagline).toBe('Tagline from the laptop');
      // What the phone typed is still there.
      expect(await brandA.getByLabel('Tagline').inputValue()).toBe('Tagline from the phone');

      // Roll back to the publication before the journey.
      const history = a.page.getByRole('complementary', { name: 'Publish' });
      const entry = history
        .getByRole('listitem')
        .filter({ hasText: `#${firstPublication}` })
        .filter({ hasNotText: 'restored' });
      await entry.getByRole('button', { name: 'Restore this version' }).click();
      await entry.getByRole('button', { name: 'Restore now' }).click();
      await toast(a.page, 'Version restored');
      const priceList = await htmlOnceItHas('/price-list', OLD_PRICE);
      expect(priceList).not.toContain(NEW_PRICE);
      await shot(a.page, 'history-375');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
