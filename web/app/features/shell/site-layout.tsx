import { Suspense, startTransition, useState } from 'react';
import { Outlet } from 'react-router';
import { LazyToaster } from '~/components/layout/lazy-toaster.tsx';
import { AuthProvider } from '~/features/auth/index.ts';
import { PreviewBanner, usePreviewTab } from '~/features/preview/index.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/**
 * Header, footer and toasts around every page but the splash page, inside the auth
 * context (which loads the backend client only when a session may exist or is asked for). In a preview
 * tab, the preview's banner; once it has read a directly loaded page's data from the drafts, the page is
 * drawn anew (`drawn`), since its prerendered parts keep the HTML they were hydrated with while mounted.
 */
export default function SiteLayout() {
  const preview = usePreviewTab();
  const [drawn, setDrawn] = useState(0);
  return (
    <AuthProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[200] focus:rounded focus:bg-gold focus:px-4 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <div key={drawn} className="flex min-h-dvh flex-col">
        <Header />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer />
      </div>
      {preview && (
        <Suspense fallback={null}>
          <PreviewBanner onRefreshed={() => startTransition(() => setDrawn((n) => n + 1))} />
        </Suspense>
      )}
      <LazyToaster />
    </AuthProvider>
  );
}
