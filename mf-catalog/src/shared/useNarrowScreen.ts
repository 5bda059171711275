import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@shop/contracts/constants';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const narrow = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false);

/** True under the mobile breakpoint of SPEC §4 (window narrower than 1020 px); follows resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, narrow, () => false);
}
