import type { LineUnit, MenuCourse, Quote } from '../console-api.ts';

/** What the quote editor's modules share: classes, labels, the menu as text. */

export const input =
  'mt-1 block w-full rounded-lg border border-cream/20 bg-ink/60 px-3 py-2 text-sm text-cream focus:border-gold focus:outline-none focus-visible:outline-2 focus-visible:outline-gold';
export const label = 'block text-sm font-semibold text-cream';
export const box = 'mt-4 rounded-xl border border-cream/10 p-4';

export const UNIT_LABEL: Record<LineUnit, string> = {
  per_person: 'per person',
  per_hour: 'per hour',
  fixed: 'fixed',
};

export const STATUS_LABEL: Record<Quote['status'], string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  replaced: 'Replaced',
  withdrawn: 'Withdrawn',
};

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** "Starter: Seared scallops" per line ⇄ [{course, dish}]. */
export function menuToText(menu: MenuCourse[]) {
  return menu.map((c) => (c.course ? `${c.course}: ${c.dish}` : c.dish)).join('\n');
}

export function textToMenu(text: string): MenuCourse[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const at = l.indexOf(':');
      return at > 0 && at < 40
        ? { course: l.slice(0, at).trim(), dish: l.slice(at + 1).trim() }
        : { course: '', dish: l };
    });
}
