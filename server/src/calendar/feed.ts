import { createEvents, type EventAttributes } from 'ics';
import { calendarCopy } from '../../../content/calendar.ts';
import { bookingUid } from '../mail/calendar.ts';
import { instantIn, utcDateArray } from '../../../web/app/lib/zoned-time.ts';

/**
 * The chef's private calendar feed (RFC 5545, METHOD:PUBLISH): one event per confirmed booking, with
 * the UID of the invitation the visitor received (server/src/mail/calendar.ts), so a calendar that has
 * both shows one event. Dates and times are the booking's as typed, in the business's time zone,
 * written in UTC like the invitation. The client's stated allergies lead the description: it is
 * what the chef's phone shows on the day. Used by the local server (server/src/calendar/routes.ts) and the
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
  /** The accepted quote's allergies and dietary needs; null when no quote was accepted. */
  dietary: string | null;
}

export interface FeedSettings {
  /** The host part of the UIDs: the mail sender's domain (MAIL_FROM), as in the invitations. */
  domain: string;
  /** The public site, for each event's link to the booking in the console. */
  siteUrl: string;
  /** The business's time zone (content/site.ts timeZone). */
  timeZone: string;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** The console's page of one booking (web/app/features/console/console-shell.tsx). */
export function consoleBookingUrl(siteUrl: string, id: string) {
  return `${siteUrl.replace(/\/+$/, '')}/console?section=bookings&booking=${encodeURIComponent(id)}`;
}

export function calendarFeed(bookings: FeedBooking[], settings: FeedSettings): string {
  const copy = calendarCopy.feed;
  const hours = Math.floor(copy.durationHours);
  const minutes = Math.round((copy.durationHours - hours) * 60);
  const events: EventAttributes[] = bookings.map((b) => {
    const url = consoleBookingUrl(settings.siteUrl, b.id);
    const dietary = b.dietary?.trim();
    const description = [
      ...(dietary ? [fill(copy.dietary, { dietary })] : []),
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
      start: utcDateArray(instantIn(settings.timeZone, b.booking_date, b.booking_time)),
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { hours, minutes },
      title: fill(dietary ? copy.titleDietary : copy.title, {
        service: b.service_type,
        name: b.name,
        guests: String(b.guests),
        dietary: dietary && dietary.length > 60 ? `${dietary.slice(0, 59)}…` : (dietary ?? ''),
      }),
      description,
      location: b.location,
      url,
      status: 'CONFIRMED',
      classification: 'PRIVATE',
      lastModified: Date.parse(b.updated_at),
    };
  });
  const { error, value } = createEvents(events, {
    productId: 'chef-site/calendar',
    calName: copy.name,
    method: 'PUBLISH',
  });
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
  settings: FeedSettings,
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
    return new Response('Method not allowed\n', {
      status: 405,
      headers: { ...headers, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const secret = feedSecret(file);
  const bookings = secret ? await load(secret) : null;
  if (!bookings) {
    return new Response('No calendar at this address\n', {
      status: 404,
      headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const body = calendarFeed(bookings, settings);
  return new Response(method === 'HEAD' ? null : body, {
    status: 200,
    headers: {
      ...headers,
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="bookings.ics"',
    },
  });
}
