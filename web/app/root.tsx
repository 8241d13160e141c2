import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/root';
import { Analytics } from '~/features/analytics/analytics.tsx';
import { mediaImage } from '~/components/ui/picture.tsx';
import { href } from '~/paths.ts';
// Subset by scripts/build-fonts.ts; the first paint uses it (every page's h1).
import fraunces from './generated/fonts/fraunces.woff2?url';
import appCss from './app.css?url';

export const links: Route.LinksFunction = () => [
  // <Links /> comes first in <head> (see Layout), so the stylesheet and the fonts are requested first.
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: mediaImage('favicon').fallback, type: 'image/svg+xml' },
  { rel: 'preload', href: fraunces, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#121110" />
        {/* The local server writes its public anon key here; a hosted build sets VITE_SUPABASE_ANON_KEY. */}
        <meta name="supabase-anon-key" content={import.meta.env.VITE_SUPABASE_ANON_KEY ?? ''} />
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
  return (
    <>
      <Analytics />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl">{title}</h1>
      <p className="mt-4">
        Please try again, or <a href={href('home')} className="text-gold underline">go to the home page</a>.
      </p>
    </main>
  );
}
