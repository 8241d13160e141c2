import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { booking } from '../content/booking.ts';
import { community } from '../content/community.ts';
import { emails } from '../content/emails.ts';
import { href } from '../web/app/paths.ts';
import type { Received } from '../server/test/support/smtp.ts';
import { axeViolations, formatViolations } from './support/axe.ts';
import { mailSiteFixture, OWNER_EMAIL } from './support/mail-fixture.ts';
import { NoRealtime } from './support/site.ts';

/**
 * E-mail end to end: Chromium on the built site, the real server sending to a real SMTP server. A
 * booking made on /book-now reaches the chef, whose "Confirm this booking" link changes nothing when
 * fetched (as mail scanners do) and confirms only from its page's button; the visitor then gets the
 * invitation. /submit-recipe asks for an address only when the author ticks the box. The owner sees
 * every message in the console's Outbox. With $SHOTS_DIR set, each mail's HTML is photographed at
 * 375 px (mail-*.png).
 */
const OWNER = { email: 'chef.owner@example.com', password: 'owner-password-1' };
const SHOTS_DIR = process.env.SHOTS_DIR;
const { e2e, open, arrives } = mailSiteFixture();

async function shotOfMail(page: Page, name: string, mail: Received) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.setContent(String(mail.parsed.html));
  await page.screenshot({ path: path.join(SHOTS_DIR, `mail-${name}.png`), fullPage: true });
}

const status = async (name: string) => {
  const { data } = await e2e.site.admin.from('bookings').select('id, status').eq('name', name);
  return data![0] as { id: string; status: string };
};

