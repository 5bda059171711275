import { useEffect } from 'react';
import { afterHydration, pageHydrated } from '@shop/contracts/ssr';

/**
 * The first commit of the app in the browser: the server's markup hydrated (or the first client render done). What
 * only the browser knows — the window's width, the cart and session the start-up models read from storage — must not
 * reach the stores the chrome renders from before then: hydration renders the server's values, or React finds text
 * that does not match and throws the server's markup away. It arrives after this, as an ordinary update.
 */
export const firstCommit: Promise<void> = new Promise((resolve) => afterHydration(resolve));

/** Rendered once in the layout: its effect runs when the layout has committed (never on the server). */
export function FirstCommit(): null {
  // The remotes' models read their storage then too (@shop/contracts/ssr afterHydration).
  useEffect(() => pageHydrated(), []);
  return null;
}
