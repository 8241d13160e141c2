import { SiteSchema } from './schema.ts';

/**
 * Brand settings. Edit here: every page, link, QR code and head tag reads these values.
 * Environment variables prefixed VITE_ may override some at build time (see README).
 */
export const site = SiteSchema.parse({
  name: 'Chef Feva',
  chefName: 'Chef Feva',
  tagline: 'Private chef & catering',
  description:
    'Chef Feva cooks bold, fresh, soulful food for private dinners, catered events, cooking classes and weekly meal prep.',
  origin: import.meta.env?.VITE_SITE_ORIGIN ?? 'https://cheffeva.example',
  phone: '+1 (555) 013-2024',
  email: 'bookings@cheffeva.example',
  watchSlug: 'chef-feva',
  channelUrl: 'https://www.youtube.com/@cheffeva',
  channelWidgetId: import.meta.env?.VITE_CHANNEL_WIDGET_ID ?? '',
  analyticsId: import.meta.env?.VITE_ANALYTICS_ID ?? '',
  paymentUrl: 'https://cash.app/$ChefFeva',
  paymentHandle: '$ChefFeva',
  serviceArea: 'Nationwide',
  address: { locality: 'Atlanta', region: 'GA', country: 'US' },
});
