import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking } from '../content/booking.ts';
import { community } from '../content/community.ts';
import { consoleCopy } from '../content/console.ts';
import { emails } from '../content/emails.ts';
import { authCopy } from '../content/members.ts';
import { quotePage } from '../content/quotes.ts';
import { href } from '../web/app/paths.ts';
import { neutralise } from '../web/app/features/console/csv.ts';
import { BOOKING_CSV_COLUMNS } from '../web/app/features/console/bookings-panel.tsx';
import { MESSAGE_CSV_COLUMNS } from '../web/app/features/console/messages-panel.tsx';
import { readBuild } from '../scripts/build/first-load.ts';
import { axeViolations, formatViolations } from './support/axe.ts';
import { ignoreFaviconErrors, type PageOptions, type PageProbe } from './support/browser.ts';
import { siteFixture } from './support/fixture.ts';
import { NoRealtime } from './support/site.ts';

/**
 * The chef's console end to end: Chromium, the built site, the real server on a fresh database. A
 * visitor books and submits recipes on the public pages; the owner works them at /console; a member
 * who is not the owner sees no data. Screenshots at 375 and 1280 px go to $SHOTS_DIR when it is set.
 */
const e2e = siteFixture();
const SHOTS_DIR = process.env.SHOTS_DIR;
const OWNER = { email: 'chef.owner@example.com', password: 'owner-password-1' };
const MEMBER = { email: 'just.a.member@example.com', password: 'member-password-1' };
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const anon = createClient(e2e.site.url, e2e.site.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  });
  for (const account of [OWNER, MEMBER]) {
    const { error } = await anon.auth.signUp(account);
    expect(error).toBeNull();
  }
  // The owner role, as `npm run owner -- add` grants it (the service role writes user_roles).
  const { data: users } = await anon.auth.signInWithPassword(OWNER);
  const grant = await e2e.site.admin.from('user_roles').insert({ user_id: users.user!.id, role: 'owner' });
  expect(grant.error).toBeNull();
});
afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const open = async (options: PageOptions = {}): Promise<PageProbe> => {
  const probe = await e2e.open(options);
  ignoreFaviconErrors(probe);
  probe.page.setDefaultTimeout(15_000);
  return probe;
};

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
async function toastText(page: Page, title: string): Promise<string> {
  const item = toasts(page).getByRole('listitem').filter({ hasText: title });
  await item.first().waitFor();
  return item.first().innerText();
}

/** Opens /console (or a link into it) and signs in with the ordinary auth dialog. */
async function signIn(page: Page, account: { email: string; password: string }, address = '/console') {
  await page.goto(address);
  const dialog = page.getByRole('dialog', { name: 'Chef’s console' });
  await dialog.getByLabel('Email', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password (min. 6 characters)').fill(account.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
}

async function section(page: Page, name: string, heading: string) {
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function expectAxeClean(page: Page, where: string) {
  // Judge the settled page: a toast still fading in (the sign-in one) has its text at part opacity.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const violations = await axeViolations(page);
  expect(violations, `${where}:\n${formatViolations(violations)}`).toEqual([]);
}

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `console-${name}.png`), fullPage: true });
}

