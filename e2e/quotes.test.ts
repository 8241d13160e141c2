import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { booking } from '../content/booking.ts';
import { quotePage } from '../content/quotes.ts';
import { href } from '../web/app/paths.ts';
import type { Received } from '../server/test/support/smtp.ts';
import { axeViolations, formatViolations } from './support/axe.ts';
import { mailSiteFixture, OWNER_EMAIL } from './support/mail-fixture.ts';
import { NoRealtime } from './support/site.ts';

/**
 * From request to paid event, end to end (docs/decisions/0022-quotes-and-payments.md): a visitor
 * books on /book-now; the chef, on a 375 px phone, writes a quote in the console (price per guest,
 * an add-on from the price list, a travel fee) and sends it; the client's e-mail arrives at a real
 * SMTP server, its link changes nothing when fetched, and its page (Chromium, 375 px, axe-clean)
 * accepts the quote with an allergy; the chef is told of the allergy, sees it in the console and
 * records the deposit; the client's receipt arrives. With $SHOTS_DIR set, the pages and mails are
 * photographed (quote-*.png).
 */
const OWNER = { email: 'quote.owner@example.com', password: 'owner-password-1' };
const CLIENT = { name: 'Grace Client', email: 'grace.client@visitor.test' };
const SHOTS_DIR = process.env.SHOTS_DIR;
const { e2e, open, arrives } = mailSiteFixture();

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `quote-${name}.png`), fullPage: true });
}

/** What the phone's screen shows now (the console's dialog scrolls inside itself, so a full-page shot shows no more). */
async function shotOfView(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `quote-editor-${name}.png`) });
}

async function shotOfMail(page: Page, name: string, mail: Received) {
  if (!SHOTS_DIR) return;
  await page.setContent(String(mail.parsed.html));
  await shot(page, `mail-${name}`);
}

async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
}

