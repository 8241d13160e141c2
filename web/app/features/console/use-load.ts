import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '~/components/ui/toast-store.ts';

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` when `key` changes (and on reload()), keeping the last answer on screen while the
 * next one loads; an answer to a request that is no longer the latest is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [tick, setTick] = useState(0);
  const request = `${key}#${tick}`;
  const [state, setState] = useState<{ for?: string; data?: T; error: string | null }>({ error: null });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    let live = true;
    loadRef.current().then(
      (data) => {
        if (live) setState({ for: request, data, error: null });
      },
      (err: unknown) => {
        if (live)
          setState((s) => ({ for: request, data: s.data, error: err instanceof Error ? err.message : String(err) }));
      },
    );
    return () => {
      live = false;
    };
  }, [request]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data: state.data, error: state.error, loading: state.for !== request, reload };
}

/**
 * Opens the item a link names (`?section=bookings&booking=<id>`): fetches it by id and hands it to
 * `open`; one that is not there (deleted, or a mistyped link) is said in a toast and the link is left.
 */
export function useLinked<T>(
  id: string | null,
  get: (id: string) => Promise<T | null>,
  open: (item: T) => void,
  what: string,
  leave?: () => void,
) {
  const latest = useRef({ get, open, leave });
  useEffect(() => {
    latest.current = { get, open, leave };
  });
  useEffect(() => {
    if (!id) return;
    let live = true;
    latest.current.get(id).then(
      (item) => {
        if (!live) return;
        if (item) latest.current.open(item);
        else {
          toast({
            title: `This ${what} is not there`,
            description: `The link names a ${what} that does not exist (it may have been deleted).`,
            variant: 'destructive',
          });
          latest.current.leave?.();
        }
      },
      (err: unknown) => {
        if (live)
          toast({
            title: `Could not open the ${what}`,
            description: err instanceof Error ? err.message : String(err),
            variant: 'destructive',
          });
      },
    );
    return () => {
      live = false;
    };
  }, [id, what]);
}
