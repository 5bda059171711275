import { useEffect, useRef, useState, type DependencyList } from 'react';
import { ApiError } from '@shop/contracts/api';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'missing' } | { status: 'failed' };

/**
 * Runs a loader on mount and when `deps` change; 404 is "missing", any other failure "failed". `initial`, when it
 * gives data, is the first render's data (say what the server wrote into the page): the mount's load is skipped.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  initial?: () => T | undefined,
): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>(() => {
    const data = initial?.();
    return data === undefined ? { status: 'loading' } : { status: 'ready', data };
  });
  const skipLoad = useRef(state.status === 'ready');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (skipLoad.current) {
      skipLoad.current = false;
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed' });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}
