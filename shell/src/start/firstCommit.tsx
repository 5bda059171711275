import { useEffect, useLayoutEffect, useState } from 'react';
import { pageHydrated } from '@shop/contracts/ssr';
import { keepTextTypedBeforeHydration } from './typedBeforeHydration.js';

/**
 * The end of hydration in the browser: the server's markup hydrated — the layout AND every remote piece's Suspense
 * boundary in it, which React hydrates in later passes than the layout. What only the browser knows — the window's
 * width, the cart and session the models read from storage — must not reach the stores the page renders from before
 * then: hydration renders the server's values, or React finds markup that does not match and throws the server's
 * away. It arrives after this, as an ordinary update. A boundary that never commits (its remote is down) holds
 * nothing up for longer than WAIT_MS.
 */
const WAIT_MS = 3000;

interface Token {
  done: boolean;
  /** Made in the first render (hydration), not by a later navigation: its content hydrates server markup. */
  hydrates: boolean;
}
const boundaries = new Set<Token>();
let layoutCommitted = false;
let finished = false;
let resolveHydrated: () => void = () => undefined;
export const firstCommit: Promise<void> = new Promise((resolve) => {
  resolveHydrated = resolve;
});

function finish(): void {
  if (finished) return;
  finished = true;
  // The remotes' models read their storage now (@shop/contracts/ssr afterHydration).
  pageHydrated();
  // From here the server's markup answers input: journeys (and monitoring) can tell by <html data-hydrated>.
  document.documentElement.setAttribute('data-hydrated', '');
  resolveHydrated();
}

function check(): void {
  if (layoutCommitted && [...boundaries].every((token) => token.done)) finish();
}

/** Rendered last in the layout: its effect runs after those of the layout's remote boundaries (never on the server). */
export function FirstCommit(): null {
  useLayoutEffect(keepTextTypedBeforeHydration, []);
  useEffect(() => {
    layoutCommitted = true;
    check();
    const timer = setTimeout(finish, WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/** A remote boundary of the first render: hydration is done once its content has committed (HydrationMark). */
export function useHydrationToken(): Token {
  const [token] = useState<Token>(() => ({ done: false, hydrates: !layoutCommitted }));
  useEffect(() => {
    if (!layoutCommitted) boundaries.add(token);
    check();
  }, [token]);
  return token;
}

/** Rendered beside a boundary's content, inside its Suspense: commits when the content does. */
export function HydrationMark({ token }: { token: Token }): null {
  // The boundary's own fields hydrate with it (typedBeforeHydration.ts); a later navigation's have no server text.
  useLayoutEffect(() => {
    if (token.hydrates) keepTextTypedBeforeHydration();
  }, [token]);
  useEffect(() => {
    token.done = true;
    check();
  }, [token]);
  return null;
}
