import { site } from '../../../content/site.ts';

/**
 * Days are the business's (content/site.ts `timeZone`, docs/decisions/0021-calendar.md): "today", the
 * booking form's earliest date and the console's calendar are counted in that zone, wherever the
 * visitor or the chef is. A day is a `YYYY-MM-DD` string, as PostgreSQL's `date` travels in JSON;
 * arithmetic on days is done on the calendar (UTC noon), never on local midnights, so a
 * daylight-saving change cannot move a day. Relative imports only: the server imports this too.
 */

/** `YYYY-MM-DD` of an instant in a time zone. */
export function isoDateIn(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The business's today. */
export function businessToday(at: Date = new Date()): string {
  return isoDateIn(site.timeZone, at);
}

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  const d = noon(day);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** ISO weekday of a day: 1 = Monday … 7 = Sunday (as PostgreSQL's isodow). */
export function isoWeekday(day: string): number {
  return noon(day).getUTCDay() || 7;
}

/** A day in words, e.g. "Sat, Dec 12" (the day itself, whatever the reader's zone). */
export function formatDay(
  day: string,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' },
): string {
  return noon(day).toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });
}

/**
 * The open days nearest to `day`, closest first (the earlier one first at equal distance), never
 * before `earliest` nor after `latest` (the range whose unavailable days are known).
 */
export function nearestOpenDays(
  day: string,
  unavailable: ReadonlySet<string>,
  earliest: string,
  latest: string,
  count = 3,
): string[] {
  const found: string[] = [];
  for (let k = 1; found.length < count && k <= 366; k++) {
    for (const candidate of [addDays(day, -k), addDays(day, k)]) {
      if (found.length < count && candidate >= earliest && candidate <= latest && !unavailable.has(candidate))
        found.push(candidate);
    }
    if (addDays(day, -k) < earliest && addDays(day, k) > latest) break;
  }
  return found;
}
