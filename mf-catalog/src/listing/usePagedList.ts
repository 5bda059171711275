import { useCallback, useEffect, useRef, useState } from 'react';
import type { Article } from '@shop/contracts/types';
import { appendPage, emptyPaged, hasMore, remaining, type FetchedPage, type PagedState } from './paging.js';

export type FetchPage = (index: number, signal: AbortSignal) => Promise<FetchedPage>;

export interface PagedList {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  state: PagedState;
  hasMore: boolean;
  remaining: number;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * A listing fetched page by page ("Vis flere"). A new `key` starts over from the first page (index 0; the fetcher
 * maps it to the API's numbering); answers for an old key are dropped. `key` null = nothing to list yet.
 */
export function usePagedList(key: string | null, fetchPage: FetchPage, pageSize: number): PagedList {
  const [status, setStatus] = useState<PagedList['status']>(key === null ? 'idle' : 'loading');
  const [state, setState] = useState<PagedState>(() => emptyPaged(pageSize));
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const current = useRef<{ key: string | null; controller: AbortController | null }>({ key, controller: null });

  useEffect(() => {
    const controller = new AbortController();
    current.current = { key, controller };
    setState(emptyPaged(pageSize));
    setLoadingMore(false);
    if (key === null) {
      setStatus('idle');
      return () => controller.abort();
    }
    setStatus('loading');
    fetchRef.current(0, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState(appendPage(emptyPaged(pageSize), page));
        setStatus('ready');
      },
      () => !controller.signal.aborted && setStatus('failed'),
    );
    return () => controller.abort();
  }, [key, pageSize, attempt]);

  const loadMore = useCallback(() => {
    if (loadingMore || status !== 'ready' || !hasMore(state)) return;
    const { key: startedFor, controller } = current.current;
    if (!controller) return;
    setLoadingMore(true);
    fetchRef.current(state.pages, controller.signal).then(
      (page) => {
        if (controller.signal.aborted || current.current.key !== startedFor) return;
        setState((s) => appendPage(s, page));
        setLoadingMore(false);
      },
      () => {
        if (controller.signal.aborted) return;
        setLoadingMore(false);
        setStatus('failed');
      },
    );
  }, [loadingMore, status, state]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { status, state, hasMore: status === 'ready' && hasMore(state), remaining: remaining(state), loadingMore, loadMore, retry };
}
