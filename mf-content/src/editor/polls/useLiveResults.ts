import { useCallback, useEffect, useRef, useState } from 'react';
import { getPollResults, isApiError } from '@shop/contracts/api';
import type { PollResults } from '@shop/contracts/types';

/** How often the open screen asks for new results. */
export const RESULTS_REFRESH_MS = 10_000;

export interface LiveResults {
  results: PollResults | null;
  /** When the shown results were fetched. */
  updatedAt: Date | null;
  failed: boolean;
  /** Fetch now (after opening or closing, after a refused save). */
  refresh(): void;
}

/**
 * A poll's results, fetched at once and every RESULTS_REFRESH_MS while the tab is visible: a hidden tab asks for
 * nothing and catches up when it is shown again; the timer and any request under way stop when the screen goes.
 * A failed refresh keeps the last results on screen (and says so) until the next one succeeds.
 */
export function useLiveResults(pollId: number | null): LiveResults {
  const [state, setState] = useState<{ results: PollResults | null; updatedAt: Date | null; failed: boolean }>({ results: null, updatedAt: null, failed: false });
  const inFlight = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    if (pollId === null) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    getPollResults(pollId, { signal: controller.signal }).then(
      (results) => {
        if (inFlight.current === controller) inFlight.current = null;
        setState({ results, updatedAt: new Date(), failed: false });
      },
      (error: unknown) => {
        if (isApiError(error) && error.kind === 'aborted') return;
        if (inFlight.current === controller) inFlight.current = null;
        setState((s) => ({ ...s, failed: true }));
      },
    );
  }, [pollId]);

  useEffect(() => {
    if (pollId === null) return;
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer !== null) return;
      refresh();
      timer = setInterval(refresh, RESULTS_REFRESH_MS);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
      inFlight.current?.abort();
      inFlight.current = null;
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? stop() : start());
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stop();
    };
  }, [pollId, refresh]);

  return { ...state, refresh };
}
