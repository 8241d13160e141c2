import type { MailSettings } from './types.ts';

/** The copy's `{key}` placeholders filled in; an unknown key stays as it is. */
export function fill(text: string, values: Record<string, string>) {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, key: string) => (key in values ? values[key]! : whole));
}

/**
 * A visitor's words the database withheld (private.outbox_guard empties the name and the recipe's
 * title until the mailbox has shown it is the visitor's own): the greeting goes without them, with
 * the comma or quotes around them ("Thank you, {name}" → "Thank you").
 */
export function withoutWithheld(text: string, values: Record<string, string>) {
  return text.replace(/(?:, | )?"?\{(name|author|title)\}"?/g, (whole, key: string) =>
    values[key] === '' ? '' : whole,
  );
}

/** "2026-12-24" → "Thursday 24 December 2026" (the date as the visitor chose it, no time zone shift). */
export function formatDate(date: string) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "19:30:00" → "7:30 PM". */
export function formatTime(time: string) {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** How long something has waited: "26 hours", "3 days". */
export function waited(since: string | Date, now = new Date()) {
  const hours = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 3_600_000));
  return hours < 48 ? `${hours} hours` : `${Math.floor(hours / 24)} days`;
}

export function link(base: string, path: string) {
  return new URL(path, base.endsWith('/') ? base : `${base}/`).toString();
}

/** The console's section for an item (web/app/features/console/console-shell.tsx), with the item's id. */
export function consoleLink(settings: MailSettings, kind: 'bookings' | 'recipes' | 'messages', id: string) {
  const [section, key] =
    kind === 'bookings'
      ? ['bookings', 'booking']
      : kind === 'recipes'
        ? ['moderation', 'recipe']
        : ['messages', 'message'];
  return link(settings.siteUrl, `console?section=${section}&${key}=${encodeURIComponent(id)}`);
}
