import { useCallback, useState } from 'react';
import { toast } from '~/components/ui/toast-store.ts';
import { useAuth } from './auth-context.tsx';
import { authCopy } from '@content/members.ts';
import { authFailed } from './auth-messages.ts';

/** Logs out with the required toasts; `pending` is true while the request runs. */
export function useLogout() {
  const { signOut } = useAuth();
  const [pending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    const { error } = await signOut();
    setPending(false);
    if (error !== null) {
      authFailed(authCopy.signOutFailed, error);
      return false;
    }
    toast(authCopy.loggedOut);
    return true;
  }, [signOut]);
  return { logout, pending };
}
