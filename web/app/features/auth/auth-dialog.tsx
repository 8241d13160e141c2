import { LoaderCircle } from 'lucide-react';
import { startTransition, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button.tsx';
import { afterNextPaint } from '~/lib/after-next-paint.ts';
import { href } from '~/paths.ts';
import { useAuth, useConnectOnFirstInput } from './auth-context.tsx';
import { AuthForm, type AuthMode } from './auth-form.tsx';
import {
  DialogClose,
  DialogHeading,
  TABBABLE,
  keepTabInside,
  overlayClass,
  panelClass,
} from '~/components/ui/dialog-parts.tsx';
import { useLogout } from './use-logout.ts';

export interface AuthDialogCopy {
  title: string;
  description: string;
  /** The toast after logging in from this form, when not the members' one. */
  loginSuccess?: { title: string; description: string };
}

/**
 * The auth dialog: Login / Sign Up, or "Welcome!" and Logout when a session exists.
 *
 * `locked` is the private-route form (e.g. /members): it cannot be dismissed with Escape or a click
 * outside, it always shows the form, and its close control and "Back to Home" link go to /home.
 *
 * A modal of its own (`ModalLayer` below) rather than Radix Dialog: opening it is one React commit that
 * paints the dialog, with one style and layout pass (docs/decisions/0033-the-auth-dialog-paints-in-the-tap.md).
 * supabase-js is not started by opening it: it loads on the visitor's first key or tap inside the dialog
 * (a submit awaits it anyway).
 */
export function AuthDialog({
  open,
  onOpenChange,
  ids,
  locked,
}: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * The id of the button that opens it, which its owner renders and keeps (the header's, the same element
   * whether or not the dialog's code has loaded; focus goes back to it), and the dialog's, for the button's
   * `aria-controls`.
   */
  ids?: { trigger: string; dialog: string };
  /** Title and text of the private-route form. */
  locked?: AuthDialogCopy;
}) {
  const { session } = useAuth();
  const [mode, setMode] = useState<AuthMode>('login');
  const navigate = useNavigate();
  const { logout, pending } = useLogout();
  const signedIn = Boolean(session) && !locked;
  const id = useId();
  const triggerId = ids?.trigger ?? `${id}-trigger`;
  const dialogId = ids?.dialog ?? `${id}-dialog`;

  // Stable, so the dialog's content (below) is the same from one render to the next.
  const onOpenChangeRef = useRef(onOpenChange);
  useLayoutEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });
  const changeOpen = useCallback((next: boolean) => onOpenChangeRef.current?.(next), []);

  // The dialog is rendered into an element of its own that is in the page only while it is open. The
  // header mounts this component, closed, while the browser is idle, so the modal's elements are made
  // then, and the tap that opens it only puts them in the page
  // (docs/decisions/0045-the-auth-dialog-made-before-the-tap.md). Out of the page, nothing sees them:
  // not assistive technology, not a password manager, not another form's label. Once it closes, it is
  // made again (in a transition), so it opens as new, as it did when it was made in the tap.
  const [container] = useState(() => (typeof document === 'undefined' ? null : document.createElement('div')));
  const [closings, setClosings] = useState(0);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) startTransition(() => setClosings((n) => n + 1));
    wasOpen.current = open;
  }, [open]);
  // The modal's key follows the closings only while it is closed: reopened before the new one is made,
  // it is not made again under the visitor's hands.
  const [generation, setGeneration] = useState(closings);
  if (!open && generation !== closings) setGeneration(closings);

  const title = locked ? locked.title : signedIn ? 'Welcome!' : mode === 'login' ? 'Login' : 'Sign Up';
  const description = locked
    ? locked.description
    : signedIn
      ? `You're logged in as ${session?.user.email ?? 'a member'}.`
      : mode === 'login'
        ? 'Log in to watch the exclusive members-only videos.'
        : 'Create a free account to watch the exclusive members-only videos.';

  // Made again only when what it shows changes, not when it opens or closes: opening re-renders the
  // modal's frame alone, and React leaves the content as it is (decision 0045).
  const content = useMemo(
    () => (
      <>
        <DialogHeading id={id} title={title} description={description} />

        {signedIn ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <Link to={href('members')} onClick={() => changeOpen(false)} className={buttonClass('secondary')}>
              Members Area
            </Link>
            <Button
              disabled={pending}
              onClick={async () => {
                if (await logout()) changeOpen(false);
              }}
            >
              {pending && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
              Logout
            </Button>
          </div>
        ) : (
          <AuthForm
            mode={mode}
            onModeChange={setMode}
            onSuccess={() => changeOpen(false)}
            loginSuccess={locked?.loginSuccess}
          />
        )}

        {locked && (
          <p className="mt-6 border-t border-cream/10 pt-5 text-center">
            <Link to={href('home')} className="text-sm font-semibold text-gold underline-offset-4 hover:underline">
              Back to Home
            </Link>
          </p>
        )}

        <DialogClose
          label={locked ? 'Close and go to the home page' : 'Close'}
          onClick={() => (locked ? navigate(href('home')) : changeOpen(false))}
        />
      </>
    ),
    [id, title, description, signedIn, pending, logout, mode, locked, changeOpen, navigate],
  );

  if (!container) return null;
  return createPortal(
    <ModalLayer
      key={generation}
      container={container}
      open={open}
      id={dialogId}
      titleId={`${id}-title`}
      descriptionId={`${id}-description`}
      dismiss={locked ? undefined : () => changeOpen(false)}
      returnFocusTo={triggerId}
    >
      {content}
    </ModalLayer>,
    container,
  );
}

