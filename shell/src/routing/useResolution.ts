import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { CurrentRoute } from '../menu/entries.js';
import { resolveLocation, type Resolution } from './screens.js';

/** The current location resolved against the route table (one computation shared by menu, title and theme). */
export function useResolution(): Resolution {
  const { pathname, search, hash } = useLocation();
  return useMemo(() => resolveLocation({ pathname, search, hash }), [pathname, search, hash]);
}

export function currentRouteOf(resolution: Resolution): CurrentRoute | null {
  return resolution.kind === 'screen' ? { name: resolution.screen.name, params: resolution.params } : null;
}
