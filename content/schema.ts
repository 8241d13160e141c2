import { z } from 'zod';

/** Brand settings: the placeholders of docs/specification.md ({phone}, {email}, {product}, ids) with defaults. */
export const SiteSchema = z.object({
  name: z.string().min(1),
  chefName: z.string().min(1),
  tagline: z.string().min(1),
  description: z.string().min(1),
  /** Public origin used in canonical URLs, Open Graph and the sitemap (no trailing slash). */
  origin: z
    .string()
    .url()
    .refine((u) => !u.endsWith('/'), 'no trailing slash'),
  phone: z.string().min(1),
  email: z.string().email(),
  /** The {product} of /watch-{product}. */
  watchSlug: z.string().regex(/^[a-z0-9-]+$/),
  channelUrl: z.string().url(),
  /** Third-party channel widget embed id; empty = show our own video cards instead. */
  channelWidgetId: z.string(),
  /** Analytics measurement id (e.g. G-XXXX); empty = no analytics. */
  analyticsId: z.string(),
  /** The mobile cash-app payment link encoded in the /payment QR code. */
  paymentUrl: z.string().url(),
  paymentHandle: z.string().min(1),
  serviceArea: z.string().min(1),
  address: z.object({ locality: z.string(), region: z.string(), country: z.string() }),
  /**
   * The business's time zone (an IANA name): "today", the booking form's dates, the calendar and the
   * database's day checks are this zone's (docs/decisions/0021-calendar.md).
   */
  timeZone: z.string().refine((tz) => {
    try {
      return (
        /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$|^UTC$/.test(tz) &&
        new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone !== ''
      );
    } catch {
      return false;
    }
  }, 'an IANA time zone name such as America/New_York'),
});
export type Site = z.infer<typeof SiteSchema>;

export const PageMetaSchema = z.object({
  title: z.string().min(1).max(70),
  description: z.string().min(50).max(170),
  keywords: z.array(z.string().min(1)).min(1),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;
