import { LoaderCircle } from 'lucide-react';
import { Fragment, lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LazyToaster } from '~/components/layout/lazy-toaster.tsx';
import { AuthProvider, LogoutButton, useAuth, useConnectOnFirstInput } from '~/features/auth/index.ts';
import { href } from '~/paths.ts';
import { isOwner } from './console-api.ts';
import { smallButton } from './buttons.ts';
import { preloadSection, sectionOf } from './sections.ts';
import { SignInDialog } from './sign-in-dialog.tsx';

/**
 * The owner's console (its header, sections and their libraries) is a chunk of its own, loaded once a
 * session is known, alongside the owner check: an anonymous visit, which the page's HTML already shows
 * the start of, downloads none of it (docs/decisions/0025-console-and-e-mail-pages-paint-first.md).
 */
const loadShell = () => import('./console-shell.tsx');
const ConsoleShell = lazy(() => loadShell().then((m) => ({ default: m.ConsoleShell })));

/**
 * /console: signed out (the prerendered page, which hydrates as it is: the heading, what to do, and the
 * sign-in dialog) → with a stored session, loading (the same heading and paragraph, "Opening the
 * console…") while it is read; signed in as an account without the owner role → a page
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
  const { session, loading, storedSession } = useAuth();
  const userId = session?.user.id;
  const [owner, setOwner] = useState<OwnerState | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { search } = useLocation();

  // A stored session is read by AuthProvider at once. Without one, supabase-js (the sign-in's client)
  // loads on the visitor's first key or tap, while the e-mail and password are typed, not during the
  // page's load, where its evaluation was the anonymous console's longest task on a phone
  // (docs/decisions/0025-console-and-e-mail-pages-paint-first.md).
  useConnectOnFirstInput();

  useEffect(() => {
    if (!userId) return;
    // The console's code loads while the database says whether this account is the owner.
    loadShell().catch(() => {});
    preloadSection(sectionOf(search));
    let live = true;
    isOwner(userId).then(
      (yes) => live && setOwner({ for: userId, state: yes ? 'yes' : 'no' }),
      (err: unknown) =>
        live && setOwner({ for: userId, state: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
    // The section is the one in the address when the session became known; later changes load their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, attempt]);

  // Signed out and loading are one page (<Front>). Its prerendered HTML, and so the render that hydrates
  // it, is the signed-out page, which a visitor without a stored session (and Lighthouse) keeps: its
  // hydration changes nothing. With a stored session the page turns to the loading state once the
  // session hint has been read after hydrating (the paragraph's words change) until the session is read
  // (docs/decisions/0035-console-signs-in-from-its-html.md, 0037-the-session-hint-after-hydration-is-a-transition.md).
  const reading = storedSession === true && loading;
  if (!session || owner?.for !== userId)
    return <Front signedOut={!session && !reading} settled={storedSession !== null && !loading} />;
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
  return (
    <Suspense fallback={<Front signedOut={false} />}>
      <ConsoleShell email={session.user.email ?? ''} userId={session.user.id} />
    </Suspense>
  );
}

/**
 * The console's front page: signed out (the prerendered HTML, with the sign-in dialog) or loading (a
 * stored session being read, the owner check, the console's code). The paragraph is one element in
 * both, so a browser counts the page's largest text as painted with the HTML: the loading words are as
 * long as the signed-out ones (docs/decisions/0025-console-and-e-mail-pages-paint-first.md). While the
 * modal sign-in is open the page behind it is inert: not focusable, not read by assistive technology.
 */
function Front({ signedOut, settled = false }: { signedOut: boolean; settled?: boolean }) {
  return (
    <>
      <main id="main" inert={signedOut} className="mx-auto max-w-xl px-6 py-24 text-center">
        <h1 className="text-3xl font-semibold">Chef’s console</h1>
        <p className="mt-4 text-sand">
          {/* A new text node (keyed), not the painted one rewritten: centred text that changes would count
              as moved (a layout shift); new words in the same paragraph count as neither a shift nor a new paint. */}
          <Fragment key={signedOut ? 'signed-out' : 'loading'}>
            {signedOut
              ? 'Sign in with the owner account to see bookings, recipes and messages.'
              : 'The business’s bookings, calendar, recipes and messages, for the owner account only.'}
          </Fragment>
        </p>
        {!signedOut && (
          <p role="status" className="mt-6 flex items-center justify-center gap-3 text-sand">
            <LoaderCircle aria-hidden className="size-6 animate-spin text-gold" /> Opening the console…
          </p>
        )}
      </main>
      {signedOut && <SignInDialog settled={settled} />}
    </>
  );
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
