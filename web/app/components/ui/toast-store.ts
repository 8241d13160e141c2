// chunk: shell
/**
 * The toast queue: a list of notifications of which one is visible at a time.
 * A module-level store so any component, hook or plain function can call `toast()`.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}
export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** One visible at a time. */
export const TOAST_LIMIT = 1;
/** Display time. */
export const TOAST_DURATION_MS = 5000;
/** Swipe distance (px) that dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD = 50;
/** The key that moves focus to the notifications. */
export const TOAST_HOTKEY = ['F8'];
/** How long a dismissed toast stays mounted for its exit animation. */
const REMOVE_DELAY_MS = 300;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  // The newest toast replaces older ones beyond the limit.
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: number) {
  emit(items.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(items.filter((t) => t.id !== id)), REMOVE_DELAY_MS);
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = () => items;
const empty: ToastItem[] = [];
export const getServerToasts = () => empty;
