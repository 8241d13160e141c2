import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { booking, serviceTypes, telHref } from '../content/booking.ts';
import { site as brand } from '../content/site.ts';
import { href } from '../web/app/paths.ts';
import { axeViolations, formatViolations } from './support/axe.ts';
import { ignoreFaviconErrors, openPage, type PageOptions, type PageProbe } from './support/browser.ts';
import { siteFixture } from './support/fixture.ts';
import { bodyHydrated } from './support/page-checks.ts';
import { startSite, type RunningSite } from './support/site.ts';
import type { BookingFields } from '../web/app/features/bookings/booking-form.tsx';
import { addDays, businessToday } from '../web/app/lib/business-date.ts';
import { readBuild } from '../scripts/build/first-load.ts';

/**
 * /book-now end to end: Chromium, the built site and the real server on a fresh database.
 * Rows are checked with the service key; each test books with its own e-mail address.
 */
const e2e = siteFixture();

const open = async (options: PageOptions = {}, on: RunningSite = e2e.site): Promise<PageProbe> => {
  const probe = await openPage(e2e.browser, on.url, options);
  ignoreFaviconErrors(probe);
  probe.page.setDefaultTimeout(10_000);
  await probe.page.goto(href('bookNow'));
  // Hydrated: the submit button is enabled (the date input learns the business's today when first used).
  await bodyHydrated(probe.page);
  return probe;
};

/** The business's date `days` from today (content/site.ts timeZone), as the date input takes it. */
const businessDate = async (_page: Page, days = 0) => addDays(businessToday(), days);

/** What a visitor types: the form's own fields, all text as the browser gives it. */
type Visitor = BookingFields;

async function visitor(page: Page, tag: string): Promise<Visitor> {
  return {
    name: 'Grace Hopper',
    email: `grace.${tag}@example.com`,
    phone: '+1 (555) 010-7788',
    service: 'Event Catering',
    date: await businessDate(page, 10),
    time: '18:30',
    guests: '24',
    location: '1 Navy Yard, Arlington, VA',
    message: 'One vegan guest; a nut allergy at table two.',
  };
}

const bookingForm = (page: Page) => page.getByRole('form', { name: booking.form.title });
const fields = (page: Page) => fieldsIn(bookingForm(page));
const fieldsIn = (form: ReturnType<Page['locator']>) => ({
  name: form.getByLabel('Full Name'),
  email: form.getByLabel('Email Address'),
  phone: form.getByLabel('Phone Number'),
  service: form.getByLabel('Service Type'),
  date: form.getByLabel('Preferred Date'),
  time: form.getByLabel('Preferred Time'),
  guests: form.getByLabel('Number of Guests'),
  location: form.getByLabel('Event Location'),
  message: form.getByLabel('Special Requests'),
});

async function fill(page: Page, v: Visitor) {
  const f = fields(page);
  await f.name.fill(v.name);
  await f.email.fill(v.email);
  await f.phone.fill(v.phone);
  await f.service.selectOption(v.service);
  await f.date.fill(v.date);
  await f.time.fill(v.time);
  await f.guests.fill(v.guests);
  await f.location.fill(v.location);
  await f.message.fill(v.message);
}

async function values(page: Page): Promise<Visitor> {
  const f = fields(page);
  return {
    name: await f.name.inputValue(),
    email: await f.email.inputValue(),
    phone: await f.phone.inputValue(),
    service: await f.service.inputValue(),
    date: await f.date.inputValue(),
    time: await f.time.inputValue(),
    guests: await f.guests.inputValue(),
    location: await f.location.inputValue(),
    message: await f.message.inputValue(),
  };
}

const submitButton = (page: Page) => page.getByRole('button', { name: booking.form.submit });
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** Waits for a toast with this title and returns its whole text. */
async function toastText(page: Page, title: string): Promise<string> {
  const item = toasts(page).getByRole('listitem').filter({ hasText: title });
  await item.waitFor();
  return item.innerText();
}

const rowsFor = async (email: string, on: RunningSite = e2e.site) => {
  const { data, error } = await on.admin.from('bookings').select('*').eq('email', email);
  expect(error).toBeNull();
  return data!;
};

