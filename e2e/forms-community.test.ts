import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { community } from '../content/community.ts';
import { BUNDLE_REPORT_FILE, type BundleReport } from '../scripts/build/bundle-report-plugin.ts';
import { AUTH_STORAGE_KEY } from '../web/app/lib/supabase.ts';
import { href } from '../web/app/paths.ts';
import { axeViolations, formatViolations } from './support/axe.ts';
import { ignoreFaviconErrors, type PageOptions, type PageProbe } from './support/browser.ts';
import { siteFixture } from './support/fixture.ts';
import { bodyHydrated } from './support/page-checks.ts';
import { NoRealtime } from './support/site.ts';

/**
 * /community-recipes and /submit-recipe end to end: Chromium, the built site and the real server
 * (PostgREST-compatible API, storage that sniffs and re-encodes images) on a fresh database.
 */
const e2e = siteFixture();
let tmp: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-community-'));
});
afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Each test starts with no recipes and no photos. */
beforeEach(async () => {
  const { error } = await e2e.site.admin.from('community_recipes').delete().neq('status', '__none__');
  expect(error).toBeNull();
  const names = await photoNames();
  if (names.length) await e2e.site.admin.storage.from('community_recipes').remove(names);
});

const BUCKET = 'community_recipes';
const { list, submit } = community;
/**
 * Elements React claims in /community-recipes' main while the list loads: 7 measured (decision 0032;
 * 24, all of main, before its static parts stayed HTML), plus a margin of 3.
 */
const CLAIMED_CEILING = 7 + 3;

async function photoNames(): Promise<string[]> {
  const { data, error } = await e2e.site.admin.storage.from(BUCKET).list('', { limit: 1000 });
  expect(error).toBeNull();
  return (data ?? []).map((o) => o.name);
}

async function allRecipes() {
  const { data, error } = await e2e.site.admin.from('community_recipes').select('*').order('created_at');
  expect(error).toBeNull();
  return data!;
}

const open = async (route: 'communityRecipes' | 'submitRecipe', options: PageOptions = {}): Promise<PageProbe> => {
  const probe = await e2e.open(options);
  ignoreFaviconErrors(probe);
  probe.page.setDefaultTimeout(10_000);
  await probe.page.goto(href(route));
  return probe;
};

/** /submit-recipe once it has hydrated (the submit button is enabled). */
const openForm = async (options: PageOptions = {}) => {
  const probe = await open('submitRecipe', options);
  await submitButton(probe.page).and(probe.page.locator(':not([disabled])')).waitFor();
  return probe;
};

const form = (page: Page) => {
  const f = page.getByRole('form', { name: 'Submit a community recipe' });
  return {
    title: f.getByLabel(submit.labels.title),
    description: f.getByLabel(submit.labels.description),
    ingredients: f.getByLabel(submit.labels.ingredients),
    instructions: f.getByLabel(submit.labels.instructions),
    name: f.getByLabel(submit.labels.name),
  };
};
const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit Recipe' });
const chooseButton = (page: Page) => page.getByRole('button', { name: submit.dropzone.choose });

async function fillRecipe(page: Page, title = 'Pepper Pot') {
  const f = form(page);
  await f.title.fill(title);
  await f.description.fill('A slow Sunday stew.');
  await f.ingredients.fill('2 lb beef\n1 scotch bonnet\n\n3 cups stock');
  await f.instructions.fill('Brown the beef.\nSimmer two hours.');
}

/** Chooses files with the "Choose a photo" button, as a visitor does with the file picker. */
async function choosePhoto(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), chooseButton(page).click()]);
  await chooser.setFiles(file);
}

/** Drops files onto the drop zone, as a visitor dragging them from the desktop. */
async function dropFiles(page: Page, files: { name: string; type: string; size: number }[]) {
  const dataTransfer = await page.evaluateHandle((specs) => {
    const dt = new DataTransfer();
    for (const s of specs) dt.items.add(new File([new Uint8Array(s.size)], s.name, { type: s.type }));
    return dt;
  }, files);
  const zone = page.locator('div:has(> input[type="file"])');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
async function toastText(page: Page, title: string): Promise<string> {
  const item = toasts(page).getByRole('listitem').filter({ hasText: title });
  await item.waitFor();
  return item.innerText();
}

/** A real JPEG with camera and GPS EXIF, as phones make them. */
async function photoWithExif(): Promise<string> {
  const file = path.join(tmp, 'My Dish (final).jpg');
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Spy 3000', Copyright: 'Home cook' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 45/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '84/1 23/1 0/1' },
    })
    .toFile(file);
  const meta = await sharp(file).metadata();
  expect(meta.exif?.length ?? 0).toBeGreaterThan(0);
  return file;
}

