import { useCallback, useEffect, useRef, useState } from 'react';

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
        if (live) setState((s) => ({ for: request, data: s.data, error: err instanceof Error ? err.message : String(err) }));
      },
    );
    return () => {
      live = false;
    };
  }, [request]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data: state.data, error: state.error, loading: state.for !== request, reload };
}
