import { useCallback, useEffect, useRef, useState } from 'react';
import type { Article } from '@shop/contracts/types';
import { appendPage, emptyPaged, hasMore, remaining, type FetchedPage, type PagedState } from './paging.js';

/** `signal` is left out where nothing can cancel (a page loader on the server). */
export type FetchPage = (index: number, signal?: AbortSignal) => Promise<FetchedPage>;

/** A listing's first page as a page loader fetched it on the server, for the key it was fetched for. */
export interface FirstPage {
  key: string;
  page: FetchedPage;
}

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
export function usePagedList(key: string | null, fetchPage: FetchPage, pageSize: number, first?: FirstPage | null): PagedList {
  // The server rendered the first page: the first render (server and hydration) shows it and the mount fetches nothing.
  const given = key !== null && first?.key === key ? first.page : null;
  const [status, setStatus] = useState<PagedList['status']>(given ? 'ready' : key === null ? 'idle' : 'loading');
  const [state, setState] = useState<PagedState>(() => (given ? appendPage(emptyPaged(pageSize), given) : emptyPaged(pageSize)));
  const skipFetch = useRef(given !== null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const current = useRef<{ key: string | null; controller: AbortController | null }>({ key, controller: null });

  useEffect(() => {
    const controller = new AbortController();
    current.current = { key, controller };
    if (skipFetch.current) {
      skipFetch.current = false;
      return () => controller.abort();
    }
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
