/**
 * Issue 8: a first visit — nobody logged in, nothing in the cart or the favourites — needs none of the start-up
 * models (cart, session) to draw its first view: the badge shows no count, the header shows "Logg
 * inn", and the bus stores start from exactly what those models would load. Their code (two remote entries, two
 * models, axios for the user fetch: ~30 kB gzip) then loads when the visit first needs it: the shopper's first
 * interaction, a change another tab makes to the shared storage, or the first piece of the cart or account remote.
 * A page event fired before a model is in is kept and replayed to it (routing/model.ts); what needs all of them
 * (the user fetch of the first navigation, the open-cart flag, a cart-link click) waits for `modelsReady` as before.
 */
import { createEvent, createStore } from 'effector';
import { OPEN_CART_QUERY_PARAM } from '@shop/contracts/constants';
import { filledByServer } from '@shop/contracts/ssr';

/** The server renderer reads the request's session (shell/src/server/render.tsx). */
export const sessionRead = createEvent<{ signedIn: boolean }>({ name: 'shell:session-read' });
/**
 * Whether the server rendered the page for a session without a customer; it crosses to the browser in PageData.
 * False when unknown (a page the server did not render): the models then load at once.
 */
export const $noCustomerOnServer = filledByServer(createStore(false, { sid: 'shell/no-customer', name: 'shell:no-customer' })).on(
  sessionRead,
  (_, { signedIn }) => !signedIn,
);

/** Remotes whose pieces need the start-up models (and the user) at once: their pages read the cart or the session. */
export const MODEL_DEPENDENT_REMOTES: ReadonlySet<string> = new Set(['mf_cart_checkout', 'mf_account']);

/** What the shopper does that means "now they use the page": the models load before the action's effect is needed. */
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'focusin'] as const;

function storedList(storage: Storage, key: string): boolean {
  const raw = storage.getItem(key);
  if (raw === null) return false;
  const value: unknown = JSON.parse(raw);
  return !Array.isArray(value) || value.length > 0;
}

function storedCount(storage: Storage, key: string): boolean {
  const raw = storage.getItem(key);
  if (raw === null) return false;
  return JSON.parse(raw) !== 0;
}

/**
 * Whether the start-up models may wait: the server said the session has no customer, the shared storage (SPEC §3
 * keys) holds no cart line, count or favourite, and the address does not ask to open the cart. Anything unreadable
 * means "load now".
 */
export function startupModelsCanWait(
  noCustomer: boolean = $noCustomerOnServer.getState(),
  storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage,
  search: string = window.location.search,
): boolean {
  if (!noCustomer) return false;
  if (!storage) return false;
  if (new URLSearchParams(search).has(OPEN_CART_QUERY_PARAM)) return false;
  try {
    return !storedList(storage, 'orders') && !storedCount(storage, 'count') && !storedList(storage, 'favourites');
  } catch {
    return false;
  }
}

/**
 * Calls `load` once, at the first interaction or `storage` event on `target`, or when the returned function is
 * called (say a piece of a model-dependent remote is about to load). Listeners are removed once it has run.
 */
export function loadWhenNeeded(load: () => void, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  let done = false;
  const events = [...INTERACTIONS, 'storage'] as const;
  const run = () => {
    if (done) return;
    done = true;
    for (const type of events) target.removeEventListener(type, run, { capture: true });
    load();
  };
  for (const type of events) target.addEventListener(type, run, { capture: true, passive: true });
  return run;
}
