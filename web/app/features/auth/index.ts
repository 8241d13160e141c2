import { lazy } from 'react';

/**
 * The auth feature's public entry: what other features may use (eslint.config.js lets them import
 * nothing else from here). The dialog (Radix Dialog and the form) is loaded on first use, not with
 * every page: `AuthDialog` is lazy, to be rendered inside a <Suspense>, and `preloadAuthDialog`
 * starts its download early (on hover or focus of its button).
 */
export { AuthProvider, useAuth, type AuthContextValue, type AuthResult } from './auth-context.tsx';
export { useLogout } from './use-logout.ts';
export type { AuthDialogCopy } from './auth-dialog.tsx';

const loadAuthDialog = () => import('./auth-dialog.tsx');
export const AuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.AuthDialog })));
export function preloadAuthDialog() {
  loadAuthDialog().catch(() => {});
}
