/**
 * The console's sections (?section=…), read by the gate, the shell and the overview's cards. Each
 * section's code is its own chunk, loaded when the owner opens the section or reaches its link, and
 * the chosen one as soon as a session is known (console-app.tsx): the signed-out visitor and the
 * overview never download TanStack Table, the forms' validation or the calendar
 * (docs/decisions/0025-console-and-e-mail-pages-paint-first.md).
 */
export const SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'bookings', label: 'Bookings' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'moderation', label: 'Recipes' },
  { id: 'messages', label: 'Messages' },
  { id: 'subscribers', label: 'Subscribers' },
  { id: 'outbox', label: 'Outbox' },
  { id: 'site', label: 'Site' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

export const sectionCode = {
  overview: () => import('./overview-panel.tsx'),
  bookings: () => import('./bookings-panel.tsx'),
  calendar: () => import('./calendar-panel.tsx'),
  moderation: () => import('./moderation-panel.tsx'),
  messages: () => import('./messages-panel.tsx'),
  subscribers: () => import('./subscribers-panel.tsx'),
  outbox: () => import('./outbox-view.tsx'),
  site: () => import('./site/site-panel.tsx'),
} satisfies Record<SectionId, () => Promise<unknown>>;

/** Starts loading a section's code (a failure shows when the section itself loads). */
export const preloadSection = (id: SectionId) => void sectionCode[id]().catch(() => {});

/** The section an address names (?section=…), the overview otherwise. */
export function sectionOf(search: string): SectionId {
  const wanted = new URLSearchParams(search).get('section');
  return SECTIONS.find((s) => s.id === wanted)?.id ?? 'overview';
}
