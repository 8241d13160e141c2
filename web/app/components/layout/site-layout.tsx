import { Outlet } from 'react-router';
import { Toaster } from '~/components/ui/toaster.tsx';

/**
 * Header, footer and toasts around every page but the splash page (SPEC §2).
 * The header, footer and auth provider are filled in by the foundation's shell work.
 */
export default function SiteLayout() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[200] focus:rounded focus:bg-gold focus:px-4 focus:py-2 focus:text-ink">
        Skip to content
      </a>
      <main id="main">
        <Outlet />
      </main>
      <Toaster />
    </>
  );
}
