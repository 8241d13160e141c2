import { useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/root';
import { Analytics } from '~/features/analytics/analytics.tsx';
import { mediaImage } from '~/components/ui/picture.tsx';
import { markPageHydrated } from '~/components/layout/static-html.tsx';
import { ScrollRestoration } from '~/components/layout/scroll-restoration.tsx';
import { href } from '~/paths.ts';
import { siteContentFor } from '~/lib/site-content.server.ts';
import { pageData } from '~/lib/page-data.ts';
import { previewOr, resumePreview } from '~/features/preview/index.ts';
// Subset by scripts/build/fonts.ts; the first paint uses it (every page's h1).
import fraunces from './generated/fonts/fraunces.woff2?url';
import appCss from './app.css?url';

export const links: Route.LinksFunction = () => [
  // <Links /> comes first in <head> (see Layout), so the stylesheet and the fonts are requested first.
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: mediaImage('favicon').fallback, type: 'image/svg+xml' },
  { rel: 'preload', href: fraunces, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

/**
 * The brand settings every page shows (header, footer, head): published content, so they travel as this
 * route's data in the prerendered HTML and `.data` files, not in the scripts (docs/site-editing.md).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return pageData.root(await siteContentFor(context));
}
/** In a preview tab, the brand settings of the drafts (the preview revalidates this route when it opens). */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => previewOr('root', serverLoader);

/**
 * The public anon key: a hosted build sets VITE_SUPABASE_ANON_KEY; otherwise the prerendered meta tag is
 * empty and the local server writes its key into it (docs/decisions/0002-anon-key-in-html.md). In the
 * browser the tag is rendered with the key the page already holds: React hydrates a <meta> by finding one
 * with the same attributes in <head>, and would add a second, empty one if the content differed.
 */
function anonKey(): string {
  if (import.meta.env.VITE_SUPABASE_ANON_KEY) return import.meta.env.VITE_SUPABASE_ANON_KEY;
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLMetaElement>('meta[name="supabase-anon-key"]')?.content ?? '';
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#121110" />
        <meta name="supabase-anon-key" content={anonKey()} />
        <Links />
        <Meta />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // From now on a <StaticHtml> part renders its children (a page reached inside the site). In a preview tab,
  // a page loaded directly goes back through /preview to be built from the drafts.
  useEffect(markPageHydrated, []);
  useEffect(resumePreview, []);
  return (
    <>
      <Analytics />
      <Outlet />
    </>
  );
}

/**
 * React Router's SPA fallback (`__spa-fallback.html`, which a host may serve for a path the build did
 * not prerender) shows this until the route's code has loaded. It is also its first paint, which
 * starts the scripts (scripts/build/defer-hydration.ts): an empty page would wait for the unpainted-tab
 * fallback instead. /console, /mail-action and /quote are prerendered as their own loading state
 * instead (web/app/prerender.ts, decision 0025).
 */
export function HydrateFallback() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <p role="status" className="text-sand">
        Loading…
      </p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl">{title}</h1>
      <p className="mt-4">
        Please try again, or{' '}
        <a href={href('home')} className="text-gold underline">
          go to the home page
        </a>
        .
      </p>
    </main>
  );
}
