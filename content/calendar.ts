import { site } from './site.ts';

/**
 * The chef's calendar: the private feed's events (server/src/calendar/feed.ts), the console's
 * calendar section (web/app/features/console/calendar-panel.tsx) and what the booking form says
 * beside the date (web/app/features/bookings/date-availability.tsx).
 */
export const calendarCopy = {
  feed: {
    /** The calendar's name in the chef's calendar app. */
    name: `${site.name} bookings`,
    /** An event's title: {service}, {name}, {guests}. */
    title: '{service}: {name} ({guests} guests)',
    /** The title when the client stated allergies or dietary needs (the first 60 characters of them). */
    titleDietary: '{service}: {name} ({guests} guests) · Allergies: {dietary}',
    /** The description's first line: the allergies in full. */
    dietary: 'ALLERGIES AND DIETARY NEEDS: {dietary}',
    /** How long an event lasts in the chef's calendar (the invitation's length, content/emails.ts). */
    durationHours: 3,
  },
  /** Beside the booking form's date field. */
  form: {
    unavailable: 'Sorry, this date is not available.',
    suggestions: 'Nearest available dates:',
    none: 'No nearby date is open. Please call or write to us.',
    checking: 'Checking availability…',
  },
} as const;
