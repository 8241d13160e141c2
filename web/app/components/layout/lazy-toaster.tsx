// chunk: shell
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getServerToasts, getToasts, subscribeToasts } from '~/components/ui/toast-store.ts';

const Toaster = lazy(() => import('~/components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

let used = false;
/** True from the first toast on (and stays true, so the F8 hotkey keeps working afterwards). */
const wasUsed = () => (used ||= getToasts().length > 0);

/**
 * The toasts' renderer (Radix Toast) loads with the first toast, not with every page (docs/decisions/0004-first-load-budget.md):
 * `toast()` only writes to the store, which keeps the toast until the renderer shows it.
 */
export function LazyToaster() {
  const needed = useSyncExternalStore(subscribeToasts, wasUsed, () => getServerToasts().length > 0);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
