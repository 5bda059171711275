import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: unknown };

/**
 * Runs `load` whenever `deps` change and tracks its state; an answer that arrives after the deps changed (or after
 * unmount) is dropped, so a slow first request never overwrites a newer one. `reload` runs it again. `initial`, when
 * it gives a value, is the first render's value (say what the server wrote into the page): the mount's load is
 * skipped.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  initial?: () => T | undefined,
): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>(() => {
    const value = initial?.();
    return value === undefined ? { status: 'loading' } : { status: 'ready', value };
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
      (value) => !controller.signal.aborted && setState({ status: 'ready', value }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'failed', error }),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, reload];
}
