import fs from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { booking } from '../content/booking.ts';
import { calendarCopy } from '../content/calendar.ts';
import { href } from '../web/app/paths.ts';
import { addDays, businessToday, formatDay } from '../web/app/lib/business-date.ts';
import { axeViolations, formatViolations } from './support/axe.ts';
import { ignoreFaviconErrors, type PageOptions, type PageProbe } from './support/browser.ts';
import { siteFixture } from './support/fixture.ts';
import { bodyHydrated } from './support/page-checks.ts';
import { NoRealtime } from './support/site.ts';

/**
 * The chef's calendar end to end (issue 21): Chromium, the built site, the real server on a fresh
 * PGlite database. The chef blocks a week; a visitor (west of the business, in Honolulu) picks a day
 * in it and is told at once, picks an offered day, sends; the chef confirms; the private feed shows
 * the event; the chef cancels; the feed drops it. Then "today" for visitors west and east of the
 * business and across a daylight-saving change. Screenshots of the month at 375 and 1280 px go to
 * $SHOTS_DIR when it is set.
 */
const e2e = siteFixture({ env: { MAIL_FROM: 'Chef Feva <bookings@cheffeva.test>' } });
const SHOTS_DIR = process.env.SHOTS_DIR;
const OWNER = { email: 'calendar.owner@example.com', password: 'owner-password-1' };

beforeAll(async () => {
  const anon = createClient(e2e.site.url, e2e.site.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  });
  expect((await anon.auth.signUp(OWNER)).error).toBeNull();
  const { data } = await anon.auth.signInWithPassword(OWNER);
  expect((await e2e.site.admin.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error).toBeNull();
});

const open = async (options: PageOptions = {}): Promise<PageProbe> => {
  const probe = await e2e.open(options);
  ignoreFaviconErrors(probe);
  probe.page.setDefaultTimeout(15_000);
  return probe;
};

async function toastText(page: Page, title: string): Promise<string> {
  const item = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title });
  await item.first().waitFor();
  return item.first().innerText();
}

async function signIn(page: Page, address: string) {
  await page.goto(address);
  const dialog = page.getByRole('dialog', { name: 'Chef’s console' });
  await dialog.getByLabel('Email', { exact: true }).fill(OWNER.email);
  await dialog.getByLabel('Password (min. 6 characters)').fill(OWNER.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
}

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `calendar-${name}.png`), fullPage: true });
}

