import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseListingState, writeListingState, type ListingState } from './urlState.js';

/**
 * The listing's filters and sort, read from and written to the URL query (each change is a history entry). The
 * router applies navigations in a transition, so the state is also kept locally: a ticked box stays ticked at once
 * instead of flicking back until the URL catches up. A URL change (back/forward, a link) always wins, even one that
 * comes before the router caught up.
 */
export function useListingState(): [ListingState, (next: ListingState) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const [state, setState] = useState(() => parseListingState(params));
  useEffect(() => {
    setState(parseListingState(new URLSearchParams(key)));
  }, [key]);
  // Back/forward before the router committed the change (its transition is dropped for the popstate's): the router's
  // query then never differs from what this hook last saw, so the effect above does not run and the ticked box would
  // stay ticked over a URL without it. The address the browser went to wins.
  useEffect(() => {
    const onPopState = () => setState(parseListingState(new URLSearchParams(window.location.search)));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const update = useCallback(
    (next: ListingState) => {
      setState(next);
      setParams((current) => writeListingState(current, next));
    },
    [setParams],
  );
  return [state, update];
}
