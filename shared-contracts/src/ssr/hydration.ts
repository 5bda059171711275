import { PAGE_DATA_ELEMENT_ID } from './pageData.js';

/**
 * Hydration of a server-rendered page, for state only the browser has (localStorage: the cart, favourites, known
 * addresses). The server rendered without it, so React must hydrate without it too: a model reads its storage with
 * `afterHydration(…)`, and the shell calls `pageHydrated()` when its first render has committed. On a page the server
 * did not render (a remote's own dev page, tests) nothing waits.
 */
let hydrated = false;
const waiting: Array<() => void> = [];

function hydrating(): boolean {
  return !hydrated && typeof document !== 'undefined' && document.getElementById(PAGE_DATA_ELEMENT_ID) !== null;
}

/** Runs `read` now, or once the server-rendered page has hydrated. */
export function afterHydration(read: () => void): void {
  if (hydrating()) waiting.push(read);
  else read();
}

/** The shell: the first render (hydration) has committed. */
export function pageHydrated(): void {
  hydrated = true;
  for (const read of waiting.splice(0)) read();
}
