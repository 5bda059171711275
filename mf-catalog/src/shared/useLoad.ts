import { useCallback, useEffect, useState, type DependencyList } from 'react';

export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: unknown };

/**
 * Runs `load` whenever `deps` change and tracks its state; an answer that arrives after the deps changed (or after
 * unmount) is dropped, so a slow first request never overwrites a newer one. `reload` runs it again.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
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