describe('e-mail from the site', () => {
  it('/mail-action is the noindex SPA page, in no sitemap, and its HTML holds no booking', async () => {
    const res = await fetch(`${e2e.site.url}/mail-action`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const sitemap = await (await fetch(`${e2e.site.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain('mail-action');
  });

  it('a booking reaches the chef; the confirm link asks before it acts, once; the visitor gets the invitation', async () => {
    const { page, close } = await open();
    try {
      await page.goto(href('bookNow'));
      const form = page.getByRole('form', { name: booking.form.title });
      await form.getByRole('button', { name: booking.form.submit }).and(page.locator(':not([disabled])')).waitFor();
      await form.getByLabel('Full Name').fill('Ada Guest');
      await form.getByLabel('Email Address').fill('ada.guest@visitor.test');
      await form.getByLabel('Phone Number').fill('+1 (555) 010-4242');
      await form.getByLabel('Service Type').selectOption('Private Chef Service');
      const date = await page.evaluate(() => {
        const t = new Date(Date.now() + 21 * 86_400_000);
        return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
      });
      await form.getByLabel('Preferred Date').fill(date);
      await form.getByLabel('Preferred Time').fill('19:30');
      await form.getByLabel('Number of Guests').fill('8');
      await form.getByLabel('Event Location').fill('12 Analytical Row, Atlanta');
      await form.getByLabel('Special Requests').fill('One guest is vegan.');
      await form.getByRole('button', { name: booking.form.submit }).click();

      const toChef = await arrives(
        (r) => r.envelopeTo[0] === OWNER_EMAIL && /^New booking request/.test(r.parsed.subject ?? ''),
      );
      const ack = await arrives((r) => r.envelopeTo[0] === 'ada.guest@visitor.test');
      await shotOfMail(page, 'booking-received', toChef);
      await shotOfMail(page, 'booking-acknowledged', ack);

      const link = /href="([^"]*\/mail-action#token=[0-9a-f]{64})"/
        .exec(String(toChef.parsed.html))![1]!
        .replaceAll('&amp;', '&');
      // A mail scanner follows the link: a GET changes nothing.
      const scanned = await fetch(link);
      expect(scanned.status).toBe(200);
      expect((await status('Ada Guest')).status).toBe('new');

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(link);
      await page.getByText(emails.actionPage.question).waitFor();
      await expect.poll(() => page.url()).not.toContain('token=');
      expect(await page.getByText('Ada Guest').isVisible()).toBe(true);
      expect((await status('Ada Guest')).status).toBe('new');
      const violations = await axeViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
      if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, 'mail-action-page.png'), fullPage: true });

      await page.getByRole('button', { name: emails.actionPage.confirm }).click();
      await page.getByRole('heading', { level: 1, name: emails.actionPage.done }).waitFor();
      expect((await status('Ada Guest')).status).toBe('confirmed');
      const confirmed = await arrives((r) => r.envelopeTo[0] === 'ada.guest@visitor.test' && Boolean(r.calendar));
      expect(confirmed.calendar).toContain('METHOD:REQUEST');
      await shotOfMail(page, 'booking-confirmed', confirmed);

      // The same link again, opened afresh (from the mail): used.
      await page.goto('about:blank');
      await page.goto(link);
      await page.getByRole('alert').filter({ hasText: emails.actionPage.states.used }).waitFor();

      const { id } = await status('Ada Guest');
      expect(
        (
          await e2e.site.admin
            .from('bookings')
            .update({ status: 'cancelled', status_reason: 'The chef is unwell that day.' })
            .eq('id', id)
        ).error,
      ).toBeNull();
      const cancelled = await arrives(
        (r) => r.envelopeTo[0] === 'ada.guest@visitor.test' && /cancelled/.test(r.parsed.subject ?? ''),
      );
      expect(cancelled.calendar).toContain('METHOD:CANCEL');
      await shotOfMail(page, 'booking-cancelled', cancelled);
    } finally {
      await close();
    }
  });

  it('/submit-recipe asks for an address only when the author wants to hear back; the author hears of the approval', async () => {
    const { page, close } = await open();
    try {
      await page.goto(href('submitRecipe'));
      const { submit } = community;
      const send = page.getByRole('button', { name: 'Submit Recipe' });
      await send.and(page.locator(':not([disabled])')).waitFor();
      const form = page.getByRole('form', { name: 'Submit a community recipe' });
      expect(await form.getByLabel(submit.labels.email).count()).toBe(0);
      await form.getByLabel(submit.labels.title).fill('Mango Chow');
      await form.getByLabel(submit.labels.ingredients).fill('2 green mangoes\n1 lime');
      await form.getByLabel(submit.labels.instructions).fill('Slice.\nToss with lime and pepper.');
      await form.getByLabel(submit.labels.name).fill('Keisha');
      await form.getByLabel(submit.labels.notify).check();
      await send.click();
      await form.getByText(submit.emailErrors.missing).waitFor();
      await form.getByLabel(submit.labels.email).fill('keisha@visitor.test');
      await send.click();
      await page
        .getByRole('region', { name: /Notifications/ })
        .getByText('Success!')
        .first()
        .waitFor();

      const toChef = await arrives((r) => r.parsed.subject === 'New community recipe to review: Mango Chow');
      expect(toChef.envelopeTo).toEqual([OWNER_EMAIL]);
      await shotOfMail(page, 'recipe-received', toChef);
      const { data } = await e2e.site.admin.from('community_recipes').select('id').eq('title', 'Mango Chow');
      expect(
        (await e2e.site.admin.from('community_recipes').update({ status: 'approved' }).eq('id', data![0]!.id)).error,
      ).toBeNull();
      const approved = await arrives((r) => r.envelopeTo[0] === 'keisha@visitor.test');
      await shotOfMail(page, 'recipe-approved', approved);
    } finally {
      await close();
    }
  });

  it('the owner sees every message in the console’s Outbox', async () => {
    const anon = createClient(e2e.site.url, e2e.site.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    });
    const { data: signed, error } = await anon.auth.signUp(OWNER);
    expect(error).toBeNull();
    expect(
      (await e2e.site.admin.from('user_roles').insert({ user_id: signed.user!.id, role: 'owner' })).error,
    ).toBeNull();

    const { page, close } = await open();
    try {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/console');
      const dialog = page.getByRole('dialog', { name: 'Chef’s console' });
      await dialog.getByLabel('Email', { exact: true }).fill(OWNER.email);
      await dialog.getByLabel('Password (min. 6 characters)').fill(OWNER.password);
      await dialog.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Outbox' }).click();
      await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
      const table = page.getByRole('table', { name: 'Outbox' });
      await table.getByText('New booking request').first().waitFor();
      const rows = await table.getByRole('row').count();
      const { count } = await e2e.site.admin.from('outbox').select('id', { count: 'exact', head: true });
      expect(rows - 1).toBe(count);
      expect(await table.getByText('Recipe approved (to the author)').count()).toBe(1);
      expect(await table.getByText('keisha@visitor.test').count()).toBe(1);
      const violations = await axeViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
      if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, 'mail-console-outbox.png'), fullPage: true });

      // The booking confirmed through the e-mail's link: its history says so, not "the service role".
      const { data: ada } = await e2e.site.admin.from('bookings').select('id').eq('name', 'Ada Guest').single();
      await page.goto(`/console?section=bookings&booking=${ada!.id}`);
      const detail = page.getByRole('dialog', { name: 'Ada Guest' });
      await detail.waitFor();
      const history = detail.getByRole('region', { name: 'History' }).getByRole('listitem');
      await history.nth(2).waitFor();
      expect(await history.count()).toBe(3);
      expect(await history.nth(1).innerText()).toMatch(/New → Confirmed\s+by the confirm link in your e-mail/);
      expect(await history.nth(2).innerText()).toMatch(/Confirmed → Cancelled\s+by the server \(service role\)/);
    } finally {
      await close();
    }
  });
});
