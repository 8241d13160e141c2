import { createEvents, type EventAttributes } from 'ics';
import { calendarCopy } from '../../../content/calendar.ts';
import { bookingUid } from '../mail/calendar.ts';

/**
 * The chef's private calendar feed (RFC 5545, METHOD:PUBLISH): one event per confirmed booking, with
 * the UID of the invitation the visitor received (server/src/mail/calendar.ts), so a calendar that has
 * both shows one event. Dates and times are the booking's as typed, in the business's day (floating
 * local time, like the invitation). Used by the local server (server/src/calendar/routes.ts) and the
 * Edge Function supabase/functions/calendar-feed.
 */
export interface FeedBooking {
  id: string;
  name: string;
  phone: string;
  email: string;
  guests: number;
  service_type: string;
  location: string;
  message: string | null;
  booking_date: string; // YYYY-MM-DD
  booking_time: string; // HH:MM[:SS]
  updated_at: string;
}

export interface FeedSettings {
  /** The host part of the UIDs: the mail sender's domain (MAIL_FROM), as in the invitations. */
  domain: string;
  /** The public site, for each event's link to the booking in the console. */
  siteUrl: string;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** The console's page of one booking (web/app/features/console/console-shell.tsx). */
export function consoleBookingUrl(siteUrl: string, id: string) {
  return `${siteUrl.replace(/\/+$/, '')}/console?section=bookings&booking=${encodeURIComponent(id)}`;
}

export function calendarFeed(bookings: FeedBooking[], settings: FeedSettings): string {
  const copy = calendarCopy.feed;
  const hours = Math.floor(copy.durationHours);
  const minutes = Math.round((copy.durationHours - hours) * 60);
  const events: EventAttributes[] = bookings.map((b) => {
    const [y, m, d] = b.booking_date.split('-').map(Number) as [number, number, number];
    const [hh, mm] = b.booking_time.split(':').map(Number) as [number, number];
    const url = consoleBookingUrl(settings.siteUrl, b.id);
    const description = [
      `${b.name}, ${b.guests} guests`,
      b.service_type,
      `Location: ${b.location}`,
      `Phone: ${b.phone}`,
      `E-mail: ${b.email}`,
      ...(b.message ? [`Special requests: ${b.message}`] : []),
      `In the console: ${url}`,
    ].join('\n');
    return {
      uid: bookingUid(b.id, settings.domain),
      start: [y, m, d, hh, mm],
      startInputType: 'local',
      startOutputType: 'local',
      duration: { hours, minutes },
      title: fill(copy.title, { service: b.service_type, name: b.name, guests: String(b.guests) }),
      description,
      location: b.location,
      url,
      status: 'CONFIRMED',
      classification: 'PRIVATE',
      lastModified: Date.parse(b.updated_at),
    };
  });
  const { error, value } = createEvents(events, { productId: 'chef-site/calendar', calName: copy.name, method: 'PUBLISH' });
  if (error || !value) throw error ?? new Error('the calendar feed could not be made');
  return value;
}

/** The feed's secret from a request path's last part, `<64 hex digits>.ics`; null when it is not one. */
export function feedSecret(file: string): string | null {
  const m = /^([0-9a-f]{64})\.ics$/.exec(file);
  return m ? m[1]! : null;
}

/** The host part of an address like `Chef Feva <bookings@cheffeva.example>`. */
export function senderDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.trim().split('@')[1]?.toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}

/**
 * What the feed answers: the calendar for a current secret, 404 for anything else (an old secret
 * after a new address was made, a malformed one). Shared by the local server and the Edge Function;
 * `load` asks the database (private.calendar_feed) and returns null for an unknown secret.
 */
export async function feedResponse(
  file: string,
  load: (secret: string) => Promise<FeedBooking[] | null>,
  settings: { domain: string; siteUrl: string },
  method: string,
): Promise<Response> {
  const headers = {
    // The chef's bookings: never kept by a shared cache, never indexed, no referrer from it.
    'cache-control': 'private, no-cache',
    'x-robots-tag': 'noindex, nofollow',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
  if (method !== 'GET' && method !== 'HEAD') {
    return new Response('Method not allowed\n', { status: 405, headers: { ...headers, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' } });
  }
  const secret = feedSecret(file);
  const bookings = secret ? await load(secret) : null;
  if (!bookings) {
    return new Response('No calendar at this address\n', { status: 404, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } });
  }
  const body = calendarFeed(bookings, settings);
  return new Response(method === 'HEAD' ? null : body, {
    status: 200,
    headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8', 'content-disposition': 'inline; filename="bookings.ics"' },
  });
}

