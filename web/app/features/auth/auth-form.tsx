import { LoaderCircle } from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import { Button } from '~/components/ui/button.tsx';
import { toast } from '~/components/ui/toast-store.ts';
import { useAuth } from './auth-context.tsx';
import { authCopy } from '@content/members.ts';
import { authFailed } from './auth-messages.ts';

export type AuthMode = 'login' | 'signup';

const noSubscription = () => () => {};

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-cream/20 bg-ink/60 px-4 py-3 text-base text-cream placeholder:text-muted/70 focus:border-gold focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold';

/**
 * Login / Sign Up: e-mail (browser e-mail check) and password, both
 * required; no client-side length check, the server enforces it and its message is shown. While
 * submitting, both buttons are disabled and the submit button shows a spinner.
 *
 * Where the form is part of a prerendered page (the console's sign-in, decision 0035) it does nothing
 * until hydrated: the fields are read-only and the button does not submit, so that nothing typed is lost
 * to hydration and the browser never submits the form itself (which would put the password in the
 * address). Rendered in the browser (the members' dialog), it works from its first render.
 */
export function AuthForm({
  mode,
  onModeChange,
  onSuccess,
  loginSuccess,
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSuccess?: () => void;
  /** The toast after logging in, when not the members' (e.g. the chef's console). */
  loginSuccess?: { title: string; description: string };
}) {
  const { signIn, signUp } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const id = useId();
  const login = mode === 'login';
  const ready = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    const { error, session } = await (login ? signIn(email.trim(), password) : signUp(email.trim(), password));
    setSubmitting(false);
    if (error !== null) {
      authFailed(login ? authCopy.signInFailed : authCopy.signUpFailed, error);
      return;
    }
    const success = login ? (loginSuccess ?? authCopy.loginSuccess) : authCopy.signUpSuccess;
    toast(session ? success : { title: success.title, description: authCopy.confirmEmail });
    setEmail('');
    setPassword('');
    onSuccess?.();
  }

  return (
    <form onSubmit={submit} className="grid gap-5" aria-busy={submitting}>
      <div>
        <label htmlFor={`${id}-email`} className="text-sm font-medium text-sand">
          Email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          readOnly={!ready}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-password`} className="text-sm font-medium text-sand">
          Password (min. 6 characters)
        </label>
        <input
          id={`${id}-password`}
          type="password"
          name="password"
          autoComplete={login ? 'current-password' : 'new-password'}
          required
          readOnly={!ready}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={inputClass}
        />
      </div>
      <Button type={ready ? 'submit' : 'button'} disabled={submitting} className="w-full">
        {submitting && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
        {submitting ? (login ? 'Logging in…' : 'Signing up…') : login ? 'Login' : 'Sign Up'}
      </Button>
      <p className="text-center text-sm text-muted">
        {login ? "Don't have an account?" : 'Already have an account?'}{' '}
        <button
          type="button"
          disabled={submitting}
          onClick={() => onModeChange(login ? 'signup' : 'login')}
          className="font-semibold text-gold underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:opacity-60"
        >
          {login ? 'Sign Up' : 'Login'}
        </button>
      </p>
    </form>
  );
}