async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} → ${Math.round(el.getBoundingClientRect().right)}`,
      )
      .slice(0, 10),
  );
}

/** The month view shows `day`'s month (moving forward from today's). */
async function showMonthOf(page: Page, day: string) {
  const title = formatDay(`${day.slice(0, 7)}-01`, { month: 'long', year: 'numeric' });
  for (let i = 0; i < 3 && !(await page.getByText(title, { exact: true }).isVisible()); i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await page.getByText(title, { exact: true }).waitFor();
}

const dayButton = (page: Page, day: string) =>
  page.getByRole('table').getByRole('button', {
    name: new RegExp(`^${formatDay(day, { weekday: 'long', month: 'long', day: 'numeric' })}(,|$)`),
  });
/** What a day of the month view says to a screen reader (its button's name). */
const dayName = (page: Page, day: string) => dayButton(page, day).locator('.sr-only').innerText();

interface FeedEvent {
  uid: string;
  summary: string;
  description: string;
}
async function readFeed(
  address: string,
): Promise<{ status: number; cacheControl: string | null; events: FeedEvent[] }> {
  const res = await fetch(address);
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, cacheControl: res.headers.get('cache-control'), events: [] };
  const cal = new ICAL.Component(ICAL.parse(text));
  return {
    status: res.status,
    cacheControl: res.headers.get('cache-control'),
    events: cal.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return { uid: e.uid, summary: e.summary, description: e.description };
    }),
  };
}

describe('the chef’s calendar', () => {
  it('a blocked week is refused at once with nearby days offered; the confirmed booking is in the feed until cancelled', async () => {
    const today = businessToday();
    const weekStart = addDays(today, 20);
    const weekEnd = addDays(weekStart, 6);
    const inTheWeek = addDays(weekStart, 3);

    // The chef blocks a week.
    const chef = await open({ width: 1280 });
    const { page } = chef;
    await signIn(page, '/console?section=calendar');
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    const blockForm = page.getByRole('form', { name: 'Block days' });
    await blockForm.getByLabel('First day').fill(weekStart);
    await blockForm.getByLabel('Last day (optional)').fill(weekEnd);
    await blockForm.getByLabel('Private note (optional)').fill('Lisbon, family wedding');
    await blockForm.getByRole('button', { name: 'Block' }).click();
    await toastText(page, 'Blocked');
    const stored = await e2e.site.admin.from('blocked_dates').select('starts_on, ends_on, note');
    expect(stored.data).toEqual([{ starts_on: weekStart, ends_on: weekEnd, note: 'Lisbon, family wedding' }]);

    // The month shows the week as blocked.
    await showMonthOf(page, inTheWeek);
    expect(await dayName(page, inTheWeek)).toMatch(/, blocked$/);
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // A visitor west of the business picks a day in it and is told at once, with the nearest open days.
    const visitor = await open({ width: 375, timezoneId: 'Pacific/Honolulu' });
    const v = visitor.page;
    await v.goto(href('bookNow'));
    await bodyHydrated(v);
    const form = v.getByRole('form', { name: booking.form.title });
    const date = form.getByLabel('Preferred Date');
    await date.focus();
    expect(await date.getAttribute('min')).toBe(today);
    await form.getByLabel('Full Name').fill('Ada Calendar');
    await form.getByLabel('Email Address').fill('ada.calendar@example.com');
    await form.getByLabel('Phone Number').fill('+1 (555) 010-2121');
    await form.getByLabel('Service Type').selectOption('Private Chef Service');
    await date.fill(inTheWeek);
    const errorId = () => date.getAttribute('aria-describedby');
    await expect.poll(errorId).toBe('booking-date-error');
    expect(await v.locator('#booking-date-error').innerText()).toBe(calendarCopy.form.unavailable);
    expect(await date.getAttribute('aria-invalid')).toBe('true');
    const offeredGroup = form.getByRole('group', { name: calendarCopy.form.suggestions });
    // The closest open days either side of the blocked week (two before it, one after), by date.
    const offered = [addDays(weekStart, -2), addDays(weekStart, -1), addDays(weekEnd, 1)];
    expect(await offeredGroup.getByRole('button').allInnerTexts()).toEqual(offered.map((d) => formatDay(d)));
    await shot(v, 'book-now-unavailable-375');
    await offeredGroup
      .getByRole('button', {
        name: `Choose ${formatDay(offered[2]!, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}`,
      })
      .click();
    expect(await date.inputValue()).toBe(offered[2]);
    await expect.poll(() => date.getAttribute('aria-invalid')).toBe('false');
    expect(await offeredGroup.count()).toBe(0);
    await form.getByLabel('Preferred Time').fill('19:00');
    await form.getByLabel('Number of Guests').fill('6');
    await form.getByLabel('Event Location').fill('40 Peachtree Pl, Atlanta');
    await form.getByRole('button', { name: booking.form.submit }).click();
    await toastText(v, booking.toasts.success.title);
    expect(visitor.errors).toEqual([]);
    await visitor.close();
    const request = await e2e.site.admin
      .from('bookings')
      .select('id, booking_date, status')
      .eq('email', 'ada.calendar@example.com')
      .single();
    expect(request.data).toMatchObject({ booking_date: offered[2], status: 'new' });
    const id = (request.data as { id: string }).id;

    // The chef makes the private feed address (https and webcal).
    await page.getByRole('button', { name: 'Make the feed address' }).click();
    const feedInput = page.getByLabel('Feed address', { exact: true });
    await feedInput.waitFor();
    const address = await feedInput.inputValue();
    expect(address).toMatch(new RegExp(`^${e2e.site.url}/functions/v1/calendar-feed/[0-9a-f]{64}\\.ics$`));
    expect(await page.getByLabel('For calendar apps (webcal)').inputValue()).toBe(address.replace(/^http:/, 'webcal:'));
    expect((await readFeed(address)).events).toEqual([]);

    // The chef confirms from the calendar's day, through the booking.
    await showMonthOf(page, offered[2]!);
    await dayButton(page, offered[2]!).click();
    await page.getByRole('link', { name: 'Ada Calendar' }).click();
    const detail = page.getByRole('dialog', { name: 'Ada Calendar' });
    await detail.waitFor();
    await detail.getByRole('radio', { name: 'Confirmed' }).check();
    await detail.getByRole('button', { name: 'Save status' }).click();
    await detail.getByRole('status').getByText('Marked confirmed.').waitFor();

    const withEvent = await readFeed(address);
    expect(withEvent.status).toBe(200);
    expect(withEvent.cacheControl).toBe('private, no-cache');
    expect(withEvent.events).toEqual([
      {
        uid: `booking-${id}@cheffeva.test`,
        summary: 'Private Chef Service: Ada Calendar (6 guests)',
        description: [
          'Ada Calendar, 6 guests',
          'Private Chef Service',
          'Location: 40 Peachtree Pl, Atlanta',
          'Phone: +1 (555) 010-2121',
          'E-mail: ada.calendar@example.com',
          `In the console: ${e2e.site.url}/console?section=bookings&booking=${id}`,
        ].join('\n'),
      },
    ]);

    // Cancelled: the feed drops it.
    await detail.getByRole('radio', { name: 'Cancelled' }).check();
    await detail.getByLabel('Reason (kept with the booking)').fill('The guests moved the party abroad.');
    await detail.getByRole('button', { name: 'Save status' }).click();
    await detail.getByRole('status').getByText('Marked cancelled.').waitFor();
    expect((await readFeed(address)).events).toEqual([]);
    expect(chef.errors).toEqual([]);
    await chef.close();
  });

  it('shows the month of bookings and blocks at 375 and 1280 px without sideways scrolling', async () => {
    // The 5th of the month after next: all of its days below are in that month.
    const [y, m] = businessToday().split('-').map(Number) as [number, number];
    const day = new Date(Date.UTC(y, m + 1, 5, 12)).toISOString().slice(0, 10);
    const admin = e2e.site.admin;
    const rows = ['new', 'contacted', 'confirmed'].map((status, i) => ({
      name: `Month ${status}`,
      email: `month.${status}@example.com`,
      phone: '+1 555 0100',
      booking_date: addDays(day, i * 2),
      booking_time: '18:00',
      guests: 4 + i,
      service_type: 'Cooking Class',
      location: 'Atlanta',
    }));
    const inserted = await admin.from('bookings').insert(rows).select('id, name');
    expect(inserted.error).toBeNull();
    const confirmedId = inserted.data!.find((r) => r.name === 'Month confirmed')!.id as string;
    expect(
      (await admin.from('bookings').update({ status: 'contacted' }).eq('name', 'Month contacted')).error,
    ).toBeNull();
    expect((await admin.from('bookings').update({ status: 'confirmed' }).eq('id', confirmedId)).error).toBeNull();
    expect(
      (
        await admin
          .from('blocked_dates')
          .insert({ starts_on: addDays(day, 8), ends_on: addDays(day, 9), note: 'Dentist' })
      ).error,
    ).toBeNull();

    for (const width of [375, 1280]) {
      const probe = await open({ width });
      const { page } = probe;
      await signIn(page, '/console?section=calendar');
      await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
      await showMonthOf(page, day);
      await expect.poll(() => dayName(page, addDays(day, 4))).toMatch(/1 booking \(confirmed\), full$/);
      expect(await dayName(page, addDays(day, 8))).toMatch(/, blocked$/);
      expect(await overflowing(page)).toEqual([]);
      await shot(page, `month-${width}`);
      await dayButton(page, addDays(day, 4)).click();
      const details = page.getByRole('region', {
        name: formatDay(addDays(day, 4), { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
      });
      expect(await details.getByText('Full: 1 of 1 confirmed.').isVisible()).toBe(true);
      expect(await details.getByRole('link', { name: 'Month confirmed' }).getAttribute('href')).toBe(
        `/console?section=bookings&booking=${confirmedId}`,
      );
      if (width === 1280) {
        // The chef removes the block (after the browser's "are you sure").
        page.once('dialog', (d) => void d.accept());
        await page
          .getByRole('region', { name: /^Blocked in / })
          .getByRole('button', { name: /^Remove block/ })
          .click();
        await toastText(page, 'Block removed');
        await expect.poll(() => dayName(page, addDays(day, 8))).not.toMatch(/blocked/);
        expect((await admin.from('blocked_dates').select('id').eq('note', 'Dentist')).data).toEqual([]);
      }
      expect(probe.errors).toEqual([]);
      await probe.close();
    }
  });

  it('the chef sets a closed weekday and capacity; a waiting request on a full day is marked and can be confirmed over the calendar', async () => {
    // The 25th of the month after next: clear of the other tests' days.
    const [y, m] = businessToday().split('-').map(Number) as [number, number];
    const day = new Date(Date.UTC(y, m + 1, 25, 12)).toISOString().slice(0, 10);
    const admin = e2e.site.admin;
    const make = async (name: string) => {
      const r = await admin
        .from('bookings')
        .insert({
          name,
          email: 'pair@example.com',
          phone: '+1 555 0100',
          booking_date: day,
          booking_time: '12:00',
          guests: 2,
          service_type: 'Menu Consultation',
          location: 'Atlanta',
        })
        .select('id')
        .single();
      return (r.data as { id: string }).id;
    };
    const first = await make('Pair First');
    await make('Pair Second');
    expect((await admin.from('bookings').update({ status: 'confirmed' }).eq('id', first)).error).toBeNull();

    // The refused confirmation is a 400 the browser logs; nothing else may be.
    const probe = await open({ width: 1280, allowErrors: ['status of 400'] });
    const { page } = probe;
    await signIn(page, '/console?section=bookings');
    const row = page
      .getByRole('table', { name: 'Booking requests' })
      .getByRole('row')
      .filter({ hasText: 'Pair Second' });
    await row.getByText('Day unavailable').waitFor();
    await row.getByRole('button', { name: 'Pair Second' }).click();
    const detail = page.getByRole('dialog', { name: 'Pair Second' });
    await detail
      .getByText('This day is already full. Offer another day, or confirm over the calendar below.')
      .waitFor();
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    // The ordinary confirmation is refused by the database, with its reason.
    await detail.getByRole('radio', { name: 'Confirmed' }).check();
    await detail.getByRole('button', { name: 'Save status' }).click();
    await detail
      .getByRole('status')
      .getByText(/^The status was not changed: .* is already full$/)
      .waitFor();
    // Confirming over the calendar needs a reason, kept in the history.
    await detail.getByRole('button', { name: 'Confirm anyway' }).click();
    await detail.getByText('Please say why: it is kept in the history.').waitFor();
    await detail.getByLabel('Confirm over the calendar').fill('A lunch; the other is a dinner.');
    await detail.getByRole('button', { name: 'Confirm anyway' }).click();
    await detail.getByRole('status').getByText('Confirmed over the calendar.').waitFor();
    await detail.getByText('Confirmed over the calendar (full: A lunch; the other is a dinner.)').waitFor();
    await detail.getByRole('button', { name: 'Close', exact: true }).click();
    await detail.waitFor({ state: 'detached' });

    // Closed on Mondays, two events a day.
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Calendar' }).click();
    const settings = page.getByRole('form', { name: 'Availability' });
    await settings.getByLabel('Closed every').selectOption('Monday');
    await settings.getByLabel('Events per day').fill('2');
    await settings.getByRole('button', { name: 'Save availability' }).click();
    await toastText(page, 'Calendar settings saved');
    expect((await admin.from('calendar_settings').select('capacity_per_day, closed_weekday').single()).data).toEqual({
      capacity_per_day: 2,
      closed_weekday: 1,
    });
    await settings.getByLabel('Events per day').fill('0');
    await settings.getByRole('button', { name: 'Save availability' }).click();
    await settings.getByText('Events per day: a whole number from 1 to 50.').waitFor();
    expect(probe.errors).toEqual([]);
    await probe.close();
    expect(
      (await admin.from('calendar_settings').update({ capacity_per_day: 1, closed_weekday: null }).eq('id', true))
        .error,
    ).toBeNull();
  });
});

describe('a day taken while the visitor fills the form', () => {
  it('is refused by the database when sent: the failure toast, the message beside the date, and nothing stored', async () => {
    // The 20th of the month after next: clear of the other tests' days.
    const [y, m] = businessToday().split('-').map(Number) as [number, number];
    const day = new Date(Date.UTC(y, m + 1, 20, 12)).toISOString().slice(0, 10);
    // The refused insert is a 400 the browser logs (and the form logs the error, as the spec asks).
    const visitor = await open({ width: 1280, allowErrors: ['status of 400', 'Booking request refused'] });
    const v = visitor.page;
    await v.goto(href('bookNow'));
    await bodyHydrated(v);
    const form = v.getByRole('form', { name: booking.form.title });
    await form.getByLabel('Full Name').fill('Late Comer');
    await form.getByLabel('Email Address').fill('late.comer@example.com');
    await form.getByLabel('Phone Number').fill('+1 (555) 010-3434');
    await form.getByLabel('Service Type').selectOption('Cooking Class');
    await form.getByLabel('Preferred Date').fill(day);
    await form.getByLabel('Preferred Time').fill('11:00');
    await form.getByLabel('Number of Guests').fill('3');
    await form.getByLabel('Event Location').fill('Atlanta');
    expect(await form.getByLabel('Preferred Date').getAttribute('aria-invalid')).toBe('false');
    // Meanwhile the chef blocks that day.
    expect((await e2e.site.admin.from('blocked_dates').insert({ starts_on: day, ends_on: day })).error).toBeNull();
    await form.getByRole('button', { name: booking.form.submit }).click();
    expect(await toastText(v, booking.toasts.failure.title)).toContain(booking.toasts.failure.description);
    await v.locator('#booking-date-error').getByText(calendarCopy.form.unavailable).waitFor();
    const offered = form.getByRole('group', { name: calendarCopy.form.suggestions });
    expect(await offered.getByRole('button').allInnerTexts()).toEqual(
      [addDays(day, -2), addDays(day, -1), addDays(day, 1)].map((d) => formatDay(d)),
    );
    // Everything typed is kept.
    expect(await form.getByLabel('Full Name').inputValue()).toBe('Late Comer');
    expect((await e2e.site.admin.from('bookings').select('id').eq('email', 'late.comer@example.com')).data).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  });
});

describe('today is the business’s (America/New_York) for every visitor', () => {
  /** The booking form's earliest date for a visitor in `timezoneId` whose clock reads `at`. */
  async function earliest(timezoneId: string, at: Date) {
    const probe = await open({ width: 375, timezoneId });
    const { page } = probe;
    await page.clock.setFixedTime(at);
    await page.goto(href('bookNow'));
    await bodyHydrated(page);
    const local = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    // Read when the date field is first used (decision 0031).
    await page.getByLabel('Preferred Date').focus();
    const min = await page.getByLabel('Preferred Date').getAttribute('min');
    await probe.close();
    return { local, min };
  }
  // A day ahead, so the instants are still to come whenever the test runs.
  const day = addDays(new Date().toISOString().slice(0, 10), 1);

  it('a visitor west of the business (Honolulu), already a day behind it', async () => {
    // 06:00 UTC: 01:00 or 02:00 in New York, 20:00 the evening before in Honolulu.
    expect(await earliest('Pacific/Honolulu', new Date(`${day}T06:00:00Z`))).toEqual({
      local: addDays(day, -1),
      min: day,
    });
  });

  it('a visitor east of the business (Tokyo), already a day ahead of it', async () => {
    // 16:00 UTC: 11:00 or 12:00 in New York, 01:00 the next morning in Tokyo.
    expect(await earliest('Asia/Tokyo', new Date(`${day}T16:00:00Z`))).toEqual({ local: addDays(day, 1), min: day });
  });

  it('across the end of daylight saving time in New York (1 November 2026)', async () => {
    // 24 hours apart, both on 1 November in New York: 00:30 EDT, then 23:30 EST.
    expect((await earliest('Pacific/Honolulu', new Date('2026-11-01T04:30:00Z'))).min).toBe('2026-11-01');
    expect((await earliest('Asia/Tokyo', new Date('2026-11-02T04:30:00Z'))).min).toBe('2026-11-01');
    // An hour later it is 2 November there.
    expect((await earliest('Asia/Tokyo', new Date('2026-11-02T05:30:00Z'))).min).toBe('2026-11-02');
  });
});
