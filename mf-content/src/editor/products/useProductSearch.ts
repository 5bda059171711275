import { useEffect, useState } from 'react';
import { searchEditorProducts } from '@shop/contracts/api';
import type { EditorProduct } from '@shop/contracts/types';
import { MIN_QUERY_LENGTH, SEARCH_DELAY_MS } from './picker.js';

export type SearchState =
  | { status: 'idle' | 'short' | 'searching' | 'failed'; query: string; hits: EditorProduct[] }
  | { status: 'done'; query: string; hits: EditorProduct[] };

/**
 * The catalogue's products for what the editor types, `SEARCH_DELAY_MS` after the last keystroke; an answer to an
 * older query is dropped (its request aborted), so fast typing never shows stale hits.
 */
export function useProductSearch(query: string): SearchState {
  const trimmed = query.trim();
  const [state, setState] = useState<SearchState>({ status: 'idle', query: '', hits: [] });
  useEffect(() => {
    if (trimmed === '') return setState({ status: 'idle', query: '', hits: [] });
    if (trimmed.length < MIN_QUERY_LENGTH) return setState({ status: 'short', query: trimmed, hits: [] });
    setState((old) => ({ status: 'searching', query: trimmed, hits: old.hits }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchEditorProducts(trimmed, { signal: controller.signal }).then(
        (hits) => setState({ status: 'done', query: trimmed, hits }),
        () => {
          if (!controller.signal.aborted) setState({ status: 'failed', query: trimmed, hits: [] });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);
  return state;
}
