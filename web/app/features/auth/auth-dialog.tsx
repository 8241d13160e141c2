import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button.tsx';
import { href } from '~/paths.ts';
import { useAuth } from './auth-context.tsx';
import { AuthForm, type AuthMode } from './auth-form.tsx';
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
 */
export function AuthDialog({
  open,
  onOpenChange,
  trigger,
  locked,
}: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens it (rendered as the dialog's trigger). */
  trigger?: React.ReactNode;
  /** Title and text of the private-route form. */
  locked?: AuthDialogCopy;
}) {
  const { session, connect } = useAuth();
  const [mode, setMode] = useState<AuthMode>('login');
  const navigate = useNavigate();
  const { logout, pending } = useLogout();
  const signedIn = Boolean(session) && !locked;

  const changeOpen = (next: boolean) => {
    if (next) connect().catch(() => {});
    onOpenChange?.(next);
  };
  const keepOpen = (event: Event) => {
    if (locked) event.preventDefault();
  };

  const title = locked ? locked.title : signedIn ? 'Welcome!' : mode === 'login' ? 'Login' : 'Sign Up';
  const description = locked
    ? locked.description
    : signedIn
      ? `You're logged in as ${session?.user.email ?? 'a member'}.`
      : mode === 'login'
        ? 'Log in to watch the exclusive members-only videos.'
        : 'Create a free account to watch the exclusive members-only videos.';

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/80 backdrop-blur-sm" />
        <Dialog.Content
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          className="fixed top-1/2 left-1/2 z-[61] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-gold/25 bg-charcoal p-6 shadow-2xl sm:p-8"
        >
          <Dialog.Title className="pr-8 font-display text-2xl font-semibold text-cream sm:text-3xl">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 mb-6 text-sm text-sand">{description}</Dialog.Description>

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
            <AuthForm mode={mode} onModeChange={setMode} onSuccess={() => changeOpen(false)} loginSuccess={locked?.loginSuccess} />
          )}

          {locked && (
            <p className="mt-6 border-t border-cream/10 pt-5 text-center">
              <Link to={href('home')} className="text-sm font-semibold text-gold underline-offset-4 hover:underline">
                Back to Home
              </Link>
            </p>
          )}

          {locked ? (
            <button
              type="button"
              aria-label="Close and go to the home page"
              onClick={() => navigate(href('home'))}
              className="absolute top-4 right-4 rounded-full p-2 text-muted hover:text-cream"
            >
              <X aria-hidden className="size-5" />
            </button>
          ) : (
            <Dialog.Close aria-label="Close" className="absolute top-4 right-4 rounded-full p-2 text-muted hover:text-cream">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
