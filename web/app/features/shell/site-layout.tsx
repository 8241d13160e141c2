import { Outlet } from 'react-router';
import { LazyToaster } from '~/components/layout/lazy-toaster.tsx';
import { AuthProvider } from '~/features/auth/index.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/**
 * Header, footer and toasts around every page but the splash page, inside the auth
 * context (which loads the backend client only when a session may exist or is asked for).
 */
export default function SiteLayout() {
  return (
    <AuthProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[200] focus:rounded focus:bg-gold focus:px-4 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col">
        <Header />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer />
      </div>
      <LazyToaster />
    </AuthProvider>
  );
}