describe('/book-now', () => {
  it('stores a valid booking once with every field, then resets the form and says so', async () => {
    const probe = await open();
    const { page } = probe;
    const v = await visitor(page, 'valid');
    await fill(page, v);
    await submitButton(page).click();

    const text = await toastText(page, 'Booking Request Submitted!');
    expect(text).toContain('within 24 hours');

    const rows = await rowsFor(v.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: v.name,
      email: v.email,
      phone: v.phone,
      service_type: v.service,
      booking_date: v.date,
      guests: 24,
      location: v.location,
      message: v.message,
      status: 'new',
    });
    expect(String(rows[0].booking_time)).toMatch(/^18:30/);
    expect(rows[0].idempotency_key).toMatch(/^[0-9a-f-]{36}$/);

    // Reset: every field empty again, the service back to its prompt.
    expect(await values(page)).toEqual({
      name: '',
      email: '',
      phone: '',
      service: '',
      date: '',
      time: '',
      guests: '',
      location: '',
      message: '',
    });
    expect(await fields(page).service.locator('option:checked').innerText()).toBe(booking.form.servicePlaceholder);
    expect(probe.errors).toEqual([]);
    expect(probe.foreignRequests).toEqual([]);
    await probe.close();
  });

  it('offers the six services, and stores one row however often Submit is clicked', async () => {
    const probe = await open();
    const { page } = probe;
    const options = await fields(page).service.locator('option:not([disabled])').allInnerTexts();
    expect(options).toEqual([...serviceTypes]);

    const v = await visitor(page, 'double');
    await fill(page, v);
    await submitButton(page).dblclick();
    await toastText(page, 'Booking Request Submitted!');
    // Any second request has had time to arrive.
    await page.waitForLoadState('networkidle');
    expect(await rowsFor(v.email)).toHaveLength(1);
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  it('never stores two bookings when the answer is lost and the visitor tries again', async () => {
    const probe = await open({ allowErrors: ['Booking request failed'] });
    const { page } = probe;
    const v = await visitor(page, 'retry');
    await fill(page, v);
    // The request reaches the server and is stored, but the answer never comes back.
    let lost = 0;
    await page.route('**/rest/v1/bookings*', async (route) => {
      if (lost++ > 0) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await submitButton(page).click();
    expect(await toastText(page, 'Oh no! Something went wrong.')).toContain(
      'There was an error submitting your booking. Please try again.',
    );
    expect(await rowsFor(v.email)).toHaveLength(1);
    expect(await values(page)).toEqual(v);

    await submitButton(page).click();
    await toastText(page, 'Booking Request Submitted!');
    expect(lost).toBe(2);
    expect(await rowsFor(v.email)).toHaveLength(1);
    await probe.close();
  });

  it('refuses a past date and 0, 101 or 2.5 guests with messages beside the fields', async () => {
    const probe = await open();
    const { page } = probe;
    const f = fields(page);
    // "Today" is read when the date field is first used (decision 0031), before its picker opens.
    expect(await f.date.getAttribute('min')).toBeNull();
    await f.date.focus();
    expect(await f.date.getAttribute('min')).toBe(await businessDate(page));

    const v = await visitor(page, 'limits');
    await fill(page, { ...v, date: await businessDate(page, -1), guests: '0' });
    await submitButton(page).click();

    const errorOf = async (field: keyof Visitor) => {
      const input = f[field];
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      const ids = (await input.getAttribute('aria-describedby'))!.split(' ');
      return page.locator(`[id="${ids[0]}"]`).innerText();
    };
    expect(await errorOf('date')).toBe('Please choose today or a later date.');
    expect(await errorOf('guests')).toBe('Please enter at least 1 guest.');
    // The first wrong field has the focus.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('booking-date');

    await f.date.fill(await businessDate(page));
    await f.guests.fill('101');
    await submitButton(page).click();
    expect(await errorOf('guests')).toMatch(/up to 100 guests/);
    expect(await f.date.getAttribute('aria-invalid')).toBe('false');

    await f.guests.fill('2.5');
    await submitButton(page).click();
    expect(await errorOf('guests')).toBe('Please enter a whole number of guests.');

    await f.guests.fill('');
    await f.name.fill('   ');
    await f.email.fill('grace@');
    await submitButton(page).click();
    expect(await errorOf('guests')).toBe('Please enter the number of guests.');
    expect(await errorOf('name')).toBe('Please enter your full name.');
    expect(await errorOf('email')).toMatch(/valid email address/);

    expect(await rowsFor(v.email)).toHaveLength(0);
    // Today with 100 guests is fine.
    await f.name.fill(v.name);
    await f.email.fill(v.email);
    await f.guests.fill('100');
    await submitButton(page).click();
    await toastText(page, 'Booking Request Submitted!');
    expect(await rowsFor(v.email)).toMatchObject([{ guests: 100, booking_date: await businessDate(page) }]);
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  it('keeps everything typed when the backend cannot be reached, and logs the error', async () => {
    const probe = await open({ allowErrors: ['Booking request failed'] });
    const { page } = probe;
    const v = await visitor(page, 'failure');
    await fill(page, v);
    const logged = page.waitForEvent(
      'console',
      (m) => m.type() === 'error' && m.text().includes('Booking request failed'),
    );
    // The network answers 503 (the backend is down): simulated at the network, not in our code.
    await page.route('**/rest/v1/bookings*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }),
    );
    await submitButton(page).click();
    const text = await toastText(page, 'Oh no! Something went wrong.');
    expect(text).toContain('There was an error submitting your booking. Please try again.');
    await logged;
    expect(await values(page)).toEqual(v);
    expect(await rowsFor(v.email)).toHaveLength(0);

    // Back online: the same form goes through, once.
    await page.unroute('**/rest/v1/bookings*');
    await submitButton(page).click();
    await toastText(page, 'Booking Request Submitted!');
    expect(await rowsFor(v.email)).toHaveLength(1);
    await probe.close();
  });

  it("sends nothing and says so when the form's checks cannot be loaded (offline after the page loaded), then goes through once they can", async () => {
    // The checks (zod, the schema, the zod resolver) load on the form's first focus
    // (docs/decisions/0024-load-the-forms-work-when-used.md): the network refuses exactly those files.
    const { report } = readBuild();
    const checks = Object.entries(report.chunks)
      .filter(
        ([, c]) =>
          c.packages.some((p) => p === 'zod' || p === '@hookform/resolvers') ||
          c.sources.includes('web/app/features/bookings/schema.ts'),
      )
      .map(([file]) => file);
    expect(checks.length).toBeGreaterThan(0);
    const probe = await open({
      allowErrors: [
        'Could not load the form’s checks',
        'Failed to load resource',
        'Failed to fetch dynamically imported module',
      ],
    });
    const { page } = probe;
    const refused: string[] = [];
    await page.route('**/assets/*.js', (route) => {
      const file = new URL(route.request().url()).pathname;
      if (!checks.includes(file)) return route.continue();
      refused.push(file);
      return route.abort('internetdisconnected');
    });
    const v = await visitor(page, 'checks-offline');
    await fill(page, v);
    await submitButton(page).click();
    expect(await toastText(page, 'Oh no! Something went wrong.')).toContain(
      'There was an error submitting your booking. Please try again.',
    );
    expect(refused.length).toBeGreaterThan(0);
    expect(await values(page)).toEqual(v);
    expect(await rowsFor(v.email)).toHaveLength(0);
    expect(await submitButton(page).isEnabled()).toBe(true);

    // Back online: the same form is checked and sent, once.
    await page.unroute('**/assets/*.js');
    await submitButton(page).click();
    await toastText(page, 'Booking Request Submitted!');
    expect(await rowsFor(v.email)).toHaveLength(1);
    await probe.close();
  });

  it('hydrates without the time-zone formatting or the checks; a tap on a field starts the checks, the date field reads today', async () => {
    // Decision 0031: the first Intl.DateTimeFormat in the business's time zone (a long task on a phone)
    // runs when the date field is first used, and the checks' files load after the form's first tap.
    const { report } = readBuild();
    const checks = Object.entries(report.chunks)
      .filter(
        ([, c]) =>
          c.packages.some((p) => p === 'zod' || p === '@hookform/resolvers') ||
          c.sources.includes('web/app/features/bookings/schema.ts'),
      )
      .map(([file]) => file);
    expect(checks.length).toBeGreaterThan(0);
    const probe = await openPage(e2e.browser, e2e.site.url, {});
    ignoreFaviconErrors(probe);
    const { page } = probe;
    page.setDefaultTimeout(10_000);
    await page.addInitScript(() => {
      const counts = { zoned: 0 };
      Object.assign(window, { __zonedFormats: counts });
      const count = (args: unknown[]) => {
        if ((args[1] as Intl.DateTimeFormatOptions | undefined)?.timeZone) counts.zoned += 1;
      };
      Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
        construct: (target, args) => (count(args), Reflect.construct(target, args) as object),
        apply: (target, self, args) => (count(args), Reflect.apply(target, self, args) as object),
      });
    });
    const requested: string[] = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname;
      if (checks.includes(file)) requested.push(file);
    });
    const zoned = () =>
      page.evaluate(() => (window as unknown as { __zonedFormats: { zoned: number } }).__zonedFormats.zoned);
    await page.goto(href('bookNow'));
    await bodyHydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await zoned()).toBe(0);
    expect(requested).toEqual([]);
    const f = fields(page);
    expect(await f.date.getAttribute('min')).toBeNull();

    await f.name.click();
    await page.keyboard.type('Ada');
    await expect.poll(() => requested.length).toBeGreaterThan(0);
    expect(await zoned()).toBe(0);
    expect(await f.name.inputValue()).toBe('Ada');

    await f.date.focus();
    expect(await f.date.getAttribute('min')).toBe(await businessDate(page));
    expect(await zoned()).toBeGreaterThan(0);
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  it('accepts a filled honeypot silently and stores nothing', async () => {
    const probe = await open();
    const { page } = probe;
    const v = await visitor(page, 'bot');
    await fill(page, v);
    // Bots fill every input; the field is out of sight and out of the tab order for people.
    const trap = page.locator('input[name="website"]');
    expect(await trap.getAttribute('tabindex')).toBe('-1');
    expect(await page.locator('[aria-hidden="true"]:has(input[name="website"])').count()).toBe(1);
    await trap.fill('https://spam.example');
    await submitButton(page).click();
    await toastText(page, 'Booking Request Submitted!');
    expect(await rowsFor(v.email)).toHaveLength(0);
    expect(probe.errors).toEqual([]);
    await probe.close();
  });

  it('says clearly when too many requests come from one address', async () => {
    const strict = await startSite({ env: { RATE_LIMIT_INSERTS: '1', RATE_LIMIT_WINDOW_SECONDS: '300' } });
    try {
      const probe = await open({ allowErrors: ['too many requests'] }, strict);
      const { page } = probe;
      const v = await visitor(page, 'rate');
      await fill(page, v);
      await submitButton(page).click();
      await toastText(page, 'Booking Request Submitted!');
      await fill(page, { ...v, email: 'second.rate@example.com' });
      await submitButton(page).click();
      expect(await toastText(page, booking.toasts.tooMany.title)).toContain('Please wait a minute');
      expect(await values(page)).toEqual({ ...v, email: 'second.rate@example.com' });
      expect(await rowsFor('second.rate@example.com', strict)).toHaveLength(0);
      await probe.close();
    } finally {
      await strict.close();
    }
  });

  it('shows the notice needed and the phone and e-mail as links', async () => {
    const probe = await open();
    const { page } = probe;
    const info = page.getByRole('region', { name: booking.info.title });
    expect(await info.innerText()).toMatch(/48 hours/);
    expect(await info.innerText()).toMatch(/1-2 weeks/);
    const contact = page.getByRole('region', { name: booking.contact.title });
    const phone = contact.getByRole('link', { name: new RegExp(brand.phone.replace(/[()+]/g, '\\$&')) });
    expect(await phone.getAttribute('href')).toBe(telHref(brand.phone));
    const email = contact.getByRole('link', { name: new RegExp(brand.email) });
    expect(await email.getAttribute('href')).toBe(`mailto:${brand.email}`);
    await probe.close();
  });

  for (const width of [375, 768, 1280]) {
    it(`has one h1 and no axe violations at ${width} px, also with errors shown`, async () => {
      const probe = await open({ width });
      const { page } = probe;
      expect(await page.locator('h1').count()).toBe(1);
      let violations = await axeViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
      await submitButton(page).click();
      await page.getByText('Please enter your full name.').waitFor();
      violations = await axeViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width !== 768) await page.screenshot({ path: `/tmp/forms-book-now-${width}.png`, fullPage: true });
      expect(probe.errors).toEqual([]);
      expect(probe.foreignRequests).toEqual([]);
      await probe.close();
    });
  }
});
