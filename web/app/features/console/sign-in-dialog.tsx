import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { consoleCopy } from '@content/console.ts';
import { AuthForm, type AuthMode } from '~/features/auth/index.ts';
import { href } from '~/paths.ts';

/** What Tab moves between inside the dialog (the form's fields and buttons, the link, the close button). */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The console's sign-in: the members' locked auth dialog as the chef sees it (the same overlay, panel,
 * texts and form, `AuthForm`), built from plain elements so that it is part of the page's prerendered
 * HTML and hydrates with it, instead of Radix Dialog's portal, presence and focus scope being created,
 * laid out and focused on a phone during the load (docs/decisions/0035-console-signs-in-from-its-html.md).
 * It behaves as the locked dialog: modal (the page behind is `inert`, console-app.tsx), the e-mail field
 * focused once hydrated, Tab kept inside, Escape and clicks outside do nothing; the close button and
 * "Back to Home" go to /home.
 */
export function SignInDialog({ settled }: { settled: boolean }) {
  const [mode, setMode] = useState<AuthMode>('login');
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const copy = consoleCopy.signIn;

  // As a modal dialog opens: focus on its first field, unless the visitor already chose one. Only once
  // the page knows it stays signed out (`settled`): a visitor with a stored session never gets it focused.
  useEffect(() => {
    const box = panel.current;
    if (settled && box && !box.contains(document.activeElement)) box.querySelector<HTMLElement>(TABBABLE)?.focus({ preventScroll: true });
  }, [settled]);

  /** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
  const keepFocusInside = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const all = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
    const first = all[0];
    const last = all[all.length - 1];
    if (!first || !last) return;
    if (event.shiftKey ? document.activeElement === first || document.activeElement === event.currentTarget : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  };

  return (
    <>
      <div className="fixed inset-0 z-[60] bg-ink/80 backdrop-blur-sm" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        tabIndex={-1}
        onKeyDown={keepFocusInside}
        className="fixed top-1/2 left-1/2 z-[61] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-gold/25 bg-charcoal p-6 shadow-2xl sm:p-8"
      >
        <h2 id={`${id}-title`} className="pr-8 font-display text-2xl font-semibold text-cream sm:text-3xl">
          {copy.title}
        </h2>
        <p id={`${id}-description`} className="mt-2 mb-6 text-sm text-sand">
          {copy.description}
        </p>
        <AuthForm mode={mode} onModeChange={setMode} loginSuccess={copy.loginSuccess} />
        <p className="mt-6 border-t border-cream/10 pt-5 text-center">
          <Link to={href('home')} className="text-sm font-semibold text-gold underline-offset-4 hover:underline">
            Back to Home
          </Link>
        </p>
        <button
          type="button"
          aria-label="Close and go to the home page"
          onClick={() => navigate(href('home'))}
          className="absolute top-4 right-4 rounded-full p-2 text-muted hover:text-cream"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
    </>
  );
}
