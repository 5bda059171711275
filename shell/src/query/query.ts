import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** SPEC §2 query-string helpers: does a parameter exist, read one, remove some without reloading. */

export function hasQueryParam(search: string, name: string): boolean {
  return new URLSearchParams(search).has(name);
}

/** The first value of a parameter; null when absent ("?openCart" alone reads as ""). */
export function getQueryParam(search: string, name: string): string | null {
  return new URLSearchParams(search).get(name);
}

/** The query string without the named parameters ("" when nothing is left, else with its leading "?"). */
export function withoutQueryParams(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The helpers bound to the current location. `remove` replaces the history entry through the router (no reload,
 * no new entry, location state and hash kept) so the router and the address bar stay in step.
 */
export function useQueryString() {
  const location = useLocation();
  const navigate = useNavigate();
  const remove = useCallback(
    (...names: string[]) => {
      const search = withoutQueryParams(location.search, names);
      if (search === location.search) return;
      navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true, state: location.state });
    },
    [location, navigate],
  );
  return useMemo(
    () => ({
      has: (name: string) => hasQueryParam(location.search, name),
      get: (name: string) => getQueryParam(location.search, name),
      remove,
    }),
    [location.search, remove],
  );
}
