import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The security headers of the site's pages, as a careful host sends them. The Content-Security-Policy
 * allows the site's own origin and, only when the build configured them, the third parties SPEC
 * embeds: the analytics script (Google Analytics 4), the channel widget (Elfsight), the video
 * player (youtube-nocookie.com frames) and a hosted Supabase project. Inline scripts (React Router
 * writes its context and module loader into every prerendered page) are allowed by their SHA-256
 * hashes, computed from each page as it is served, never by 'unsafe-inline'.
 *
 * The same headers for a static host: `build/client/_headers` (written by scripts/build/postbuild.ts)
 * and docs/deploy.md.
 */

/** What the build put into the pages (scripts/build/postbuild.ts writes it to build/security-headers.json). */
export interface ThirdParties {
  analytics: boolean;
  channelWidget: boolean;
  /** A hosted Supabase project's origin (VITE_SUPABASE_URL); unset: the site's own origin. */
  supabaseOrigin?: string;
}

export const SETTINGS_FILE = 'security-headers.json';

/** Reads what the build wrote beside `staticDir` (build/client → build/security-headers.json); none: no third party. */
export function readThirdParties(staticDir: string): ThirdParties {
  try {
    const parsed = JSON.parse(
      fs.readFileSync(path.join(staticDir, '..', SETTINGS_FILE), 'utf8'),
    ) as Partial<ThirdParties>;
    const origin =
      typeof parsed.supabaseOrigin === 'string' && /^https?:\/\/[^/\s;,']+$/.test(parsed.supabaseOrigin)
        ? parsed.supabaseOrigin
        : undefined;
    return {
      analytics: parsed.analytics === true,
      channelWidget: parsed.channelWidget === true,
      supabaseOrigin: origin,
    };
  } catch {
    return { analytics: false, channelWidget: false };
  }
}

/** `'sha256-…'` of every inline script of an HTML page (scripts with a `src` are covered by their origin). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes].sort();
}

/** The Content-Security-Policy of a page with these inline scripts. */
export function contentSecurityPolicy(tp: ThirdParties, opts: { scriptHashes?: string[]; tls?: boolean } = {}): string {
  const script = ["'self'", ...(opts.scriptHashes ?? [])];
  const connect = ["'self'"];
  const img = ["'self'", 'data:', 'blob:'];
  const frame = ['https://www.youtube-nocookie.com'];
  const style = ["'self'", "'unsafe-inline'"];
  const font = ["'self'", 'data:'];
  if (tp.supabaseOrigin) {
    connect.push(tp.supabaseOrigin, tp.supabaseOrigin.replace(/^http/, 'ws'));
    img.push(tp.supabaseOrigin);
  }
  if (tp.analytics) {
    // Google's published list for GA4 (gtag.js): the script, its beacons and its pixels.
    script.push('https://www.googletagmanager.com');
    connect.push('https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com');
    img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
  }
  if (tp.channelWidget) {
    // The widget's loader, what it loads and calls, the thumbnails of the channel's videos and
    // the players it opens.
    script.push('https://static.elfsight.com', 'https://*.elfsight.com', 'https://*.elfsightcdn.com');
    connect.push('https://*.elfsight.com', 'https://*.elfsightcdn.com');
    img.push(
      'https://*.elfsight.com',
      'https://*.elfsightcdn.com',
      'https://i.ytimg.com',
      'https://*.ggpht.com',
      'https://*.googleusercontent.com',
    );
    frame.push('https://www.youtube.com', 'https://*.elfsight.com');
    font.push('https://*.elfsightcdn.com', 'https://fonts.gstatic.com');
    style.push('https://fonts.googleapis.com');
  }
  const directives = [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    `style-src ${style.join(' ')}`,
    `img-src ${img.join(' ')}`,
    `font-src ${font.join(' ')}`,
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frame.join(' ')}`,
    "media-src 'self' blob:",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ];
  if (opts.tls) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/**
 * What a page may use of the browser: nothing the site does not need. Fullscreen and autoplay stay
 * for the video player's frames; the rest is off for the page and every frame. Only features
 * Chromium knows are named: an unknown one makes it log a warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self "https://www.youtube-nocookie.com" "https://www.youtube.com")',
  'camera=()',
  'display-capture=()',
  'encrypted-media=(self "https://www.youtube-nocookie.com" "https://www.youtube.com")',
  'fullscreen=(self "https://www.youtube-nocookie.com" "https://www.youtube.com")',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=(self "https://www.youtube-nocookie.com" "https://www.youtube.com")',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Two years, subdomains included: the policy hosts submit to browsers' preload lists. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** Headers every answer of the site carries (pages add their CSP). */
export function baseSecurityHeaders(tls: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (tls) headers['Strict-Transport-Security'] = STRICT_TRANSPORT_SECURITY;
  return headers;
}

/**
 * Pages that read a secret from their address (the preview of the chef's drafts, docs/site-editing.md): never
 * stored by a browser or a cache, never indexed. Served so by the local server (static.ts) and, for static
 * hosts, in `_headers` (scripts/build/security-headers-files.ts).
 */
export const PRIVATE_PAGES: readonly string[] = ['/preview'];
export const PRIVATE_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};