const insertApproved = async (rows: Record<string, unknown>[]) => {
  const { error } = await e2e.site.admin
    .from('community_recipes')
    .insert(rows.map((r) => ({ ingredients: 'Salt', instructions: 'Cook.', status: 'approved', ...r })));
  expect(error).toBeNull();
};

describe('/community-recipes', () => {
  it('lists approved recipes newest first without downloading supabase-js, postgrest-js or zod: one anonymous GET with the anon key', async () => {
    await insertApproved([
      { title: 'Older Gumbo', created_at: '2020-01-01T00:00:00Z' },
      { title: 'Newer Jollof', created_at: '2021-01-01T00:00:00Z' },
    ]);
    // Which built scripts hold supabase-js or any of its clients (postgrest-js included) or zod, from
    // the chunk report the build writes: the list is one fetch and a plain row check
    // (web/app/features/community/approved-recipes.ts, docs/decisions/0032-community-list-and-recipe-taps.md).
    const report = JSON.parse(
      fs.readFileSync(path.resolve(process.env.BUILD_DIR ?? 'build', BUNDLE_REPORT_FILE), 'utf8'),
    ) as BundleReport;
    const chunksOf = (match: (p: string) => boolean) =>
      Object.entries(report.chunks)
        .filter(([, c]) => c.packages.some(match))
        .map(([file]) => file);
    const supabaseJs = chunksOf((p) => p.startsWith('@supabase/'));
    const zod = chunksOf((p) => p === 'zod');
    expect(supabaseJs.length, 'the build has a supabase-js chunk').toBeGreaterThan(0);
    expect(
      chunksOf((p) => p === '@supabase/postgrest-js').length,
      'the build has a postgrest-js chunk',
    ).toBeGreaterThan(0);
    expect(zod.length, 'the build has a zod chunk').toBeGreaterThan(0);

    const probe = await e2e.open();
    ignoreFaviconErrors(probe);
    const { page } = probe;
    page.setDefaultTimeout(10_000);
    const scripts: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    const listRequest = page.waitForRequest((req) => new URL(req.url()).pathname === '/rest/v1/community_recipes');
    await page.goto(href('communityRecipes'));
    await page.getByRole('heading', { name: 'Newer Jollof' }).waitFor();
    expect(await page.locator('main article h3').allInnerTexts()).toEqual(['Newer Jollof', 'Older Gumbo']);
    await page.waitForLoadState('networkidle');

    const request = await listRequest;
    expect(request.method()).toBe('GET');
    const query = new URL(request.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({ select: '*', status: 'eq.approved', order: 'created_at.desc' });
    const headers = await request.allHeaders();
    expect(headers.apikey).toBe(e2e.site.anonKey);
    expect(headers.authorization).toBe(`Bearer ${e2e.site.anonKey}`);

    expect(scripts.length, 'the page loaded its scripts').toBeGreaterThan(0);
    expect(
      scripts.filter((s) => supabaseJs.includes(s) || zod.includes(s)),
      `scripts requested: ${scripts.join(', ')}`,
    ).toEqual([]);
    expect(probe.errors).toEqual([]);
    expect(probe.foreignRequests).toEqual([]);
    await probe.close();
  });

  it("a signed-in member's list request carries their access token as the bearer, not the anon key", async () => {
    await insertApproved([{ title: 'Members Jollof', created_at: '2021-01-01T00:00:00Z' }]);
    const email = `community-${Date.now()}@example.com`;
    const password = 'correct horse 42';
    // A member who signed up earlier (the real sign-up endpoint, as a visitor's browser calls it).
    const visitor = createClient(e2e.site.url, e2e.site.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    });
    const { error } = await visitor.auth.signUp({ email, password });
    expect(error).toBeNull();

    const probe = await open('communityRecipes');
    const { page } = probe;
    await page.getByRole('heading', { name: 'Members Jollof' }).waitFor();
    // Sign in through the header's dialog, as a member does.
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Password (min. 6 characters)').fill(password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const stored = await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY);
    const accessToken = (JSON.parse(stored!) as { access_token: string }).access_token;
    expect(accessToken).toBeTruthy();
    expect(accessToken).not.toBe(e2e.site.anonKey);

    // The next visit to the list, with the session stored.
    const listRequest = page.waitForRequest((req) => new URL(req.url()).pathname === '/rest/v1/community_recipes');
    await page.reload();
    await page.getByRole('heading', { name: 'Members Jollof' }).waitFor();
    const headers = await (await listRequest).allHeaders();
    expect(headers.apikey).toBe(e2e.site.anonKey);
    const current = (
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY))!) as {
        access_token: string;
      }
    ).access_token;
    expect(headers.authorization).toBe(`Bearer ${current}`);
    expect(JSON.parse(Buffer.from(current.split('.')[1]!, 'base64url').toString()).email).toBe(email);
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  it('shows a spinner while loading, then the empty state on an empty database', async () => {
    const probe = await e2e.open();
    ignoreFaviconErrors(probe);
    const { page } = probe;
    page.setDefaultTimeout(10_000);
    // A slow network: the list request waits until the spinner has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/community_recipes*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(href('communityRecipes'));
    const spinner = page.getByRole('status', { name: list.loading });
    await spinner.waitFor();
    release();
    await page.getByRole('heading', { name: list.empty.title }).waitFor();
    expect(await page.getByText(list.empty.text).isVisible()).toBe(true);
    expect(await spinner.count()).toBe(0);
    expect(await page.getByRole('link', { name: list.submitButton }).getAttribute('href')).toBe(href('submitRecipe'));
    expect(await page.getByText(list.prize).isVisible()).toBe(true);
    expect(probe.errors).toEqual([]);
    expect(probe.foreignRequests).toEqual([]);
    await probe.close();
  });

  it('hydrates only the list: the heading, the prize and the link stay the prerendered HTML', async () => {
    const probe = await e2e.open();
    ignoreFaviconErrors(probe);
    const { page } = probe;
    page.setDefaultTimeout(10_000);
    // The list request waits, so what is counted is the page as it hydrates, with the spinner.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/community_recipes*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(href('communityRecipes'));
    await bodyHydrated(page);
    const counts = await page.evaluate(() => {
      const fiber = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
      const inMain = (selector: string) => [...document.querySelectorAll(`main ${selector}`)];
      return {
        claimed: inMain('*').filter(fiber).length,
        static: inMain('[data-static-html] *').length,
        staticClaimed: inMain('[data-static-html] *').filter(fiber).length,
      };
    });
    // The heading (h1, eyebrow, lead), the page's background picture, the prize and the link to the form.
    expect(counts.static).toBeGreaterThanOrEqual(8);
    expect(counts.staticClaimed).toBe(0);
    // main's own wrappers, the two static parts' wrappers and the spinner.
    expect(counts.claimed, JSON.stringify(counts)).toBeLessThanOrEqual(CLAIMED_CEILING);
    await expect
      .poll(() => page.getByRole('link', { name: list.submitButton }).getAttribute('href'))
      .toBe(href('submitRecipe'));
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    release();
    await page.getByRole('heading', { name: list.empty.title }).waitFor();
    // A link inside a static part still navigates inside the site.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await page.getByRole('link', { name: list.submitButton }).click();
    await page.waitForURL(`**${href('submitRecipe')}`);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  it('shows the error line when the recipes cannot be loaded, and logs it', async () => {
    const probe = await e2e.open({ allowErrors: ['Failed to load community recipes', 'status of 503'] });
    const { page } = probe;
    await page.route('**/rest/v1/community_recipes*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }),
    );
    const logged = page.waitForEvent(
      'console',
      (m) => m.type() === 'error' && m.text().includes('Failed to load community recipes'),
    );
    await page.goto(href('communityRecipes'));
    await page.getByText('Failed to load recipes. Please try again later.').waitFor();
    await logged;
    await probe.close();
  });

  it('shows markup from visitors as text, never as HTML', async () => {
    await insertApproved([
      {
        title: '<img src=x onerror=alert(1)>',
        description: '<script>alert(2)</script><b>bold</b>',
        submitted_by: '<i>Mallory</i>',
      },
    ]);
    const probe = await open('communityRecipes');
    const { page } = probe;
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await page.getByRole('heading', { name: '<img src=x onerror=alert(1)>' }).waitFor();
    expect(await page.getByText('<script>alert(2)</script><b>bold</b>').isVisible()).toBe(true);
    expect(await page.getByText('Submitted by <i>Mallory</i>').isVisible()).toBe(true);
    expect(await page.locator('main img[src="x"], main b, main i').count()).toBe(0);
    expect(dialogs).toBe(0);
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  it('shows only photos from our own storage', async () => {
    const foreign = [
      { title: 'Foreign photo', image_url: 'https://evil.example/tracker.png' },
      { title: 'Script photo', image_url: `${e2e.site.url}/rest/v1/community_recipes` },
    ];
    // The database refuses such rows now (20261124100000_no_megaphone.sql); rows kept from before
    // the rule are still shown without them. They are written as the database owner, triggers off.
    const refused = await e2e.site.admin
      .from('community_recipes')
      .insert(foreign.map((r) => ({ ingredients: 'Salt', instructions: 'Cook.', status: 'approved', ...r })));
    expect(refused.error?.message).toBe("image_url must be a photo uploaded to this site's community_recipes bucket");
    await e2e.site.db.tx(null, async (sql) => {
      await sql(`set local session_replication_role = replica`);
      for (const r of foreign) {
        await sql(
          `insert into public.community_recipes (title, ingredients, instructions, image_url, status) values ($1, 'Salt', 'Cook.', $2, 'approved')`,
          [r.title, r.image_url],
        );
      }
    });
    const probe = await open('communityRecipes');
    const { page } = probe;
    await page.getByRole('heading', { name: 'Foreign photo' }).waitFor();
    await page.getByRole('heading', { name: 'Script photo' }).waitFor();
    expect(await page.locator('main article img').count()).toBe(0);
    expect(probe.foreignRequests).toEqual([]);
    await probe.close();
  });
});

describe('/submit-recipe', () => {
  it('stores a recipe with a photo as one pending row and one clean re-encoded image, listed once approved', async () => {
    // An older approved recipe: the new one must be listed before it.
    await insertApproved([{ title: 'Older Gumbo', submitted_by: 'Kim', created_at: '2020-01-01T00:00:00Z' }]);
    const probe = await openForm();
    const { page } = probe;
    await fillRecipe(page, 'Pepper Pot');
    await choosePhoto(page, await photoWithExif());
    await page.getByRole('img', { name: 'Preview of My Dish (final).jpg' }).waitFor();
    await submitButton(page).click();

    expect(await toastText(page, 'Success!')).toContain('Your recipe has been submitted for review. Thank you!');
    await page.waitForURL((url) => url.pathname === href('communityRecipes'));

    const rows = (await allRecipes()).filter((r) => r.title === 'Pepper Pot');
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      description: 'A slow Sunday stew.',
      ingredients: '2 lb beef\n1 scotch bonnet\n3 cups stock',
      instructions: 'Brown the beef.\nSimmer two hours.',
      submitted_by: 'Anonymous',
      status: 'pending',
    });
    const names = await photoNames();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{13}_My-Dish-final\.jpg$/);
    expect(row.image_url).toBe(`${e2e.site.url}/storage/v1/object/public/${BUCKET}/${names[0]}`);

    // The stored file is a re-encoded image without EXIF.
    const res = await fetch(row.image_url);
    expect(res.status).toBe(200);
    const stored = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();

    // Pending: not listed.
    await page.getByRole('heading', { name: 'Older Gumbo' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Pepper Pot' }).count()).toBe(0);

    // Approved with the service key: listed first, with its photo, by Anonymous.
    const { error } = await e2e.site.admin.from('community_recipes').update({ status: 'approved' }).eq('id', row.id);
    expect(error).toBeNull();
    await page.reload();
    const cards = page.locator('main article');
    await page.getByRole('heading', { name: 'Pepper Pot' }).waitFor();
    expect(await cards.locator('h3').allInnerTexts()).toEqual(['Pepper Pot', 'Older Gumbo']);
    const first = cards.first();
    expect(await first.innerText()).toContain('Submitted by Anonymous');
    expect(await first.innerText()).toContain('A slow Sunday stew.');
    const img = first.getByRole('img', { name: 'Photo of Pepper Pot' });
    await img.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      await img.elementHandle(),
    );
    await page.screenshot({ path: '/tmp/forms-community-photo.png' });
    expect(await img.getAttribute('src')).toBe(row.image_url);
    expect(await img.getAttribute('loading')).toBe('lazy');
    expect(await img.getAttribute('width')).toBeTruthy();
    expect(await img.getAttribute('height')).toBeTruthy();
    expect(probe.errors).toEqual([]);
    expect(probe.foreignRequests).toEqual([]);
    await probe.close();
  });

  it('stores the name given and no image when none is chosen', async () => {
    const probe = await openForm();
    const { page } = probe;
    await fillRecipe(page, 'Plain Rice');
    await form(page).name.fill('  Ana  ');
    await submitButton(page).click();
    await toastText(page, 'Success!');
    await page.waitForURL((url) => url.pathname === href('communityRecipes'));
    expect(await allRecipes()).toMatchObject([
      { title: 'Plain Rice', submitted_by: 'Ana', image_url: null, status: 'pending' },
    ]);
    expect(await photoNames()).toEqual([]);
    await probe.close();
  });

  it('gives the Missing Fields toast for blank or space-only fields and sends nothing', async () => {
    const probe = await openForm();
    const { page } = probe;
    const sent: string[] = [];
    page.on('request', (r) => {
      if (/\/(rest|storage)\/v1\//.test(r.url())) sent.push(r.url());
    });
    await submitButton(page).click();
    expect(await toastText(page, 'Missing Fields')).toContain('Please fill out title, ingredients, and instructions.');
    expect(await form(page).title.getAttribute('aria-invalid')).toBe('true');

    await page.reload();
    await submitButton(page).and(page.locator(':not([disabled])')).waitFor();
    const f = form(page);
    await f.title.fill('   ');
    await f.ingredients.fill('  \n   \n');
    await f.instructions.fill('   ');
    await f.description.fill('Only a description');
    await submitButton(page).click();
    expect(await toastText(page, 'Missing Fields')).toContain('Please fill out title, ingredients, and instructions.');
    expect(page.url()).toContain(href('submitRecipe'));
    expect(await f.description.inputValue()).toBe('Only a description');
    expect(sent).toEqual([]);
    expect(await allRecipes()).toEqual([]);
    await probe.close();
  });

  it('gives the Missing Fields toast as well as the inline messages when the visitor tabbed through the fields first (phone)', async () => {
    const probe = await openForm({ width: 375 });
    const { page } = probe;
    const sent: string[] = [];
    page.on('request', (r) => {
      if (/\/(rest|storage)\/v1\//.test(r.url())) sent.push(r.url());
    });
    const f = form(page);
    // Spaces in each required field, leaving each one: the inline messages show as the fields are left.
    await f.title.fill('   ');
    await f.title.blur();
    await f.ingredients.fill('  \n  ');
    await f.ingredients.blur();
    await f.instructions.fill('   ');
    await f.instructions.blur();
    const inline = async () =>
      Promise.all(
        [f.title, f.ingredients, f.instructions].map(async (field) => {
          const id = await field.getAttribute('id');
          return page.locator(`[id="${id}-error"]`).textContent();
        }),
      );
    await expect
      .poll(inline)
      .toEqual([
        'Please enter a recipe title.',
        'Please list the ingredients, one per line.',
        'Please write the instructions, one step per line.',
      ]);
    await submitButton(page).tap();
    expect(await toastText(page, 'Missing Fields')).toContain('Please fill out title, ingredients, and instructions.');
    expect(await inline()).toEqual([
      'Please enter a recipe title.',
      'Please list the ingredients, one per line.',
      'Please write the instructions, one step per line.',
    ]);
    expect(sent).toEqual([]);
    expect(await allRecipes()).toEqual([]);
    await probe.close();
  });

  it('refuses a text file renamed .png on the server: failure toast, no row, no file, values kept', async () => {
    const probe = await openForm({ allowErrors: ['Recipe submission failed', 'status of 415'] });
    const { page } = probe;
    await fillRecipe(page, 'Sneaky Notes');
    await choosePhoto(page, {
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('These are my notes, not a picture.\n'),
    });
    await page.getByRole('button', { name: /Remove photo/ }).waitFor();
    await submitButton(page).click();
    const text = await toastText(page, 'Submission Failed');
    expect(text).toContain(submit.toasts.notAnImage.description);
    expect(page.url()).toContain(href('submitRecipe'));
    expect(await form(page).title.inputValue()).toBe('Sneaky Notes');
    expect(await page.getByRole('button', { name: /Remove photo notes\.png/ }).isVisible()).toBe(true);
    expect(await allRecipes()).toEqual([]);
    expect(await photoNames()).toEqual([]);
    await probe.close();
  });

  it('refuses an oversize file, two files at once and other types with a clear message', async () => {
    const probe = await openForm();
    const { page } = probe;
    const problems = page.getByRole('alert').filter({ hasText: /File|files/ });

    const huge = path.join(tmp, 'huge.png');
    fs.writeFileSync(huge, Buffer.alloc(10 * 1024 * 1024 + 1));
    await choosePhoto(page, huge);
    await problems.waitFor();
    expect(await problems.innerText()).toBe('huge.png: File is larger than 10,485,760 bytes (10MB).');
    expect(await page.getByRole('button', { name: /Remove photo/ }).count()).toBe(0);

    await dropFiles(page, [
      { name: 'one.jpg', type: 'image/jpeg', size: 1000 },
      { name: 'two.jpg', type: 'image/jpeg', size: 1000 },
    ]);
    await problems.filter({ hasText: 'Too many files' }).waitFor();
    expect(await problems.innerText()).toBe('Too many files. Please choose one photo.');

    await choosePhoto(page, { name: 'recipe.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await problems.filter({ hasText: 'File type' }).waitFor();
    expect(await problems.innerText()).toBe('recipe.pdf: File type must be PNG, JPG or GIF.');
    // The messages describe the control they belong to.
    const describedBy = (await chooseButton(page).getAttribute('aria-describedby'))!.split(' ');
    expect(await page.locator(`[id="${describedBy[0]}"]`).innerText()).toContain('File type must be');

    // A good photo replaces the messages with a preview, and can be removed with the keyboard.
    await choosePhoto(page, {
      name: 'ok.gif',
      mimeType: 'image/gif',
      buffer: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
        .gif()
        .toBuffer(),
    });
    await page.getByRole('img', { name: 'Preview of ok.gif' }).waitFor();
    expect(await problems.count()).toBe(0);
    await page.getByRole('button', { name: 'Remove photo ok.gif' }).focus();
    await page.keyboard.press('Enter');
    await chooseButton(page).waitFor();
    // Focus moves back to the button once the preview is gone (after the next render).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(submit.dropzone.choose);
    expect(await photoNames()).toEqual([]);
    await probe.close();
  });

  it('accepts a filled honeypot silently: success, nothing stored', async () => {
    const probe = await openForm();
    const { page } = probe;
    await fillRecipe(page, 'Bot Stew');
    await choosePhoto(page, await photoWithExif());
    await page.locator('input[name="website"]').fill('http://spam.example');
    await submitButton(page).click();
    await toastText(page, 'Success!');
    await page.waitForURL((url) => url.pathname === href('communityRecipes'));
    expect(await allRecipes()).toEqual([]);
    expect(await photoNames()).toEqual([]);
    await probe.close();
  });

  it('keeps the form when the backend fails', async () => {
    const probe = await openForm({ allowErrors: ['Recipe submission failed', 'status of 503'] });
    const { page } = probe;
    await fillRecipe(page, 'Offline Jollof');
    await page.route('**/rest/v1/community_recipes*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }),
    );
    await submitButton(page).click();
    expect(await toastText(page, 'Submission Failed')).toContain('Something went wrong. Please try again.');
    expect(await form(page).title.inputValue()).toBe('Offline Jollof');
    expect(await form(page).ingredients.inputValue()).toBe('2 lb beef\n1 scotch bonnet\n\n3 cups stock');
    expect(await allRecipes()).toEqual([]);
    await probe.close();
  });

  for (const width of [375, 768, 1280]) {
    it(`both pages have one h1 and no axe violations at ${width} px`, async () => {
      await insertApproved([
        { title: 'Callaloo', description: 'Greens, coconut and thyme.', submitted_by: 'Dee' },
        { title: 'Festival', description: 'Sweet fried dumplings.' },
      ]);
      const listing = await open('communityRecipes', { width });
      await listing.page.getByRole('heading', { name: 'Callaloo' }).waitFor();
      expect(await listing.page.locator('h1').count()).toBe(1);
      let violations = await axeViolations(listing.page);
      expect(violations, formatViolations(violations)).toEqual([]);
      expect(await listing.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width !== 768) await listing.page.screenshot({ path: `/tmp/forms-community-${width}.png`, fullPage: true });
      expect(listing.errors).toEqual([]);
      await listing.close();

      const probe = await openForm({ width });
      const { page } = probe;
      expect(await page.locator('h1').count()).toBe(1);
      violations = await axeViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
      // With field errors and a drop-zone message showing.
      await choosePhoto(page, { name: 'recipe.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
      await form(page).title.fill('x'.repeat(10));
      await form(page).title.fill('');
      await submitButton(page).click();
      await page.getByText('Please enter a recipe title.').waitFor();
      violations = await axeViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width !== 768) await page.screenshot({ path: `/tmp/forms-submit-${width}.png`, fullPage: true });
      expect(probe.errors).toEqual([]);
      expect(probe.foreignRequests).toEqual([]);
      await probe.close();
    });
  }
});
