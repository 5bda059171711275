import { useEffect, useLayoutEffect, useState } from 'react';
import { pageHydrated } from '@shop/contracts/ssr';
import { keepTextTypedBeforeHydration } from './typedBeforeHydration.js';

/**
 * The end of hydration in the browser: the server's markup hydrated — the layout AND every remote piece's Suspense
 * boundary in it, which React hydrates in later passes than the layout. What only the browser knows — the window's
 * width, the cart and session the models read from storage — must not reach the stores the page renders from before
 * then: hydration renders the server's values, or React finds markup that does not match and throws the server's
 * away. It arrives after this, as an ordinary update.
 *
 * A boundary whose code is still not here WAIT_MS after the layout committed (its remote is slow or down) holds
 * nothing up any longer. One whose code is here is only waiting for React, which hydrates in slices (a transition,
 * bootstrap.tsx) and on a slow phone may take longer than that: it is waited for, up to LONGEST_WAIT_MS.
 */
const WAIT_MS = 3000;
const LONGEST_WAIT_MS = 15_000;

interface Token {
  done: boolean;
  /** Made in the first render (hydration), not by a later navigation: its content hydrates server markup. */
  hydrates: boolean;
  /** The boundary's code has loaded: what is left is React's hydration of it. */
  codeLoaded: () => boolean;
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

const pending = () => [...boundaries].filter((token) => !token.done);

function check(): void {
  if (layoutCommitted && pending().length === 0) finish();
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** Every WAIT_MS: give up on boundaries whose code has not come; keep waiting for React on those whose code has. */
function waitForBoundaries(waited = 0): void {
  timer = setTimeout(() => {
    if (finished) return;
    const total = waited + WAIT_MS;
    if (total >= LONGEST_WAIT_MS || !pending().some((token) => token.codeLoaded())) finish();
    else waitForBoundaries(total);
  }, WAIT_MS);
}

/** Rendered last in the layout: its effect runs after those of the layout's remote boundaries (never on the server). */
export function FirstCommit(): null {
  useLayoutEffect(keepTextTypedBeforeHydration, []);
  useEffect(() => {
    layoutCommitted = true;
    check();
    waitForBoundaries();
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/**
 * A remote boundary of the first render: hydration is done once its content has committed (HydrationMark), or its
 * fallback has (the remote failed), or it is gone (a navigation unmounted it before it hydrated).
 */
export function useHydrationToken(codeLoaded: () => boolean): Token {
  const [token] = useState<Token>(() => ({ done: false, hydrates: !layoutCommitted, codeLoaded }));
  useEffect(() => {
    if (!token.hydrates) return undefined;
    boundaries.add(token);
    check();
    return () => {
      boundaries.delete(token);
      // Later, not now: StrictMode's rehearsal of an unmount (development) mounts the boundary again at once.
      queueMicrotask(check);
    };
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
