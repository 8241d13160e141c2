import type { Place } from './feedback.tsx';

/**
 * Runs one of the editor's actions: says `done` beside the tapped button (or why it failed, starting
 * with `failed`), reloads the quote, and tells the booking when its status may have moved.
 */
export type Act = (
  what: () => Promise<unknown>,
  done: string,
  at: Place,
  opts?: { failed?: string; bookingChanges?: boolean },
) => Promise<boolean>;
