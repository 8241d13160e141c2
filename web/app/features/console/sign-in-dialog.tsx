import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { consoleCopy } from '@content/console.ts';
import {
  DialogClose,
  DialogHeading,
  TABBABLE,
  keepTabInside,
  overlayClass,
  panelClass,
} from '~/components/ui/dialog-parts.tsx';
import { AuthForm, type AuthMode } from '~/features/auth/index.ts';
import { href } from '~/paths.ts';

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
    if (settled && box && !box.contains(document.activeElement))
      box.querySelector<HTMLElement>(TABBABLE)?.focus({ preventScroll: true });
  }, [settled]);

  return (
    <>
      <div className={overlayClass} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        tabIndex={-1}
        onKeyDown={(event) => keepTabInside(event.currentTarget, event)}
        className={panelClass}
      >
        <DialogHeading id={id} title={copy.title} description={copy.description} />
        <AuthForm mode={mode} onModeChange={setMode} loginSuccess={copy.loginSuccess} />
        <p className="mt-6 border-t border-cream/10 pt-5 text-center">
          <Link to={href('home')} className="text-sm font-semibold text-gold underline-offset-4 hover:underline">
            Back to Home
          </Link>
        </p>
        <DialogClose label="Close and go to the home page" onClick={() => navigate(href('home'))} />
      </div>
    </>
  );
}