/**
 * A modal dialog at the end of <body> while open (`AuthDialog` renders it into `container`), over a dimmed page:
 * from just after the frame that shows it, everything else in <body> is out of reach of the keyboard,
 * the pointer and assistive technology, and the page does not scroll. Tab cycles inside it, focus starts
 * on its first field or button (not a link) and goes back where it was when it closes. `dismiss`, when
 * given, is called on Escape and on a click outside. Not the browser's `<dialog>.showModal()`: its top
 * layer would cover the toasts (z-[100]) that report a failed sign-in.
 */
function ModalLayer({
  container,
  open,
  id,
  titleId,
  descriptionId,
  dismiss,
  returnFocusTo,
  children,
}: {
  /** The element it is rendered into, which it puts at the end of <body> while open and takes out after. */
  container: HTMLDivElement;
  open: boolean;
  id: string;
  titleId: string;
  descriptionId: string;
  dismiss?: () => void;
  /** The id of the element focus goes back to when what was focused before is gone (the trigger). */
  returnFocusTo: string;
  children: React.ReactNode;
}) {
  const root = useRef(container);
  const panel = useRef<HTMLDivElement>(null);
  const dismissRef = useRef(dismiss);
  useLayoutEffect(() => {
    dismissRef.current = dismiss;
  });

  // Opening puts it in the page, in the commit, so the frame that opens it shows the dialog; right after
  // that frame is painted, focus moves in, the rest of the page is hidden from assistive technology and
  // stops scrolling. Focusing a field forces the style and layout of what was just shown, and <body>'s
  // overflow lays the page out again: done in the opening commit, that made the tap's frame (and, on
  // /members, the longest task of the load) longer (docs/decisions/0033-the-auth-dialog-paints-in-the-tap.md).
  // The overlay covers the page and takes every press from the first frame. `aria-hidden`, as Radix Dialog
  // did, not `inert`: making the page inert restyled every element of it; Tab is kept inside by the
  // handler below.
  useLayoutEffect(() => {
    if (!open) return;
    const body = document.body;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    body.append(container);
    let hidden: Element[] = [];
    let restoreBody: (() => void) | undefined;
    const lock = () => {
      const first = [...panel.current!.querySelectorAll<HTMLElement>(TABBABLE)].find((el) => el.localName !== 'a');
      // Unless the visitor already pressed into it.
      if (!panel.current!.contains(document.activeElement)) (first ?? panel.current!).focus({ preventScroll: true });
      const scrollbar = window.innerWidth - document.documentElement.clientWidth; // read before any change: no forced layout
      hidden = [...body.children].filter((el) => el !== container && el.getAttribute('aria-hidden') !== 'true');
      for (const el of hidden) el.setAttribute('aria-hidden', 'true');
      const { overflow, paddingRight } = body.style;
      body.style.overflow = 'hidden';
      if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
      restoreBody = () => Object.assign(body.style, { overflow, paddingRight });
    };
    const cancel = afterNextPaint(lock);
    return () => {
      cancel();
      container.remove();
      for (const el of hidden) el.removeAttribute('aria-hidden');
      restoreBody?.();
      const back = previous?.isConnected && previous !== body ? previous : document.getElementById(returnFocusTo);
      back?.focus({ preventScroll: true });
    };
  }, [open, container, returnFocusTo]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        dismissRef.current?.();
      } else keepTabInside(panel.current!, event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  // supabase-js (what signing in needs) loads on the first key or tap inside the dialog, not in the
  // frame that opens it.
  useConnectOnFirstInput(root);

  return (
    <>
      <div
        aria-hidden
        // No focus change on pressing it (the press's mousedown is not sent); its click dismisses.
        onPointerDown={(event) => event.preventDefault()}
        onClick={() => dismissRef.current?.()}
        className={overlayClass}
      />
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        className={panelClass}
      >
        {children}
      </div>
    </>
  );
}
