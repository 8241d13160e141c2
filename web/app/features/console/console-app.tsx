import { LoaderCircle } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { consoleCopy } from '@content/console.ts';
import { LazyToaster } from '~/components/layout/lazy-toaster.tsx';
import { AuthDialog, AuthProvider, LogoutButton, useAuth } from '~/features/auth/index.ts';
import { href } from '~/paths.ts';
import { isOwner } from './console-api.ts';
import { ConsoleShell } from './console-shell.tsx';
import { smallButton } from './data-table.tsx';

/**
 * /console: signed out → the auth dialog; signed in as an account without the owner role → a page
 * that says so and shows no data (the database would answer none anyway); the owner → the console.
 */
export function ConsoleApp() {
  return (
    <AuthProvider>
      <div className="min-h-dvh bg-ink text-cream">
        <ConsoleGate />
      </div>
      <LazyToaster />
    </AuthProvider>
  );
}

type OwnerState = { for: string; state: 'yes' | 'no' } | { for: string; state: 'error'; message: string };

function ConsoleGate() {
  const { session, loading, connect } = useAuth();
  const userId = session?.user.id;
  const [owner, setOwner] = useState<OwnerState | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    connect().catch(() => {});
  }, [connect]);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    isOwner(userId).then(
      (yes) => live && setOwner({ for: userId, state: yes ? 'yes' : 'no' }),
      (err: unknown) => live && setOwner({ for: userId, state: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [userId, attempt]);

  if (loading || (userId && owner?.for !== userId)) {
    return (
      <main id="main" className="grid min-h-dvh place-items-center">
        <p role="status" className="flex items-center gap-3 text-sand">
          <LoaderCircle aria-hidden className="size-6 animate-spin text-gold" /> Opening the console…
        </p>
      </main>
    );
  }
  if (!session) {
    return (
      <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
        <h1 className="text-3xl font-semibold">Chef’s console</h1>
        <p className="mt-4 text-sand">Sign in with the owner account to see bookings, recipes and messages.</p>
        <Suspense fallback={null}>
          <AuthDialog open locked={consoleCopy.signIn} />
        </Suspense>
      </main>
    );
  }
  if (owner?.state === 'error') {
    return (
      <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
        <h1 className="text-3xl font-semibold">The console could not load</h1>
        <p className="mt-4 text-sand">{owner.message}</p>
        <button type="button" className={`${smallButton} mt-6`} onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </main>
    );
  }
  if (owner?.state === 'no') return <NotOwner email={session.user.email ?? ''} />;
  return <ConsoleShell email={session.user.email ?? ''} userId={session.user.id} />;
}

function NotOwner({ email }: { email: string }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-semibold">This account is not the owner</h1>
      <p className="mt-4 text-sand">
        You are signed in as <strong className="break-all text-cream">{email}</strong>. The chef’s console is only for
        the account that holds the owner role; this one does not, so nothing here is shown to it.
      </p>
      <p className="mt-2 text-sm text-muted">If you are the chef, log out and sign in with the owner account.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Suspense fallback={null}>
          <LogoutButton />
        </Suspense>
        <Link to={href('home')} className={smallButton}>
          Go to the site
        </Link>
      </div>
    </main>
  );
}