/** Elements that reach past the right edge of the viewport (what makes a phone page scroll sideways). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      // Inside a box that scrolls sideways on its own (a wide table), it does not move the page.
      .filter((el) => !el.parentElement?.closest('.overflow-x-auto'))
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} → ${Math.round(el.getBoundingClientRect().right)}`,
      )
      .slice(0, 10),
  );
}

async function localDate(page: Page, days: number) {
  return page.evaluate((d) => {
    const t = new Date();
    t.setDate(t.getDate() + d);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
  }, days);
}

async function bookNow(page: Page, name: string) {
  await page.goto(href('bookNow'));
  const form = page.getByRole('form', { name: booking.form.title });
  await form.getByRole('button', { name: booking.form.submit }).and(page.locator(':not([disabled])')).waitFor();
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('Email Address').fill('ada.guest@example.com');
  await form.getByLabel('Phone Number').fill('+1 (555) 010-4242');
  await form.getByLabel('Service Type').selectOption('Event Catering');
  await form.getByLabel('Preferred Date').fill(await localDate(page, 14));
  await form.getByLabel('Preferred Time').fill('19:30');
  await form.getByLabel('Number of Guests').fill('40');
  await form.getByLabel('Event Location').fill('12 Quay Street, Bristol');
  await form.getByLabel('Special Requests').fill('=cmd|"/c calc"!A1 — and a gluten-free cake.');
  await form.getByRole('button', { name: booking.form.submit }).click();
  await toastText(page, booking.toasts.success.title);
}

async function photo(name: string, colour: { r: number; g: number; b: number }) {
  const file = path.join(tmp, name);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toFile(file);
  return file;
}

async function submitRecipe(page: Page, title: string, photoFile: string) {
  await page.goto(href('submitRecipe'));
  const { submit } = community;
  const send = page.getByRole('button', { name: 'Submit Recipe' });
  await send.and(page.locator(':not([disabled])')).waitFor();
  const form = page.getByRole('form', { name: 'Submit a community recipe' });
  await form.getByLabel(submit.labels.title).fill(title);
  await form.getByLabel(submit.labels.description).fill(`${title}, as my grandmother made it.`);
  await form.getByLabel(submit.labels.ingredients).fill('2 cups rice\n1 onion');
  await form.getByLabel(submit.labels.instructions).fill('Fry the onion.\nAdd the rice.');
  await form.getByLabel(submit.labels.name).fill('Ana');
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: submit.dropzone.choose }).click(),
  ]);
  await chooser.setFiles(photoFile);
  await send.click();
  await toastText(page, 'Success!');
}

async function readDownload(page: Page, button: string): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
}

describe('the chef’s console', () => {
  it('shows the owner a booking made moments before, and moves it through its statuses with a note', async () => {
    const name = `Ada Console ${Date.now()}`;
    const visitor = await open();
    try {
      await bookNow(visitor.page, name);
    } finally {
      await visitor.close();
    }

    await e2e.withPage({}, async (probe) => {
      ignoreFaviconErrors(probe);
      const { page } = probe;
      await signIn(page, OWNER);
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      // The console's own sign-in toast, not the members' "exclusive content" one.
      const { loginSuccess } = consoleCopy.signIn;
      expect(await toastText(page, loginSuccess.title)).toContain(loginSuccess.description);
      expect(await toasts(page).getByText(authCopy.loginSuccess.title).count()).toBe(0);
      const newCard = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'New booking requests' }) });
      await newCard.getByText(/^Oldest waiting: \d+ minutes?$/).waitFor();
      expect(await newCard.getByText('1', { exact: true }).isVisible()).toBe(true);
      // A fresh product has no backup yet: said, not hidden (docs/backups.md).
      const backups = page.getByRole('region', { name: 'Backups' });
      await backups.getByRole('alert').waitFor();
      expect(await backups.getByRole('alert').textContent()).toBe('No backup has been made yet.');
      await expectAxeClean(page, '/console overview');

      await section(page, 'Bookings', 'Bookings');
      const table = page.getByRole('table', { name: 'Booking requests' });
      const row = table.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      expect(await row.getByText('Large party').isVisible()).toBe(true);
      expect(await row.getByText('New', { exact: true }).isVisible()).toBe(true);
      await expectAxeClean(page, '/console bookings');

      await row.getByRole('button', { name }).click();
      const detail = page.getByRole('dialog', { name });
      await detail.waitFor();
      expect(await detail.getByRole('link', { name: /Call \+1 \(555\) 010-4242/ }).getAttribute('href')).toBe(
        'tel:+15550104242',
      );
      expect(await detail.getByRole('link', { name: 'E-mail' }).getAttribute('href')).toMatch(
        /^mailto:ada\.guest@example\.com\?subject=/,
      );
      expect(await detail.getByText('12 Quay Street, Bristol').isVisible()).toBe(true);
      expect(await detail.getByText('=cmd|"/c calc"!A1 — and a gluten-free cake.').isVisible()).toBe(true);
      await expectAxeClean(page, '/console booking detail');

      // A reason is required to decline: the form says so and nothing changes.
      await detail.getByRole('radio', { name: 'Declined' }).check();
      await detail.getByRole('button', { name: 'Save status' }).click();
      await detail.getByText('Please give a reason: it is kept with the booking.').waitFor();

      for (const status of ['Contacted', 'Confirmed', 'Completed']) {
        await detail.getByRole('radio', { name: status }).check();
        await detail.getByRole('button', { name: 'Save status' }).click();
        await detail.getByRole('status').getByText(`Marked ${status.toLowerCase()}.`).waitFor();
        await detail.getByText(status, { exact: true }).first().waitFor();
      }
      await detail.getByLabel('Private note').fill('Called Tuesday; wants a tasting first.');
      await detail.getByRole('button', { name: 'Save note' }).click();
      await detail.getByRole('status').getByText('Note saved.').waitFor();
      expect(await detail.getByText('A completed booking is final.').isVisible()).toBe(true);
      const history = detail.getByRole('region', { name: 'History' }).getByRole('listitem');
      await expect.poll(() => history.count()).toBe(4);
      expect(await history.nth(0).innerText()).toMatch(/Received as new\s+by the visitor/);
      expect(await history.nth(3).innerText()).toMatch(/Confirmed → Completed\s+by you/);
      await shot(page, 'booking-detail-1280');
    });

    const stored = await e2e.site.admin.from('bookings').select('status, owner_note').eq('name', name).single();
    expect(stored.data).toEqual({ status: 'completed', owner_note: 'Called Tuesday; wants a tasting first.' });
    const changes = await e2e.site.admin
      .from('booking_status_changes')
      .select('to_status, changed_by')
      .order('changed_at');
    expect(changes.data!.map((c) => c.to_status)).toEqual(['new', 'contacted', 'confirmed', 'completed']);
  });

  it('approves a submitted recipe onto /community-recipes, and a rejected one’s photo stops answering', async () => {
    const visitor = await open();
    try {
      await submitRecipe(visitor.page, 'Approve Me Rice', await photo('approve.jpg', { r: 40, g: 160, b: 60 }));
      await submitRecipe(visitor.page, 'Reject Me Stew', await photo('reject.jpg', { r: 160, g: 40, b: 40 }));
    } finally {
      await visitor.close();
    }
    const rows = (await e2e.site.admin.from('community_recipes').select('id, title, image_url')).data!;
    const rejected = rows.find((r) => r.title === 'Reject Me Stew')!;
    expect(rejected.image_url).toMatch(/\/storage\/v1\/object\/public\/community_recipes\//);
    expect((await fetch(rejected.image_url)).status).toBe(200);

    await e2e.withPage({}, async (probe) => {
      ignoreFaviconErrors(probe);
      const { page } = probe;
      await signIn(page, OWNER);
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await section(page, 'Recipes', 'Community recipes');
      const card = (title: string) => page.getByRole('article', { name: title });
      await card('Reject Me Stew').waitFor();
      expect(
        await card('Approve Me Rice').getByRole('img', { name: 'Photo sent with Approve Me Rice' }).isVisible(),
      ).toBe(true);
      expect(await card('Approve Me Rice').getByText('Fry the onion.').isVisible()).toBe(true);
      await expectAxeClean(page, '/console recipes');
      await shot(page, 'recipes-1280');

      await card('Approve Me Rice').getByRole('button', { name: 'Approve', exact: true }).click();
      await toastText(page, 'Recipe approved');
      await card('Approve Me Rice').waitFor({ state: 'detached' });

      await card('Reject Me Stew').getByRole('button', { name: 'Reject', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject “Reject Me Stew”' });
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await dialog.getByText('Please give a reason.').waitFor();
      await dialog.getByLabel('Reason').fill('Not a recipe of our cuisine.');
      await expectAxeClean(page, '/console reject dialog');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await toastText(page, 'Rejected “Reject Me Stew”');
      await card('Reject Me Stew').waitFor({ state: 'detached' });
    });

    // What the chef approved is on the public page at once; the rejected photo is gone.
    const publicPage = await open();
    try {
      await publicPage.page.goto(href('communityRecipes'));
      await publicPage.page.getByRole('heading', { name: 'Approve Me Rice' }).waitFor();
      expect(await publicPage.page.getByText('Reject Me Stew').count()).toBe(0);
    } finally {
      await publicPage.close();
    }
    expect((await fetch(rejected.image_url)).status).toBe(404);
    const after = await e2e.site.admin
      .from('community_recipes')
      .select('status, review_reason, image_url')
      .eq('id', rejected.id)
      .single();
    expect(after.data).toEqual({ status: 'rejected', review_reason: 'Not a recipe of our cuisine.', image_url: null });
  });

  it('exports bookings and messages as CSV that parse back to the same rows, formulas neutralised', async () => {
    const anon = createClient(e2e.site.url, e2e.site.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    });
    const sent = await anon.from('contact_messages').insert({
      name: 'Mallory',
      email: 'mallory@example.com',
      subject: '=HYPERLINK("http://evil.example")',
      message: '@SUM(1+1)\nsecond line, "quoted"',
    });
    expect(sent.error).toBeNull();

    await e2e.withPage({}, async (probe) => {
      ignoreFaviconErrors(probe);
      const { page } = probe;
      await signIn(page, OWNER);
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

      await section(page, 'Bookings', 'Bookings');
      const bookingCsv = await readDownload(page, 'Export bookings (CSV)');
      const bookings = (
        await e2e.site.admin.from('bookings').select('*').order('created_at', { ascending: false }).order('id')
      ).data!;
      expect(bookingCsv[0]).toEqual(BOOKING_CSV_COLUMNS);
      expect(bookingCsv.slice(1)).toEqual(bookings.map((b) => BOOKING_CSV_COLUMNS.map((c) => neutralise(b[c]))));
      expect(bookingCsv[1]![BOOKING_CSV_COLUMNS.indexOf('phone')]).toBe("'+1 (555) 010-4242");
      expect(bookingCsv[1]![BOOKING_CSV_COLUMNS.indexOf('message')]).toMatch(/^'=cmd/);

      // The messages answer slowly, as on a phone: the heading shows before the rows, and the test
      // waits for the section's rows instead of reading the table as soon as the heading is there.
      await page.route('**/rest/v1/contact_messages?*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await section(page, 'Messages', 'Messages');
      const unread = page
        .getByRole('table', { name: 'Contact messages' })
        .getByRole('row')
        .filter({ hasText: 'Mallory' });
      await unread.waitFor();
      await page.unroute('**/rest/v1/contact_messages?*');
      expect(await unread.getByText('Unread').isVisible()).toBe(true);
      await unread.getByRole('button', { name: '=HYPERLINK("http://evil.example")' }).click();
      const dialog = page.getByRole('dialog', { name: '=HYPERLINK("http://evil.example")' });
      await dialog.getByRole('button', { name: 'Archive' }).click();
      await dialog.getByRole('status').getByText('Archived.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Archived' }).click();
      await page
        .getByRole('table', { name: 'Contact messages' })
        .getByRole('row')
        .filter({ hasText: 'Mallory' })
        .getByText('Read')
        .waitFor();

      const messageCsv = await readDownload(page, 'Export messages (CSV)');
      const messages = (
        await e2e.site.admin.from('contact_messages').select('*').order('created_at', { ascending: false }).order('id')
      ).data!;
      expect(messageCsv[0]).toEqual(MESSAGE_CSV_COLUMNS);
      expect(messageCsv.slice(1)).toEqual(messages.map((m) => MESSAGE_CSV_COLUMNS.map((c) => neutralise(m[c]))));
      expect(messageCsv[1]![MESSAGE_CSV_COLUMNS.indexOf('subject')]).toBe('\'=HYPERLINK("http://evil.example")');
      expect(messages[0]!.read_at).not.toBeNull();
      expect(messages[0]!.archived_at).not.toBeNull();
    });
  });

  it('paints its heading and a loading state from its HTML, so its scripts start at the first paint', async () => {
    // The e-mail links' pages are prerendered as their loading state (docs/decisions/0025-console-and-e-mail-pages-paint-first.md):
    // the heading is painted with the HTML, and the after-paint loader (scripts/build/defer-hydration.ts) starts then.
    const pages = [
      { path: '/mail-action', heading: emails.actionPage.title, status: emails.actionPage.loading },
      { path: '/quote', heading: quotePage.title, status: quotePage.loading },
    ];
    for (const { path, heading, status } of pages) {
      const html = await (await fetch(`${e2e.site.url}${path}`)).text();
      const body = html.slice(html.indexOf('<body'));
      expect(body, path).toMatch(new RegExp(`<h1 class="[^"]*">${heading}</h1>`));
      expect(body, path).toMatch(new RegExp(`<p role="status"[^>]*>.*${status}</p>`));
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });

  it('is prerendered as its signed-out page, the sign-in dialog and its form included', async () => {
    // What a visitor without a stored session sees is the HTML itself, which hydrates unchanged
    // (docs/decisions/0035-console-signs-in-from-its-html.md).
    for (const path of ['/console', '/console?section=bookings']) {
      const html = await (await fetch(`${e2e.site.url}${path}`)).text();
      const body = html.slice(html.indexOf('<body'));
      expect(body, path).toMatch(/<main id="main" inert="" class="[^"]*"><h1 class="[^"]*">Chef’s console<\/h1>/);
      expect(body, path).toContain('Sign in with the owner account to see bookings, recipes and messages.</p></main>');
      expect(body, path).toMatch(
        /<div role="dialog" aria-modal="true" aria-labelledby="([^"]+)"[^>]*><h2 id="\1"[^>]*>Chef’s console<\/h2>/,
      );
      expect(body, path).toContain(`>${consoleCopy.signIn.description}</p>`);
      // Until hydrated the fields are read-only and the button does not submit (nothing typed is lost, the
      // browser never sends the form itself).
      expect(body, path).toMatch(
        /<label for="[^"]+-email"[^>]*>Email<\/label><input id="[^"]+-email" type="email"[^>]* readOnly=""/,
      );
      expect(body, path).toMatch(/<button type="button"[^>]*>Login<\/button>/);
      expect(body, path).not.toContain('Opening the console…');
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });

  it('shows an anonymous visitor the heading the HTML painted, then the sign-in dialog, without the console’s code', async () => {
    await e2e.withPage({}, async (probe) => {
      ignoreFaviconErrors(probe);
      const { page } = probe;
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      // The dialog and its e-mail field as the HTML made them, before any script ran.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const w = window as unknown as { painted: Element[] };
          w.painted = [document.querySelector('[role="dialog"]'), document.querySelector('input[type="email"]')].filter(
            (e) => e !== null,
          );
        });
      });
      await page.goto('/console?section=bookings');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const dialog = page.getByRole('dialog', { name: 'Chef’s console' });
      const email = dialog.getByLabel('Email', { exact: true });
      await email.waitFor();
      // Hydration kept the elements the HTML painted (no second, client-only render of a new tree), and
      // focused the e-mail field, as a modal dialog does when it opens.
      expect(
        await page.evaluate(() => {
          const { painted } = window as unknown as { painted: Element[] };
          return [
            painted.length,
            painted[0] === document.querySelector('[role="dialog"]'),
            painted[1] === document.activeElement,
          ];
        }),
      ).toEqual([2, true, true]);
      await expectAxeClean(page, '/console signed out');
      // Behind the modal dialog (hidden from assistive technology while it is open), the page's heading stays.
      expect(await page.getByRole('heading', { level: 1, name: 'Chef’s console', includeHidden: true }).count()).toBe(
        1,
      );
      expect(
        await page.getByText('Sign in with the owner account to see bookings, recipes and messages.').count(),
      ).toBe(1);
      // The console's shell, its sections and their libraries load only for a session: no chunk the
      // browser asked for holds any of them (the build's chunk report says what each chunk holds).
      const { report } = readBuild();
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      const heldNow = () =>
        scripts.flatMap((s) => {
          const chunk = report.chunks[s];
          return [...(chunk?.sources ?? []), ...(chunk?.packages ?? [])].map((what) => `${s}: ${what}`);
        });
      const held = heldNow();
      expect(
        held.some((h) => h.includes('web/app/features/console/console-app.tsx')),
        'the gate was loaded',
      ).toBe(true);
      expect(
        held.filter((h) => /console-shell|-panel\.tsx|outbox-view|data-table|@tanstack\/|papaparse|: zod$/.test(h)),
      ).toEqual([]);
      // Nor supabase-js, with no stored session: it loads on the visitor's first key, while the
      // credentials are typed (decision 0025).
      // Nor Radix Dialog nor the members' auth dialog: the sign-in is the page's own HTML (decision 0035).
      expect(held.filter((h) => h.includes('@supabase/'))).toEqual([]);
      expect(held.filter((h) => h.includes('@radix-ui/') || h.includes('features/auth/auth-dialog.tsx'))).toEqual([]);
      await page.getByRole('dialog', { name: 'Chef’s console' }).getByLabel('Email', { exact: true }).press('c');
      await expect.poll(() => heldNow().some((h) => h.includes('@supabase/supabase-js'))).toBe(true);
      // Modal and locked: Tab stays inside the dialog, Escape does not close it, the page behind is inert.
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Close and go to the home page',
      );
      await page.keyboard.press('Tab');
      expect(await email.evaluate((e) => e === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      expect(await dialog.isVisible()).toBe(true);
      expect(await page.locator('main').getAttribute('inert')).toBe('');
      // Hydrated, its fields take what is typed.
      expect(await email.inputValue()).toBe('c');
      // Its close button leaves for the home page, as the locked dialog's does.
      await dialog.getByRole('button', { name: 'Close and go to the home page' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(href('home'));
    });
  });

  it('keeps the largest text the HTML painted as the largest paint, and moves nothing, on a phone (/console, /mail-action, /quote)', async () => {
    // Counts, not timings (decision 0025): once hydrated and settled, each page has had exactly one
    // largest-contentful-paint candidate, the element its HTML painted, and no layout shift at all.
    const pages = [
      {
        path: '/console',
        largest: 'P',
        settled: (page: Page) => page.getByRole('dialog', { name: 'Chef’s console' }).waitFor(),
      },
      {
        path: '/mail-action',
        largest: 'H1',
        settled: (page: Page) =>
          page.getByRole('alert').filter({ hasText: emails.actionPage.states.missing }).waitFor(),
      },
      {
        path: '/quote',
        largest: 'H1',
        settled: (page: Page) => page.getByRole('alert').filter({ hasText: quotePage.states.missing }).waitFor(),
      },
    ];
    for (const { path, largest, settled } of pages) {
      await e2e.withPage({ width: 412 }, async (probe) => {
        ignoreFaviconErrors(probe);
        const { page } = probe;
        await page.addInitScript(() => {
          const seen = { lcp: [] as string[], shifts: [] as number[] };
          (window as unknown as { seen: typeof seen }).seen = seen;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as PerformanceEntry[] & { element?: Element | null }[])
              seen.lcp.push(e.element?.nodeName ?? '(removed)');
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as PerformanceEntry[] & { value: number }[]) seen.shifts.push(e.value);
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(path);
        await settled(page);
        // Let the browser report the frames after the last change.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const seen = await page.evaluate(
          () => (window as unknown as { seen: { lcp: string[]; shifts: number[] } }).seen,
        );
        expect(seen, path).toEqual({ lcp: [largest], shifts: [] });
      });
    }
  });

  it('shows a member who is not the owner a clear page and no data', async () => {
    await e2e.withPage({}, async (probe) => {
      ignoreFaviconErrors(probe);
      const { page } = probe;
      const dataRequests: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/rest/v1/') && !url.pathname.startsWith('/rest/v1/user_roles'))
          dataRequests.push(url.pathname);
      });
      await signIn(page, MEMBER);
      await page.getByRole('heading', { level: 1, name: 'This account is not the owner' }).waitFor();
      expect(await page.getByText(MEMBER.email).isVisible()).toBe(true);
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Console sections' }).count()).toBe(0);
      expect(dataRequests).toEqual([]);
      await expectAxeClean(page, '/console not owner');
      await shot(page, 'not-owner-1280');
    });
  });

  it('works on a 375 px phone, with keyboard-reachable controls and no axe violations', async () => {
    // A request and a published recipe of its own to show.
    const tag = `Phone ${Date.now().toString(36)}`;
    const made = await e2e.site.admin.from('bookings').insert({
      name: `${tag} Guest`,
      email: 'phone.guest@example.com',
      phone: '+1 555 0100',
      booking_date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      booking_time: '18:00',
      guests: 4,
      service_type: 'Event Catering',
      location: 'Somewhere',
    });
    expect(made.error).toBeNull();
    const published = await e2e.site.admin.from('community_recipes').insert({
      title: `${tag} Rice`,
      ingredients: 'Rice',
      instructions: 'Cook it.',
      submitted_by: 'Ana',
      status: 'approved',
    });
    expect(published.error).toBeNull();
    await e2e.withPage({ width: 375 }, async (probe) => {
      ignoreFaviconErrors(probe);
      const { page } = probe;
      await signIn(page, OWNER);
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await expectAxeClean(page, '/console overview at 375 px');
      await shot(page, 'overview-375');
      const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await scrollWidth(), (await overflowing(page)).join('\n')).toBeLessThanOrEqual(375);

      await section(page, 'Bookings', 'Bookings');
      await page.getByRole('table', { name: 'Booking requests' }).getByRole('row').nth(1).waitFor();
      expect(await scrollWidth(), (await overflowing(page)).join('\n')).toBeLessThanOrEqual(375);
      await expectAxeClean(page, '/console bookings at 375 px');
      await shot(page, 'bookings-375');
      // The first request opens from the keyboard.
      const first = page.getByRole('table', { name: 'Booking requests' }).getByRole('row').nth(1).getByRole('button');
      await first.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      await shot(page, 'booking-detail-375');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await section(page, 'Recipes', 'Community recipes');
      await page.getByRole('button', { name: 'Published' }).click();
      await page.getByRole('article', { name: `${tag} Rice` }).waitFor();
      expect(await scrollWidth(), (await overflowing(page)).join('\n')).toBeLessThanOrEqual(375);
      await shot(page, 'recipes-375');
    });
    await e2e.withPage({}, async (probe) => {
      ignoreFaviconErrors(probe);
      const { page } = probe;
      await signIn(page, OWNER);
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await shot(page, 'overview-1280');
      await section(page, 'Bookings', 'Bookings');
      await page.getByRole('table', { name: 'Booking requests' }).getByRole('row').nth(1).waitFor();
      await shot(page, 'bookings-1280');
    });
  });

  // 10,000 inserts and four screens: more than the default minute on a busy two-core machine.
  it('pages, sorts and filters 10,000 bookings', { timeout: 180_000 }, async () => {
    // Its own 10,000; the counts and rows expected are read from the database, whatever other tests added.
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Load Guest ${String(i).padStart(5, '0')}`,
      email: `load${i}@example.com`,
      phone: '+1 555 0100',
      booking_date: new Date(Date.now() + (1 + (i % 300)) * 86_400_000).toISOString().slice(0, 10),
      booking_time: '12:00',
      guests: 1 + (i % 60),
      service_type: 'Event Catering',
      location: 'Somewhere',
      message: null,
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      const r = await e2e.site.admin.from('bookings').insert(rows.slice(i, i + 1000));
      expect(r.error).toBeNull();
    }
    const all = await e2e.site.admin.from('bookings').select('id', { count: 'exact', head: true });
    const total = all.count!;
    expect(total).toBeGreaterThanOrEqual(10_000);
    const n = (count: number) => count.toLocaleString('en-US');
    /** The names on the table's page, top to bottom. */
    const table = (page: Page) => page.getByRole('table', { name: 'Booking requests' });
    const shownNames = (page: Page) =>
      table(page)
        .getByRole('row')
        .evaluateAll((trs) => trs.slice(1).map((tr) => tr.querySelector('button')?.textContent?.trim() ?? ''));

    await e2e.withPage({}, async (probe) => {
      ignoreFaviconErrors(probe);
      const { page } = probe;
      await signIn(page, OWNER);
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      const pager = page.getByRole('navigation', { name: 'Bookings pages' });
      // The sign-in toast may cover the pager: the timings are the console's, not the toast's.
      await toasts(page)
        .getByRole('listitem')
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      const timings: Record<string, number> = {};
      const time = async (label: string, action: () => Promise<void>, done: () => Promise<void>) => {
        const start = performance.now();
        await action();
        await done();
        timings[label] = Math.round(performance.now() - start);
      };
      await time(
        `open the inbox (first page of ${n(total)})`,
        () => section(page, 'Bookings', 'Bookings'),
        () => pager.getByText(new RegExp(`^1–25 of ${n(total)}`)).waitFor(),
      );
      // Newest first.
      const newest = await e2e.site.admin
        .from('bookings')
        .select('name')
        .order('created_at', { ascending: false })
        .order('id')
        .range(0, 24);
      expect(await shownNames(page)).toEqual(newest.data!.map((r) => r.name as string));
      await time(
        'next page',
        () => pager.getByRole('button', { name: 'Next' }).click(),
        () => pager.getByText(new RegExp(`^26–50 of ${n(total)}`)).waitFor(),
      );
      const settled = () => page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
      await time(
        'sort by event date',
        async () => {
          await Promise.all([
            page.waitForResponse(
              (r) => r.url().includes('/rest/v1/booking_rows') && r.url().includes('order=booking_date'),
            ),
            page.getByLabel('Sort').selectOption('event'),
          ]);
        },
        settled,
      );
      // Soonest event first, on whichever page the pager shows.
      const [, from] = /^(\d+)–/.exec(await pager.getByText(new RegExp(`of ${n(total)}`)).innerText())!;
      const start = Number(from) - 1;
      const byEvent = await e2e.site.admin
        .from('bookings')
        .select('name')
        .order('booking_date')
        .order('booking_time')
        .order('id')
        .range(start, start + 24);
      expect(await shownNames(page)).toEqual(byEvent.data!.map((r) => r.name as string));

      const weekAhead = await localDate(page, 7);
      const filtered = await e2e.site.admin
        .from('bookings')
        .select('name', { count: 'exact' })
        .eq('status', 'new')
        .lte('booking_date', weekAhead)
        .order('booking_date')
        .order('booking_time')
        .order('id')
        .range(0, 24);
      const matching = filtered.count!;
      // Days 1 to 7 ahead of the 10,000 (UTC days; the browser's week may end a day either side).
      expect(matching).toBeGreaterThanOrEqual(6 * 33);
      await time(
        'filter: status new, event within a week',
        async () => {
          await page.getByLabel('Status').selectOption('new');
          await page.getByLabel('Event until').fill(weekAhead);
        },
        () =>
          pager.getByText(`1–25 of ${n(matching)} · page 1 of ${Math.ceil(matching / 25)}`, { exact: true }).waitFor(),
      );
      expect(await shownNames(page)).toEqual(filtered.data!.map((r) => r.name as string));
      // Informational only: speed is judged by `npm run bench` on an idle machine, not by a timed test.
      console.log(`Console with ${n(total)} bookings (ms): ${JSON.stringify(timings)}`);
    });
  });

  it('opens the booking, recipe or message an e-mail links to, after the sign-in dialog', async () => {
    const made = await e2e.site.admin
      .from('bookings')
      .insert({
        name: 'Linked Lovelace',
        email: 'linked.lovelace@example.com',
        phone: '+1 (555) 010-4243',
        booking_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        booking_time: '19:30',
        guests: 4,
        service_type: 'Event Catering',
        location: 'Somewhere',
        message: null,
      })
      .select('id')
      .single();
    expect(made.error).toBeNull();
    const recipe = await e2e.site.admin
      .from('community_recipes')
      .insert({
        title: 'Linked Lentil Soup',
        description: 'From the e-mail.',
        ingredients: 'Lentils',
        instructions: 'Simmer.',
        submitted_by: 'Lin',
        status: 'approved',
      })
      .select('id')
      .single();
    expect(recipe.error).toBeNull();
    const message = await e2e.site.admin
      .from('contact_messages')
      .insert({
        name: 'Linked Sender',
        email: 'linked@example.com',
        subject: 'About the linked dinner',
        message: 'Is Saturday free?',
      })
      .select('id')
      .single();
    expect(message.error).toBeNull();

    await e2e.withPage({}, async (probe) => {
      ignoreFaviconErrors(probe);
      const { page } = probe;
      // Whether the HTML's sign-in field was ever focused in a document (decision 0035).
      await page.addInitScript(() => {
        const w = window as unknown as { emailFocused: boolean };
        w.emailFocused = false;
        document.addEventListener('focusin', (e) => {
          if ((e.target as Element).matches('input[type="email"]')) w.emailFocused = true;
        });
      });
      // The owner's e-mail links here while signed out: the sign-in dialog first, then the booking.
      await signIn(page, OWNER, `/console?section=bookings&booking=${made.data!.id}`);
      const detail = page.getByRole('dialog', { name: 'Linked Lovelace' });
      await detail.waitFor();
      // Closing it leaves the section's own address, so a reload does not open it again.
      await detail.getByRole('button', { name: 'Close' }).click();
      await detail.waitFor({ state: 'detached' });
      await expect.poll(() => new URL(page.url()).search).toBe('?section=bookings');
      expect(await page.getByRole('heading', { level: 1, name: 'Bookings' }).isVisible()).toBe(true);

      // A published recipe: its list (not the default one waiting for review) opens, with it first.
      await page.goto(`/console?section=moderation&recipe=${recipe.data!.id}`);
      const card = page.getByRole('article', { name: 'Linked Lentil Soup' });
      await card.waitFor();
      // With the stored session the page went from its HTML's sign-in to the console without focusing
      // the sign-in's field (no keyboard popping up on a phone for a dialog about to go away).
      expect(await page.evaluate(() => (window as unknown as { emailFocused: boolean }).emailFocused)).toBe(false);
      expect(await page.getByRole('dialog', { name: 'Chef’s console' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Published' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('list').getByRole('article').first().getAttribute('aria-labelledby')).toBe(
        await card.getAttribute('aria-labelledby'),
      );

      await page.goto(`/console?section=messages&message=${message.data!.id}`);
      const opened = page.getByRole('dialog', { name: 'About the linked dinner' });
      await opened.waitFor();
      expect(await opened.getByText('Is Saturday free?').isVisible()).toBe(true);
      await expect
        .poll(
          async () =>
            (await e2e.site.admin.from('contact_messages').select('read_at').eq('id', message.data!.id).single()).data!
              .read_at,
        )
        .not.toBeNull();

      // A link to a booking that is not there says so.
      await page.goto('/console?section=bookings&booking=00000000-0000-4000-8000-000000000000');
      await toastText(page, 'This booking is not there');
    });
  });
});
