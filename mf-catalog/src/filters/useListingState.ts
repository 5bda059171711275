import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseListingState, writeListingState, type ListingState } from './urlState.js';

/**
 * The listing's filters and sort, read from and written to the URL query (each change is a history entry). The
 * router applies navigations in a transition, so the state is also kept locally: a ticked box stays ticked at once
 * instead of flicking back until the URL catches up. A URL change (back/forward, a link) always wins.
 */
export function useListingState(): [ListingState, (next: ListingState) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const [state, setState] = useState(() => parseListingState(params));
  useEffect(() => {
    setState(parseListingState(new URLSearchParams(key)));
  }, [key]);
  const update = useCallback(
    (next: ListingState) => {
      setState(next);
      setParams((current) => writeListingState(current, next));
    },
    [setParams],
  );
  return [state, update];
}
