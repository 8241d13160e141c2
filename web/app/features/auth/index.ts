// chunk: shell
import { createElement, lazy, useState } from 'react';

/**
 * The auth feature's public entry: what other features may use (eslint.config.js lets them import
 * nothing else from here). What only a signed-in member or a visitor who asks for it uses is loaded on
 * first use, not with every page (the site shell imports this file): `AuthDialog` (the dialog and the
 * form) and `LogoutButton` are lazy, to be rendered inside a <Suspense>; `preloadAuthDialog` starts the
 * dialog's download early (when the browser is idle after hydrating, on hover or focus of its button,
 * with the /members page). Once its code has arrived, `AuthDialog` renders it at once, so the frame after
 * the tap that opens it shows the dialog (docs/decisions/0033-the-auth-dialog-paints-in-the-tap.md).
 */
export {
  AuthProvider,
  useAuth,
  useConnectOnFirstInput,
  type AuthContextValue,
  type AuthResult,
} from './auth-context.tsx';
export type { AuthDialogCopy } from './auth-dialog.tsx';
/** The Login / Sign Up form without a dialog around it (the console's sign-in, features/console/sign-in-dialog.tsx). */
export { AuthForm, type AuthMode } from './auth-form.tsx';

type DialogModule = typeof import('./auth-dialog.tsx');
let dialogModule: DialogModule | undefined;
let dialogLoad: Promise<DialogModule> | undefined;
const loadAuthDialog = () =>
  (dialogLoad ??= import('./auth-dialog.tsx').then(
    (m) => (dialogModule = m),
    (error: unknown) => {
      dialogLoad = undefined; // try again next time (offline?)
      throw error;
    },
  ));
const LazyAuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.AuthDialog })));
type AuthDialogProps = React.ComponentProps<DialogModule['AuthDialog']>;
export function AuthDialog(props: AuthDialogProps) {
  // Chosen once per dialog: switching from the lazy one to the loaded one would remount it (and lose what was typed).
  const [Dialog] = useState(() => dialogModule?.AuthDialog ?? LazyAuthDialog);
  return createElement(Dialog, props);
}
/** Starts loading the dialog's code; resolves to whether it has arrived (false when it could not load: offline?). */
export function preloadAuthDialog(): Promise<boolean> {
  return loadAuthDialog().then(
    () => true,
    () => false,
  );
}
export const LogoutButton = lazy(() => import('./logout-button.tsx'));
