/**
 * A wall-clock time in a time zone as the instant it names, for calendar files written in UTC
 * (`DTSTART:…Z`): the booking's day and time are the business's (content/site.ts timeZone), so
 * "18:30 on 8 March in America/New_York" is 22:30Z after the spring change and 23:30Z before it.
 * Relative imports only: the calendar-feed Edge Function (Deno) loads this file too.
 */

/** The zone's offset from UTC, in minutes, at an instant. */
function offsetMinutes(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant of `date` (YYYY-MM-DD) at `time` (HH:MM[:SS]) in `timeZone`. A time skipped by a
 * spring change (02:30 on the day clocks jump to 03:00) is taken with the offset before the change,
 * as calendar programs do; a repeated autumn time is its first occurrence.
 */
export function instantIn(timeZone: string, date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const names = (at: number) => at + offsetMinutes(timeZone, at) * 60_000 === wall;
  const candidates = [wall - offsetMinutes(timeZone, wall) * 60_000];
  candidates.push(wall - offsetMinutes(timeZone, candidates[0]!) * 60_000);
  const valid = candidates.filter(names);
  if (valid.length) return new Date(Math.min(...valid));
  // Skipped by a spring change: the offset in force before it (a day earlier is before any change).
  return new Date(wall - offsetMinutes(timeZone, wall - 86_400_000) * 60_000);
}

/** The instant as ics's date array in UTC: [year, month, day, hour, minute]. */
export function utcDateArray(at: Date): [number, number, number, number, number] {
  return [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes()];
}
