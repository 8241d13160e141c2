import { site } from '@content/site.ts';
import { businessToday } from '~/lib/business-date.ts';

/** How long ago, in words a chef reads at a glance: "5 minutes", "3 hours", "2 days". */
export function ageOf(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

// The business's clock (content/site.ts timeZone), wherever the chef opens the console.
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: site.timeZone });
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** A `YYYY-MM-DD` date as written (no time zone shift). */
export const formatDate = (date: string) => dateOnly.format(new Date(`${date}T00:00:00Z`));
/** `18:30:00` → `18:30`. */
export const formatTime = (time: string) => time.slice(0, 5);

/** Today in the business's time zone (content/site.ts), as `YYYY-MM-DD`. */
export function today(now = new Date()): string {
  return businessToday(now);
}

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
