/**
 * The one start-up policy the shell applies to every remote in the registry, from the remotes' own declarations
 * (RemoteStartup): when each remote's ./model is imported. Issue 8's rule holds for whichever remotes declare
 * `start-up`: a first visit — nobody logged in, nothing stored under their keys — draws its first view without
 * them (the badge shows no count, the header "Logg inn", the bus stores start from exactly what those models would
 * load), and their code loads when the visit first needs it: the first interaction, a change another tab makes to
 * the shared storage, or the first piece of a remote whose pieces need them. A page event fired before a model is in
 * is kept and replayed to it (routing/model.ts); what needs all of them (the first navigation's user fetch, the
 * open-cart flag, a cart-link click) waits for `modelsReady`.
 */
import { createEvent, createStore } from 'effector';
import { filledByServer } from '@shop/contracts/ssr';
import { OPEN_CART_QUERY_PARAM } from '@shop/contracts/constants';
import type { RemoteStartup } from '@shop/contracts/types';

/**
 * When a model is imported: with the first view, at the visit's first interaction (or `storage` event), or when the
 * shell first loads a piece (any module but ./model) of the named remote. A model loads at the first of its moments.
 */
export type ModelMoment = 'first view' | 'first interaction' | `first piece of ${string}`;

export const pieceOf = (remote: string): ModelMoment => `first piece of ${remote}`;

/** What the page and the browser say about this visit. */
export interface Visit {
  /** The server's page hint says the session has a customer (or says nothing). */
  customer: boolean;
  /** The address asks the page to act at once on what the start-up models hold (the open-cart flag). */
  actsAtOnce: boolean;
  /** The declared storage keys that hold state (storedState). */
  stored: ReadonlySet<string>;
}

/** The remotes whose models `modelsReady` waits for. */
export function startupRemotes(declarations: ReadonlyMap<string, RemoteStartup>): string[] {
  return [...declarations].filter(([, startup]) => startup.model === 'start-up').map(([remote]) => remote);
}

/** Every model's moments, for the declarations known so far (a declaration arriving later can only add moments). */
export function modelMoments(declarations: ReadonlyMap<string, RemoteStartup>, visit: Visit): Map<string, ModelMoment[]> {
  const group = startupRemotes(declarations);
  const hasState = (startup: RemoteStartup) => (startup.stateKeys ?? []).some((key) => visit.stored.has(key));
  // The start-up models load together: state kept by any of them, or a customer, loads all of them with the first view.
  const groupNow = visit.customer || visit.actsAtOnce || group.some((remote) => hasState(declarations.get(remote)!));
  const groupWaits: ModelMoment[] = [
    'first interaction',
    ...[...declarations]
      .filter(([remote, startup]) => startup.piecesNeedStartupModels || group.includes(remote))
      .map(([remote]) => pieceOf(remote)),
  ];
  const moments = new Map<string, ModelMoment[]>();
  for (const [remote, startup] of declarations) {
    if (startup.model === 'start-up') moments.set(remote, groupNow ? ['first view'] : groupWaits);
    else if (hasState(startup)) moments.set(remote, ['first view']);
    else if (startup.model === 'first-interaction') moments.set(remote, ['first interaction', pieceOf(remote)]);
    else moments.set(remote, [pieceOf(remote)]);
  }
  return moments;
}

/** Whether a stored value is state: anything but missing, null, false, 0, '', [] or {}. Unreadable counts as state. */
function holdsState(raw: string | null): boolean {
  if (raw === null) return false;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return true;
  }
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

/** The keys among `keys` whose stored value is state. Without storage (blocked, private mode) every key might be. */
export function storedState(storage: Pick<Storage, 'getItem'> | null, keys: Iterable<string>): Set<string> {
  const stored = new Set<string>();
  for (const key of keys) {
    let state: boolean;
    try {
      state = storage ? holdsState(storage.getItem(key)) : true;
    } catch {
      state = true;
    }
    if (state) stored.add(key);
  }
  return stored;
}

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

/** This page's visit, for the storage keys the declarations name. */
export function readVisit(
  keys: Iterable<string>,
  noCustomer: boolean = $noCustomerOnServer.getState(),
  storage: Pick<Storage, 'getItem'> | null = typeof localStorage === 'undefined' ? null : localStorage,
  search: string = window.location.search,
): Visit {
  return {
    customer: !noCustomer,
    actsAtOnce: new URLSearchParams(search).has(OPEN_CART_QUERY_PARAM),
    stored: storedState(storage, keys),
  };
}
