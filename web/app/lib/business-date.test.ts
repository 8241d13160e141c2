import { describe, expect, it } from 'vitest';
import { site } from '../../../content/site.ts';
import { addDays, businessToday, formatDay, isoDateIn, isoWeekday, nearestOpenDays } from './business-date.ts';

/**
 * The business's days (America/New_York in content/site.ts) whatever zone the code runs in. This
 * file runs in the test process's own zone; the browser cases (a visitor west and east of the
 * business) are in e2e/booking-calendar.test.ts.
 */
describe('the business’s day', () => {
  it('is America/New_York’s, as the database’s calendar_settings row', () => {
    expect(site.timeZone).toBe('America/New_York');
  });

  it('changes at New York’s midnight, across the end of daylight saving time (1 November 2026)', () => {
    // EDT (UTC−4) until 06:00 UTC on 1 November, EST (UTC−5) after: midnight at 04:00, then 05:00 UTC.
    expect(businessToday(new Date('2026-11-01T03:59:59Z'))).toBe('2026-10-31');
    expect(businessToday(new Date('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    expect(businessToday(new Date('2026-11-02T04:59:59Z'))).toBe('2026-11-01');
    expect(businessToday(new Date('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
  });

  it('and across its start (8 March 2026)', () => {
    expect(businessToday(new Date('2026-03-08T04:59:59Z'))).toBe('2026-03-07');
    expect(businessToday(new Date('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
    expect(businessToday(new Date('2026-03-09T03:59:59Z'))).toBe('2026-03-08');
    expect(businessToday(new Date('2026-03-09T04:00:00Z'))).toBe('2026-03-09');
  });

  it('differs from the day west (Honolulu) and east (Tokyo) of the business at the same instant', () => {
    const at = new Date('2026-11-24T03:30:00Z'); // 22:30 on the 23rd in New York
    expect(isoDateIn('Pacific/Honolulu', at)).toBe('2026-11-23');
    expect(isoDateIn('Asia/Tokyo', at)).toBe('2026-11-24');
    expect(businessToday(at)).toBe('2026-11-23');
  });
});

describe('day arithmetic', () => {
  it('adds calendar days, not 24-hour steps, across both daylight-saving changes', () => {
    expect(addDays('2026-10-31', 1)).toBe('2026-11-01');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('numbers weekdays as PostgreSQL’s isodow (Monday 1 … Sunday 7) and writes days as themselves', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(formatDay('2026-11-01')).toBe('Sun, Nov 1');
  });
});

describe('nearest open days', () => {
  const taken = new Set(['2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13', '2026-12-14']);
  it('offers the closest open days either side, earlier first at equal distance', () => {
    expect(nearestOpenDays('2026-12-12', taken, '2026-11-24', '2027-11-24')).toEqual([
      '2026-12-09',
      '2026-12-15',
      '2026-12-08',
    ]);
  });
  it('never before today nor after the known range', () => {
    expect(nearestOpenDays('2026-12-12', taken, '2026-12-10', '2027-11-24')).toEqual([
      '2026-12-15',
      '2026-12-16',
      '2026-12-17',
    ]);
    expect(nearestOpenDays('2026-12-12', taken, '2026-12-10', '2026-12-15')).toEqual(['2026-12-15']);
  });
});
