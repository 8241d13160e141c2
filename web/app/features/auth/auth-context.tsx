// chunk: shell
import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { AUTH_STORAGE_KEY, getSupabase } from '~/lib/supabase.ts';

/** What every auth action answers: the backend's message on failure (may be empty), or null. */
export interface AuthResult {
  error: string | null;
  session: Session | null;
}

export interface AuthContextValue {
  session: Session | null;
  user: User | null;
  /** True until the first session has been read. */
  loading: boolean;
  /**
   * Whether this browser holds a stored session: `null` until it has been looked at (while hydrating
   * and in the transition right after), then whether a session is being read (`loading` stays true
   * while it is) or there is none to read.
   */
  storedSession: boolean | null;
  /** Loads the backend client and starts following auth changes. Safe to call any number of times. */
  connect(): Promise<SupabaseClient>;
  signIn(email: string, password: string): Promise<AuthResult>;
  signUp(email: string, password: string): Promise<AuthResult>;
  signOut(): Promise<AuthResult>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Whether this browser holds a stored session, read straight from local storage so that a visitor
 * who never signed in never downloads the backend client (docs/decisions/0004-first-load-budget.md). `null` while hydrating: the
 * prerendered HTML cannot know, so it renders the loading state. Read once hydrated and again on every
 * change of the storage in another tab, each time as a transition: a `useSyncExternalStore` whose value
 * differs from the HTML's re-renders every consumer of the session synchronously, in one microtask
 * right after hydration, which was one of the long tasks of a page's load on a phone
 * (docs/decisions/0037-the-session-hint-after-hydration-is-a-transition.md).
 */
function useStoredSessionHint(): boolean | null {
  const [hint, setHint] = useState<boolean | null>(null);
  useEffect(() => {
    const read = () => startTransition(() => setHint(readStoredSessionHint()));
    read();
    window.addEventListener('storage', read);
    return () => window.removeEventListener('storage', read);
  }, []);
  return hint;
}

function readStoredSessionHint(): boolean {
  try {
    return Boolean(window.localStorage.getItem(AUTH_STORAGE_KEY));
  } catch {
    // Storage blocked (private mode, settings): supabase-js cannot have stored a session either.
    return false;
  }
}

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : '';

/**
 * The session state of the site: starts loading, leaves loading once the first session
 * has been read, and follows every auth change (signed in, signed out, token refreshed, user
 * updated, password recovery, MFA challenge verified) through supabase-js's onAuthStateChange.
 */
export function AuthProvider({ children }: { children: React.ReactNode }) {
  const hint = useStoredSessionHint();
  const [auth, setAuth] = useState<{ ready: boolean; session: Session | null }>({ ready: false, session: null });
  const client = useRef<Promise<SupabaseClient> | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);
  const mounted = useRef(false);

  const connect = useCallback(() => {
    client.current ??= getSupabase().then(
      async (supabase) => {
        if (mounted.current && !unsubscribe.current) {
          // Every event (SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, USER_UPDATED, PASSWORD_RECOVERY,
          // MFA_CHALLENGE_VERIFIED, and INITIAL_SESSION) carries the session as it now is.
          const { data } = supabase.auth.onAuthStateChange((_event, session) => {
            if (mounted.current) setAuth({ ready: true, session });
          });
          unsubscribe.current = () => data.subscription.unsubscribe();
        }
        const { data } = await supabase.auth.getSession();
        if (mounted.current) setAuth({ ready: true, session: data.session });
        return supabase;
      },
      (error: unknown) => {
        // The client could not be loaded (offline?): show the signed-out state, try again next time.
        client.current = null;
        if (mounted.current) setAuth({ ready: true, session: null });
        throw error;
      },
    );
    return client.current;
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      unsubscribe.current?.();
      unsubscribe.current = null;
      client.current = null;
    };
  }, []);

  // A stored session may exist: load the client to read (and refresh) it.
  useEffect(() => {
    if (hint) connect().catch(() => {});
  }, [hint, connect]);

  const signIn = useCallback(
    async (email: string, password: string): Promise<AuthResult> => {
      try {
        const supabase = await connect();
        const { data, error } = await supabase.auth.signInWithPassword({ email, password });
        if (error) return { error: messageOf(error), session: null };
        setAuth({ ready: true, session: data.session });
        return { error: null, session: data.session };
      } catch (error) {
        return { error: messageOf(error), session: null };
      }
    },
    [connect],
  );

  const signUp = useCallback(
    async (email: string, password: string): Promise<AuthResult> => {
      try {
        const supabase = await connect();
        const { data, error } = await supabase.auth.signUp({ email, password });
        if (error) return { error: messageOf(error), session: null };
        if (data.session) setAuth({ ready: true, session: data.session });
        return { error: null, session: data.session };
      } catch (error) {
        return { error: messageOf(error), session: null };
      }
    },
    [connect],
  );

  const signOut = useCallback(async (): Promise<AuthResult> => {
    try {
      const supabase = await connect();
      const { error } = await supabase.auth.signOut();
      if (error) return { error: messageOf(error), session: null };
      setAuth({ ready: true, session: null });
      return { error: null, session: null };
    } catch (error) {
      return { error: messageOf(error), session: null };
    }
  }, [connect]);

  // Loading until hydrated; then only while a stored session is being read.
  const loading = hint === null || (hint && !auth.ready);
  const value = useMemo<AuthContextValue>(
    () => ({
      session: auth.session,
      user: auth.session?.user ?? null,
      loading,
      storedSession: hint,
      connect,
      signIn,
      signUp,
      signOut,
    }),
    [auth.session, loading, hint, connect, signIn, signUp, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/**
 * Starts supabase-js (what signing in needs) on the visitor's first key or tap, inside `within` when
 * given (a dialog's layer) or anywhere on the page: without a stored session it is not loaded during the
 * page's load nor in the frame that opens a dialog, but while the e-mail and password are typed (a
 * submit awaits it anyway). Used by /members, the console's sign-in and the auth dialog
 * (docs/decisions/0025-console-and-e-mail-pages-paint-first.md, 0033-the-auth-dialog-paints-in-the-tap.md).
 */
export function useConnectOnFirstInput(within?: RefObject<HTMLElement | null>) {
  const { connect } = useAuth();
  useEffect(() => {
    const target: EventTarget = within?.current ?? window;
    const start = () => {
      connect().catch(() => {});
      stop();
    };
    const stop = () => {
      target.removeEventListener('keydown', start, true);
      target.removeEventListener('pointerdown', start, true);
    };
    target.addEventListener('keydown', start, true);
    target.addEventListener('pointerdown', start, true);
    return stop;
  }, [connect, within]);
}
