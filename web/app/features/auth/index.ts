// chunk: shell
import { lazy } from 'react';

/**
 * The auth feature's public entry: what other features may use (eslint.config.js lets them import
 * nothing else from here). What only a signed-in member or a visitor who asks for it uses is loaded on
 * first use, not with every page (the site shell imports this file): `AuthDialog` (Radix Dialog and the
 * form) and `LogoutButton` are lazy, to be rendered inside a <Suspense>; `preloadAuthDialog` starts the
 * dialog's download early (on hover or focus of its button).
 */
export { AuthProvider, useAuth, type AuthContextValue, type AuthResult } from './auth-context.tsx';
export type { AuthDialogCopy } from './auth-dialog.tsx';
/** The Login / Sign Up form without a dialog around it (the console's sign-in, features/console/sign-in-dialog.tsx). */
export { AuthForm, type AuthMode } from './auth-form.tsx';

const loadAuthDialog = () => import('./auth-dialog.tsx');
export const AuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.AuthDialog })));
export function preloadAuthDialog() {
  loadAuthDialog().catch(() => {});
}
export const LogoutButton = lazy(() => import('./logout-button.tsx'));
