import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { site } from '../../content/site.ts';
import { composeMail, type OutboxRow } from '../src/mail/compose.ts';
import { OUTBOX_EVENTS } from '../src/mail/outbox-events.ts';

/**
 * What issue 37 found in the composed messages, checked on the composer itself (the outbox rows as
 * the database writes them; outbox-events.test.ts checks the database writes them so): the text part
 * of a message with two buttons had its links run together; the invitation's time floated in the
 * reader's zone; the receipt's "Date" was the event's and read as the payment's.
 */
const SETTINGS = {
  from: 'Chef Feva <bookings@cheffeva.test>',
  ownerEmail: 'chef@cheffeva.test',
  siteUrl: 'https://cheffeva.test',
};
const BOOKING_ID = '6f1c1f5e-1d7b-4a36-9a44-3d2a9c1e0b01';
const TOKEN = 'ab'.repeat(32);

const row = (event: string, payload: Record<string, unknown>, recipient = 'owner'): OutboxRow => ({
  id: crypto.randomUUID(),
  idempotency_key: `${event.replaceAll('_', '-')}.${BOOKING_ID}.${recipient === 'owner' ? 'owner' : 'visitor'}.1`,
  event,
  recipient,
  subject_id: BOOKING_ID,
  payload,
  attempts: 0,
  created_at: '2026-11-27T15:00:00Z',
});

const bookingForOwner = (date: string, time = '18:30:00') => ({
  id: BOOKING_ID,
  created_at: '2026-11-27T15:00:00+00:00',
  name: 'Ada Lovelace',
  email: 'ada@visitor.test',
  phone: '+1 555 0100',
  booking_date: date,
  booking_time: time,
  guests: 8,
  service_type: 'Private Chef Service',
  location: '12 Peachtree St, Atlanta',
  message: 'A birthday.',
  status: 'new',
  status_reason: null,
});

/** The wall clock an instant shows in a zone, as `YYYY-MM-DD HH:MM` (Intl, independent of the code under test). */
const wallClock = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);