/** The page has no horizontal scroll at its width (375 px). */
async function fitsWidth(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** The value beside a label in a definition list: the row "Total" → "$1,250.00". */
async function rowValue(scope: Page | ReturnType<Page['locator']>, label: string | RegExp) {
  const term = scope
    .getByRole('term')
    .filter({ hasText: typeof label === 'string' ? new RegExp(`^${label.replace(/[()$.*+?]/g, '\\$&')}$`) : label });
  return (await term.first().locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

async function signIn(page: Page, address: string) {
  await page.goto(address);
  const dialog = page.getByRole('dialog', { name: 'Chef’s console' });
  await dialog.getByLabel('Email', { exact: true }).fill(OWNER.email);
  await dialog.getByLabel('Password (min. 6 characters)').fill(OWNER.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('quotes from request to paid event', () => {
  beforeAll(async () => {
    const anon = createClient(e2e.site.url, e2e.site.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    });
    const { data, error } = await anon.auth.signUp(OWNER);
    expect(error).toBeNull();
    expect(
      (await e2e.site.admin.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error,
    ).toBeNull();
  });

  it('/quote is a noindex page built in the browser, in no sitemap; without a link it says so', async () => {
    const res = await fetch(`${e2e.site.url}/quote`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(await (await fetch(`${e2e.site.url}/sitemap.xml`)).text()).not.toContain('/quote');
    const { page, close } = await open();
    try {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/quote');
      await page.getByRole('alert').filter({ hasText: quotePage.states.missing }).waitFor();
      expect(await page.getByRole('link', { name: quotePage.contact }).getAttribute('href')).toBe(href('contact'));
    } finally {
      await close();
    }
  });

  it('a visitor books; the chef quotes at 375 px; the client accepts with an allergy; the chef records the deposit; the receipt arrives', async () => {
    const { page, close } = await open();
    try {
      // The visitor's request.
      await page.goto(href('bookNow'));
      const form = page.getByRole('form', { name: booking.form.title });
      await form.getByRole('button', { name: booking.form.submit }).and(page.locator(':not([disabled])')).waitFor();
      await form.getByLabel('Full Name').fill(CLIENT.name);
      await form.getByLabel('Email Address').fill(CLIENT.email);
      await form.getByLabel('Phone Number').fill('+1 (555) 010-7777');
      await form.getByLabel('Service Type').selectOption('Private Chef Service');
      const date = await page.evaluate(() => {
        const t = new Date(Date.now() + 30 * 86_400_000);
        return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
      });
      await form.getByLabel('Preferred Date').fill(date);
      await form.getByLabel('Preferred Time').fill('19:00');
      await form.getByLabel('Number of Guests').fill('8');
      await form.getByLabel('Event Location').fill('4 Peachtree Lane, Atlanta');
      await form.getByRole('button', { name: booking.form.submit }).click();
      await arrives(
        (r) => r.envelopeTo[0] === CLIENT.email && /^We received your booking request/.test(r.parsed.subject ?? ''),
      );
      const { data: made } = await e2e.site.admin.from('bookings').select('id').eq('email', CLIENT.email).single();
      const bookingId = (made as { id: string }).id;

      // The chef writes and sends the quote on a phone.
      await page.setViewportSize({ width: 375, height: 800 });
      await signIn(page, `/console?section=bookings&booking=${bookingId}`);
      const detail = page.getByRole('dialog', { name: CLIENT.name });
      await detail.waitFor();
      const quote = detail.getByRole('region', { name: 'Quote' });
      await quote.getByRole('button', { name: 'Write a quote' }).click();
      const draft = quote.getByRole('form', { name: 'Quote' });
      await draft.getByLabel('Price (USD)').waitFor();
      // Live totals while typing, by the database's rules (8 guests, 30 % deposit, no tax): each
      // keystroke of the price moves them, to the cent, before anything is saved.
      const price = draft.getByLabel('Price (USD)');
      await price.fill('');
      await price.pressSequentially('129.7');
      await expect.poll(() => rowValue(quote, 'Total')).toBe('$1,037.60');
      await price.pressSequentially('5');
      await expect.poll(() => rowValue(quote, 'Total')).toBe('$1,038.00');
      expect(await rowValue(quote, 'Deposit (30 %)')).toBe('$311.40');
      expect(await rowValue(quote, 'Balance')).toBe('$726.60');
      await quote.getByText('Not saved yet: the totals as they will be saved.').waitFor();
      // The total stays in sight while the price is typed: at the foot of the phone's screen.
      const bar = quote.getByText('not saved', { exact: true });
      const [barBox, priceBox] = await Promise.all([bar.boundingBox(), price.boundingBox()]);
      expect(priceBox!.y).toBeGreaterThanOrEqual(0);
      expect(barBox!.y + barBox!.height).toBeGreaterThan(700);
      expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(800);
      expect(await quote.getByText('$1,038.00', { exact: true }).last().isVisible()).toBe(true);
      await draft.getByLabel('Discount').fill('0.01');
      await expect.poll(() => rowValue(quote, 'Total')).toBe('$1,037.99');
      expect(await rowValue(quote, 'Deposit (30 %)')).toBe('$311.40');
      expect(await rowValue(quote, 'Balance')).toBe('$726.59');
      // Hostile input: no totals, a clear message; neither Save nor Send takes it, and the draft stays as it was.
      for (const [field, bad, says] of [
        ['Price (USD)', '1e3', 'Amounts are written like 150 or 150.50.'],
        ['Price (USD)', '-5', 'Amounts are written like 150 or 150.50.'],
        ['Discount', '<script>alert(1)</script>', 'Amounts are written like 150 or 150.50.'],
        ['Guests', '0', 'Guests: a whole number from 1 to 1000.'],
        ['Deposit (%)', '101', 'Deposit: a whole percent from 0 to 100.'],
      ] as const) {
        const before = await draft.getByLabel(field, { exact: true }).inputValue();
        await draft.getByLabel(field, { exact: true }).fill(bad);
        await quote
          .getByRole('alert')
          .filter({ hasText: `No totals yet: ${says}` })
          .waitFor();
        await draft.getByRole('button', { name: 'Save draft' }).click();
        await draft.getByRole('status').filter({ hasText: says }).waitFor();
        await quote.getByRole('button', { name: 'Send quote to the client' }).click();
        await quote
          .getByRole('status')
          .filter({ hasText: `Not sent: ${says} Your changes are kept.` })
          .waitFor();
        await draft.getByLabel(field, { exact: true }).fill(before);
      }
      await price.scrollIntoViewIfNeeded();
      await shotOfView(page, 'typing');
      const untouched = await e2e.site.admin
        .from('quotes')
        .select('status, price_cents, discount_cents')
        .eq('booking_id', bookingId)
        .single();
      expect(untouched.data).toEqual({ status: 'draft', price_cents: 0, discount_cents: 0 });

      await draft.getByLabel('Discount').fill('0');
      await price.fill('120');
      await draft.getByLabel('Travel fee').fill('40');
      const hostileNote = `<img src=x onerror="document.title=1"> '); drop table quotes; --`;
      await draft.getByLabel('Note to the client').fill(hostileNote);
      await draft.getByLabel(/^Menu/).fill('Starter: Seared scallops\nMain: Braised short rib');
      await draft.getByLabel(/^Add one of the site’s recipes/).selectOption('Signature Crab Cakes');
      expect(await draft.getByLabel(/^Menu/).inputValue()).toBe(
        'Starter: Seared scallops\nMain: Braised short rib\nSignature Crab Cakes',
      );
      await draft.getByRole('button', { name: 'Save draft' }).click();
      // Said beside the button that was tapped.
      const saved = draft.getByRole('status').getByText('Draft saved.');
      await saved.waitFor();
      const [savedBox, saveBox] = await Promise.all([
        saved.boundingBox(),
        draft.getByRole('button', { name: 'Save draft' }).boundingBox(),
      ]);
      expect(Math.abs(savedBox!.y - saveBox!.y)).toBeLessThan(100);
      await quote.getByText('Saved: the totals as the client will see them.').waitFor();
      const addLine = quote.getByRole('form', { name: 'Add a line' });
      await addLine.getByLabel(/^From the price list/).selectOption('Wine Pairing');
      expect(await addLine.getByLabel('Unit price').inputValue()).toBe('30.00');
      expect(await addLine.getByLabel(/^Quantity/).inputValue()).toBe('8');
      await addLine.getByRole('button', { name: 'Add line' }).click();
      await addLine.getByRole('status').getByText('Line added.').waitFor();
      // The database's figures once saved: 8 × $120 + 8 × $30 + $40 = $1,240.00.
      await expect.poll(() => rowValue(quote, 'Total')).toBe('$1,240.00');
      // An edit not saved: the totals follow it at once.
      await draft.getByLabel('Travel fee').fill('50');
      // 8 × $120 + 8 × $30 + $50 = $1,250.00; deposit 30 % = $375.00.
      await expect.poll(() => rowValue(quote, 'Total')).toBe('$1,250.00');
      expect(await rowValue(quote, 'Deposit (30 %)')).toBe('$375.00');
      // The deposit's due day before sending, as sending today will set it.
      const depositDue = await rowValue(quote, 'Deposit due');
      expect(depositDue).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4} \(if sent today\)$/);
      const validUntil = await rowValue(quote, 'Valid until');
      await expectAxeClean(page);
      await shot(page, 'console-draft-375');
      await quote.getByRole('button', { name: 'Send quote to the client' }).scrollIntoViewIfNeeded();
      await shotOfView(page, 'editor-totals');

      // The preview: the client's own page parts, with what was typed (the unsaved travel fee too).
      await quote.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('dialog', { name: 'What the client will see' });
      await preview.waitFor();
      await preview.getByRole('heading', { name: quotePage.linesHeading }).waitFor();
      expect(await preview.getByText('Braised short rib').isVisible()).toBe(true);
      expect(await preview.getByText(/Wine Pairing \(8 × \$30\.00 per person\)/).isVisible()).toBe(true);
      expect(await preview.getByText(hostileNote).isVisible()).toBe(true);
      expect(await rowValue(preview, 'Total')).toBe('$1,250.00');
      expect(await rowValue(preview, /^Deposit \(30 %\), due /)).toBe('$375.00');
      expect(await rowValue(preview, /^Balance, due /)).toBe('$875.00');
      expect(await page.title()).not.toBe('1');
      await fitsWidth(page);
      await shotOfView(page, 'preview');
      await preview.getByRole('button', { name: 'Close preview' }).click();
      await preview.waitFor({ state: 'detached' });

      // Send with the travel fee still unsaved: it is saved, then sent.
      await quote.getByRole('button', { name: 'Send quote to the client' }).click();
      await quote.getByRole('status').getByText('Your changes were saved. Quote sent to the client.').waitFor();
      await quote.getByText('Version 1: Sent').waitFor();
      await quote.getByText('Not opened yet').waitFor();
      await detail.getByText('Quoted', { exact: true }).first().waitFor();
      const sentRow = await e2e.site.admin
        .from('quotes')
        .select('travel_fee_cents, total_cents, deposit_due_on, expires_on, note')
        .eq('booking_id', bookingId)
        .single();
      const sentQuote = sentRow.data as {
        travel_fee_cents: number;
        total_cents: number;
        deposit_due_on: string;
        expires_on: string;
        note: string;
      };
      expect(sentQuote).toMatchObject({ travel_fee_cents: 5000, total_cents: 125000, note: hostileNote.trim() });
      const shown = (d: string) =>
        new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
      expect(depositDue).toBe(`${shown(sentQuote.deposit_due_on)} (if sent today)`);
      expect(validUntil).toBe(`${shown(sentQuote.expires_on)} (if sent today)`);
      await fitsWidth(page);

      const quoteMail = await arrives(
        (r) => r.envelopeTo[0] === CLIENT.email && /^Your quote from Chef Feva/.test(r.parsed.subject ?? ''),
      );
      expect(String(quoteMail.parsed.text)).toContain('Your quote comes to $1,250.00.');
      const link = /href="([^"]*\/quote#token=[0-9a-f]{64})"/
        .exec(String(quoteMail.parsed.html))![1]!
        .replaceAll('&amp;', '&');
      // A mail scanner fetches the link: nothing changes, and the quote is not "opened".
      expect((await fetch(link)).status).toBe(200);
      const stillSent = await e2e.site.admin
        .from('quotes')
        .select('status, opened_at')
        .eq('booking_id', bookingId)
        .single();
      expect(stillSent.data).toEqual({ status: 'sent', opened_at: null });

      // The chef copies the link, and resends it: the same link, in a second e-mail.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.site.url });
      await quote.getByRole('button', { name: 'Copy link' }).click();
      await quote.getByRole('status').getByText('Link copied.').waitFor();
      // The e-mail's token, on this site's own /quote (the address the console is served from).
      const copied = new URL(await quote.getByLabel('The client’s link').inputValue());
      expect([copied.origin, copied.pathname, copied.hash]).toEqual([
        new URL(page.url()).origin,
        '/quote',
        new URL(link).hash,
      ]);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(copied.href);
      await quote.getByRole('button', { name: 'Resend link' }).click();
      await quote.getByRole('status').getByText('Link e-mailed to the client again.').waitFor();
      await expect
        .poll(
          () =>
            e2e.site.smtp!.received.filter(
              (r) => r.envelopeTo[0] === CLIENT.email && /^Your quote from Chef Feva/.test(r.parsed.subject ?? ''),
            ).length,
          { timeout: 20_000 },
        )
        .toBe(2);
      const resent = e2e.site.smtp!.received.filter(
        (r) => r.envelopeTo[0] === CLIENT.email && /^Your quote from Chef Feva/.test(r.parsed.subject ?? ''),
      )[1]!;
      expect(String(resent.parsed.html)).toContain(link.replaceAll('&', '&amp;'));
      await shotOfView(page, 'sent');
      // Last on this page: the mail's photograph replaces the console in it.
      await shotOfMail(page, 'sent', quoteMail);

      // The client, in Chromium at 375 px.
      const client = await open();
      try {
        const cp = client.page;
        await cp.setViewportSize({ width: 375, height: 800 });
        await cp.goto(link);
        await cp.getByRole('heading', { level: 1, name: quotePage.title }).waitFor();
        await cp.getByText(quotePage.intro).waitFor();
        // The client's page said it showed the quote (a POST): the chef will see "Opened".
        await expect
          .poll(
            async () =>
              (await e2e.site.admin.from('quotes').select('opened_at').eq('booking_id', bookingId).single()).data
                ?.opened_at ?? null,
          )
          .not.toBeNull();
        await expect.poll(() => cp.url()).not.toContain('token=');
        expect(await cp.getByText('Braised short rib').isVisible()).toBe(true);
        expect(await cp.getByText(/Wine Pairing \(8 × \$30\.00 per person\)/).isVisible()).toBe(true);
        expect(await rowValue(cp, 'Subtotal')).toBe('$1,250.00');
        expect(await rowValue(cp, 'Total')).toBe('$1,250.00');
        expect(await rowValue(cp, /^Deposit \(30 %\), due /)).toBe('$375.00');
        expect(await rowValue(cp, /^Balance, due /)).toBe('$875.00');
        await expectAxeClean(cp);
        await fitsWidth(cp);
        await shot(cp, 'client-375');

        // The terms must be ticked and the allergies answered: the database says so, nothing is accepted.
        await cp.getByLabel(quotePage.fullName).fill(CLIENT.name);
        await cp.getByLabel(quotePage.dietary).fill('Shellfish allergy (one guest)');
        await cp.getByRole('button', { name: quotePage.accept }).click();
        await cp.getByRole('alert').filter({ hasText: 'Please accept the terms to accept the quote.' }).waitFor();
        await cp.getByLabel(quotePage.acceptTerms).check();
        // A double click: one acceptance.
        await cp.getByRole('button', { name: quotePage.accept }).dblclick();
        await cp.getByRole('heading', { level: 1, name: quotePage.acceptedHeading }).waitFor();
        await cp.getByRole('heading', { name: quotePage.payHeading }).waitFor();
        // One tap: the amount due, its day, one button whose link carries the amount; the note to
        // type (Cash App takes none in its link); no QR code on the phone that would scan itself.
        const pay = cp.getByRole('link', { name: 'Pay $375.00 now' });
        expect(await pay.getAttribute('href')).toBe('https://cash.app/$ChefFeva/375.00');
        const eventDay = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        });
        await cp.getByText(`Deposit – ${CLIENT.name}, ${eventDay}`, { exact: true }).waitFor();
        await cp
          .getByText(/^The balance of \$875\.00 is due .+\. We will send you a reminder a few days before\.$/)
          .waitFor();
        expect(await cp.getByRole('img', { name: /QR code to pay/ }).isVisible()).toBe(false);
        expect(await rowValue(cp, /^Deposit, due /)).toBe('$375.00');
        await expectAxeClean(cp);
        await fitsWidth(cp);
        await shot(cp, 'client-accepted-375');
        // On a computer (a fine pointer, a wide screen) the code is there to scan with a phone.
        await cp.setViewportSize({ width: 1280, height: 900 });
        await cp.getByRole('img', { name: /QR code to pay/ }).waitFor();
        await cp.setViewportSize({ width: 375, height: 800 });

        // The same link opened again (a second tab): accepted, with how to pay; nothing more to accept.
        await cp.goto('about:blank');
        await cp.goto(link);
        await cp.getByRole('status').filter({ hasText: quotePage.states.accepted }).waitFor();
        expect(await cp.getByRole('button', { name: quotePage.accept }).count()).toBe(0);
      } finally {
        await client.close();
      }

      const toChef = await arrives(
        (r) => r.envelopeTo[0] === OWNER_EMAIL && /^Quote accepted: Grace Client/.test(r.parsed.subject ?? ''),
      );
      expect(String(toChef.parsed.text)).toContain('Shellfish allergy (one guest)');
      const confirmed = await arrives((r) => r.envelopeTo[0] === CLIENT.email && Boolean(r.calendar));
      expect(confirmed.calendar).toContain('METHOD:REQUEST');
      const accepted = await e2e.site.admin.from('quotes').select('status, accepted_name').eq('booking_id', bookingId);
      expect(accepted.data).toEqual([{ status: 'accepted', accepted_name: CLIENT.name }]);
      const { count } = await e2e.site.admin
        .from('outbox')
        .select('id', { count: 'exact', head: true })
        .eq('event', 'quote_accepted');
      expect(count).toBe(1);

      // The chef sees the acceptance and the allergy, and records the deposit.
      await page.goto(`/console?section=bookings&booking=${bookingId}`);
      const again = page.getByRole('dialog', { name: CLIENT.name });
      await again.waitFor();
      // The allergy leads the booking: above its facts, across the phone's width, not in a narrow column.
      const allergy = again.getByText('Shellfish allergy (one guest)').first();
      await allergy.waitFor();
      const [allergyBox, eventBox] = await Promise.all([
        allergy.boundingBox(),
        again
          .getByRole('term')
          .filter({ hasText: /^Event$/ })
          .boundingBox(),
      ]);
      expect(allergyBox!.y).toBeLessThan(eventBox!.y);
      expect(allergyBox!.width).toBeGreaterThan(200);
      await again.getByText('Confirmed', { exact: true }).first().waitFor();
      // Opened once the client loaded it.
      await again.getByText(/^Opened \d{1,2} [A-Z][a-z]{2,3} \d{4}/).waitFor();
      const payments = again.getByRole('region', { name: 'Payments' });
      await expect.poll(() => rowValue(payments, 'Total')).toBe('$1,250.00');
      const record = payments.getByRole('form', { name: 'Record a payment' });
      // The new payment is what is due: the deposit, $375.00, to the cent.
      expect(await record.getByLabel('Kind').inputValue()).toBe('deposit');
      await expect.poll(() => record.getByLabel('Amount').inputValue()).toBe('375.00');
      // Hostile amounts are refused with a message, and nothing is recorded.
      for (const bad of ['1e3', '-375', '375.001', '<b>375</b>', '0']) {
        await record.getByLabel('Amount').fill(bad);
        await record.getByRole('button', { name: 'Record payment' }).click();
        await record.getByRole('status').getByText('Amount: write it like 240 or 240.50.').waitFor();
      }
      expect((await e2e.site.admin.from('payments').select('id').eq('booking_id', bookingId)).data).toEqual([]);
      await record.getByLabel('Amount').fill('375.00');
      await record.getByLabel('Method').selectOption('cash_app');
      await record.getByRole('button', { name: 'Record payment' }).click();
      await record.getByRole('status').getByText('Payment recorded; the client gets a receipt.').waitFor();
      await expect.poll(() => rowValue(payments, 'Outstanding')).toBe('$875.00');
      expect(await rowValue(payments, 'Paid')).toBe('$375.00');
      // Then the balance is what is due.
      await expect.poll(() => record.getByLabel('Amount').inputValue()).toBe('875.00');
      expect(await record.getByLabel('Kind').inputValue()).toBe('balance');

      // A payment recorded by mistake (a hostile note), then removed: asked first, and told what happens to its receipt.
      await record.getByLabel('Kind').selectOption('other');
      await record.getByLabel('Amount').fill('1');
      await record.getByLabel('Note').fill('"; drop table payments; -- <svg onload=alert(1)>');
      await record.getByRole('button', { name: 'Record payment' }).click();
      await expect.poll(() => rowValue(payments, 'Paid')).toBe('$376.00');
      const mistaken = payments.getByRole('listitem').filter({ hasText: '$1.00 other by Cash App' });
      await mistaken.getByText('"; drop table payments; -- <svg onload=alert(1)>', { exact: false }).waitFor();
      await mistaken.getByRole('button', { name: 'Remove this payment' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Remove this payment?' });
      await ask.waitFor();
      expect(await ask.innerText()).toContain(
        'The client keeps the receipt they were e-mailed for it; no correction is sent, so tell them yourself if it was a mistake.',
      );
      await shotOfView(page, 'remove-payment');
      await ask.getByRole('button', { name: 'Keep it' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await rowValue(payments, 'Paid')).toBe('$376.00');
      await mistaken.getByRole('button', { name: 'Remove this payment' }).click();
      await page
        .getByRole('alertdialog', { name: 'Remove this payment?' })
        .getByRole('button', { name: 'Remove payment' })
        .click();
      await record.getByRole('status').getByText('Payment removed. No message was sent to the client.').waitFor();
      await expect.poll(() => rowValue(payments, 'Paid')).toBe('$375.00');
      expect(await mistaken.count()).toBe(0);

      // The history: the quote's and the payments' events, the removal included.
      const history = again.getByRole('region', { name: 'Quote and payment history' });
      await history.getByText('$1.00 other removed').waitFor();
      expect((await history.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/ · .*$/, ''))).toEqual([
        'Quote version 1 written',
        'Quote version 1 sent to the client ($1,250.00)',
        'Quote version 1 e-mailed again',
        'Quote version 1 opened by the client',
        'Quote version 1 accepted by the client ($1,250.00)',
        '$375.00 deposit recorded',
        '$1.00 other recorded',
        '$1.00 other removed',
      ]);
      await expectAxeClean(page);
      await fitsWidth(page);
      await shot(page, 'console-paid-375');

      const receipt = await arrives(
        (r) => r.envelopeTo[0] === CLIENT.email && /^Receipt: \$375\.00 received/.test(r.parsed.subject ?? ''),
      );
      expect(String(receipt.parsed.text)).toContain('We received $375.00 (deposit, Cash App)');
      expect(String(receipt.parsed.text)).toMatch(/^Payment date: /m);
      expect(String(receipt.parsed.text)).toMatch(/^Event date: /m);
      await shotOfMail(page, 'receipt', receipt);

      // Money at a glance: the overview's lists link to the booking.
      await page.goto('/console');
      const moneyCard = page.getByRole('region', { name: 'Money' });
      const received = moneyCard.getByRole('region', { name: 'Received this month' });
      await received.getByRole('link', { name: new RegExp(`^${CLIENT.name}`) }).waitFor();
      expect(await received.getByRole('link', { name: new RegExp(`^${CLIENT.name}`) }).innerText()).toContain(
        '$375.00',
      );
      const dueSoon = moneyCard.getByRole('region', { name: 'Due in the next 30 days' });
      const dueLink = dueSoon.getByRole('link', { name: new RegExp(`^${CLIENT.name}`) });
      await dueLink.waitFor();
      expect(await dueLink.innerText()).toMatch(/\$875\.00[\s\S]*Balance due/);
      await moneyCard.getByRole('region', { name: 'Overdue' }).getByText('Nothing is overdue.').waitFor();
      await expectAxeClean(page);
      await fitsWidth(page);
      await shot(page, 'console-overview-375');
      await dueLink.click();
      await page.getByRole('dialog', { name: CLIENT.name }).waitFor();
      expect(new URL(page.url()).searchParams.get('booking')).toBe(bookingId);

      // The bookings list: the money column and the filter; the allergy under the booking's row.
      await page.goto('/console?section=bookings');
      await page.getByLabel('Money').selectOption({ label: 'Balance due' });
      const table = page.getByRole('table', { name: 'Booking requests' });
      const row = table.getByRole('row').filter({ hasText: CLIENT.name });
      await row.waitFor();
      expect(await row.innerText()).toMatch(
        /Total\s*\$1,250\.00[\s\S]*Paid\s*\$375\.00[\s\S]*Outstanding\s*\$875\.00[\s\S]*Balance due/,
      );
      // At 375 px the allergy has a row of its own, right under the booking's, across the whole table:
      // not wrapped word by word inside the Request column.
      expect(await row.innerText()).not.toContain('Shellfish allergy (one guest)');
      const allergyNote = row.locator('xpath=following-sibling::tr[1]').getByRole('note');
      expect(await allergyNote.innerText()).toMatch(/Allergies and dietary needs:\s*Shellfish allergy \(one guest\)/i);
      const [noteBox, tableBox] = await Promise.all([allergyNote.boundingBox(), table.boundingBox()]);
      expect(noteBox!.width).toBeGreaterThanOrEqual(tableBox!.width * 0.9);
      // And the table itself fits the phone, so none of the note is hidden behind a sideways scroll.
      expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(375);
      expect(noteBox!.x + noteBox!.width).toBeLessThanOrEqual(375);
      await fitsWidth(page);
      await page.getByLabel('Money').selectOption({ label: 'Overdue' });
      await table.getByText('No booking requests match.').waitFor();
      await page.getByLabel('Money').selectOption({ label: 'Balance due' });
      await row.waitFor();
      await expectAxeClean(page);
      await shot(page, 'console-bookings-375');
    } finally {
      await close();
    }
  }, 120_000);
});
