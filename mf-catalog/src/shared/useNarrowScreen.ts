import { useSyncExternalStore } from 'react';
import { useUnit } from 'effector-react';
import { MOBILE_BREAKPOINT_PX } from '@shop/contracts/constants';
import { $viewportWidth } from '@shop/contracts/ssr';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const narrow = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false);

/**
 * True under the mobile breakpoint of SPEC §4 (window narrower than 1020 px); follows resizes. The server and the
 * hydration render use the shell's width guess from the User-Agent (a phone's folds the facets there too), so a phone
 * does not see the grid jump when the page hydrates.
 */
export function useNarrowScreen(): boolean {
  const guessedWidth = useUnit($viewportWidth);
  return useSyncExternalStore(subscribe, narrow, () => guessedWidth < MOBILE_BREAKPOINT_PX);
}
