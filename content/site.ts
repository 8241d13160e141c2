// chunk: shell
import { SiteSchema } from './schema.ts';

/**
 * A build-time setting: Vite's `import.meta.env` in the bundle, the process environment where this
 * module is evaluated by Node (react-router.config.ts, the build's content plugin, scripts).
 */
function setting(name: 'VITE_SITE_ORIGIN' | 'VITE_CHANNEL_WIDGET_ID' | 'VITE_ANALYTICS_ID'): string | undefined {
  const fromVite = (import.meta as { env?: Record<string, string | undefined> }).env?.[name];
  if (fromVite) return fromVite;
  return typeof process !== 'undefined' ? process.env[name] || undefined : undefined;
}

/**
 * Brand settings. Edit here: every page, link, QR code and head tag reads these values.
 * Environment variables prefixed VITE_ may override some at build time (docs/configuration.md).
 */
export const site = SiteSchema.parse({
  name: 'Chef Feva',
  chefName: 'Chef Feva',
  tagline: 'Private chef & catering',
  description:
    'Chef Feva cooks bold, fresh, soulful food for private dinners, catered events, cooking classes and weekly meal prep.',
  origin: setting('VITE_SITE_ORIGIN') ?? 'https://cheffeva.example',
  phone: '+1 (555) 013-2024',
  email: 'bookings@cheffeva.example',
  watchSlug: 'chef-feva',
  channelUrl: 'https://www.youtube.com/@cheffeva',
  channelWidgetId: setting('VITE_CHANNEL_WIDGET_ID') ?? '',
  analyticsId: setting('VITE_ANALYTICS_ID') ?? '',
  paymentUrl: 'https://cash.app/$ChefFeva',
  paymentHandle: '$ChefFeva',
  serviceArea: 'Nationwide',
  address: { locality: 'Atlanta', region: 'GA', country: 'US' },
  // The database keeps the same name (public.calendar_settings.time_zone): the local server writes it
  // there at start; on hosted Supabase, docs/deploy.md has the statement.
  timeZone: 'America/New_York',
});

/**
 * Off (false), the contact form and the newsletter form keep what a visitor sends in that browser's
 * local storage only, with no server call. On (true), they also deliver it to the chef: contact
 * messages into the console's Messages inbox, newsletter addresses into its Subscribers list
 * (tables contact_messages and newsletter_subscribers); local storage is written too.
 * A plain constant, so the build leaves the delivery code out entirely while it is off.
 */
export const deliverFormsToChef = false as boolean;
