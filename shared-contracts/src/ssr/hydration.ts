import { createEvent, createStore } from 'effector';
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

const hydrationDone = createEvent({ name: 'contracts:page-hydrated' });

/**
 * Whether the page's code answers input: false on the server and, in the browser, until a server-rendered page has
 * hydrated; true at once on a page the browser renders itself. A control that needs JavaScript (no form action, no
 * link) renders disabled while this is false, so the server's markup never shows a button that does nothing yet; the
 * server and the hydration render agree (both false) and the update comes after hydration, as an ordinary one.
 * Never serialized: the browser decides it for itself.
 */
export const $pageHydrated = createStore(typeof document !== 'undefined' && !hydrating(), {
  sid: 'contracts/page-hydrated',
  name: 'contracts:page-hydrated',
  serialize: 'ignore',
}).on(hydrationDone, () => true);

/** Runs `read` now, or once the server-rendered page has hydrated. */
export function afterHydration(read: () => void): void {
  if (hydrating()) waiting.push(read);
  else read();
}

/** The shell: the first render (hydration) has committed. */
export function pageHydrated(): void {
  hydrated = true;
  hydrationDone();
  for (const read of waiting.splice(0)) read();
}