describe('composed e-mails', () => {
  it('puts each link of a two-button message on its own line of the text part', async () => {
    const mail = await composeMail(
      row('booking_received', { ...bookingForOwner('2027-01-09'), confirm_token: TOKEN }),
      SETTINGS,
    );
    const lines = mail.text.split('\n');
    const withLink = lines.filter((l) => /https?:\/\//.test(l));
    expect(withLink).toEqual([
      `Confirm this booking https://cheffeva.test/mail-action#token=${TOKEN}`,
      `Open in the console https://cheffeva.test/console?section=bookings&booking=${BOOKING_ID}`,
    ]);
  });

  it('puts every link of every message the composer makes on a line of its own', async () => {
    // Every event whose message has a button, from the test rows of this file and outbox-events.ts's list.
    expect(OUTBOX_EVENTS).toContain('event_tomorrow');
    const mail = await composeMail(row('event_tomorrow', tomorrowPayload('Peanuts (anaphylaxis)')), SETTINGS);
    for (const line of mail.text.split('\n')) expect((line.match(/https?:\/\//g) ?? []).length).toBeLessThanOrEqual(1);
  });

  it.each([
    // The US spring change of 2027 is on 14 March, the autumn one on 7 November.
    ['2027-03-13', '18:30:00', '2027-03-13T23:30:00.000Z'],
    ['2027-03-15', '18:30:00', '2027-03-15T22:30:00.000Z'],
    ['2027-11-06', '19:00:00', '2027-11-06T23:00:00.000Z'],
    ['2027-11-08', '19:00:00', '2027-11-09T00:00:00.000Z'],
  ])(
    'the invitation for %s at %s is at that time in the business’s zone (%s), read by ical.js',
    async (date, time, instant) => {
      expect(site.timeZone).toBe('America/New_York');
      const {
        id: _id,
        phone: _p,
        message: _m,
        status: _s,
        status_reason: _r,
        created_at,
        ...facts
      } = bookingForOwner(date, time);
      const payload = {
        ...facts,
        id: BOOKING_ID,
        created_at,
        status: 'confirmed',
        status_reason: null,
        calendar: { method: 'REQUEST', sequence: 0 },
      };
      const mail = await composeMail(row('booking_confirmed', payload, 'ada@visitor.test'), SETTINGS);
      const cal = new ICAL.Component(ICAL.parse(mail.calendar!.content));
      const event = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
      // Not floating: UTC, or a TZID whose VTIMEZONE is in the file.
      const tzid = event.startDate.zone?.tzid;
      if (tzid !== 'UTC') {
        expect(tzid).toBe(site.timeZone);
        expect(cal.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toContain(
          site.timeZone,
        );
      }
      expect(event.startDate.isDate).toBe(false);
      expect(tzid === 'floating' || tzid === undefined).toBe(false);
      expect(event.startDate.toJSDate().toISOString()).toBe(instant);
      expect(wallClock(event.startDate.toJSDate(), site.timeZone)).toBe(`${date} ${time.slice(0, 5)}`);
    },
  );

  it('the receipt names the payment’s date and the event’s date', async () => {
    const mail = await composeMail(
      row(
        'payment_receipt',
        {
          payment_id: crypto.randomUUID(),
          booking_id: BOOKING_ID,
          name: 'Ada Lovelace',
          booking_date: '2027-01-09',
          booking_time: '19:00:00',
          service_type: 'Private Chef Service',
          location: 'Atlanta',
          guests: 8,
          kind: 'deposit',
          amount_cents: 31140,
          received_on: '2026-11-27',
          method: 'cash_app',
          currency: 'USD',
          paid_cents: 31140,
          total_cents: 103800,
          outstanding_cents: 72660,
          balance_due_on: '2027-01-02',
        },
        'ada@visitor.test',
      ),
      SETTINGS,
    );
    expect(mail.text).toContain('Payment date: Friday, November 27, 2026');
    expect(mail.text).toContain('Event date: Saturday, January 9, 2027');
    expect(mail.text).not.toMatch(/^Date:/m);
  });

  it('the chef’s reminder the day before leads with the allergies, escaped in the HTML', async () => {
    const dietary = 'Peanuts <b>anaphylaxis</b> & shellfish';
    const mail = await composeMail(row('event_tomorrow', tomorrowPayload(dietary)), SETTINGS);
    expect(mail.to.address).toBe('chef@cheffeva.test');
    expect(mail.subject).toBe('Tomorrow: Private Chef Service for Ada Lovelace at 6:30 PM (8 guests)');
    const details = mail.text.slice(mail.text.indexOf('THE DETAILS'));
    expect(details.split('\n').filter(Boolean)[1]).toBe(`Dietary needs and allergies: ${dietary}`);
    expect(mail.text).toContain('Still to pay: $726.60');
    expect(mail.html).toContain('Peanuts &lt;b&gt;anaphylaxis&lt;/b&gt; &amp; shellfish');
    const none = await composeMail(
      row('event_tomorrow', { ...tomorrowPayload(null), outstanding_cents: null, currency: null }),
      SETTINGS,
    );
    expect(none.text).toContain(
      'Dietary needs and allergies: No allergies or dietary needs were stated with an accepted quote',
    );
    expect(none.text).not.toContain('Still to pay');
  });
});

function tomorrowPayload(dietary: string | null) {
  return {
    id: BOOKING_ID,
    name: 'Ada Lovelace',
    email: 'ada@visitor.test',
    phone: '+1 555 0100',
    booking_date: '2027-01-09',
    booking_time: '18:30:00',
    guests: 8,
    service_type: 'Private Chef Service',
    location: '12 Peachtree St, Atlanta',
    message: 'A birthday.',
    dietary,
    currency: 'USD',
    outstanding_cents: 72660,
  };
}
