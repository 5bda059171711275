import { createEvent, createStore, type Scope, type Store, type StoreWritable } from 'effector';
import type { FirstViewAnswer } from '../api/firstAnswers.js';
import { MOBILE_BREAKPOINT_PX } from '../constants/index.js';
import type { Category } from '../types/index.js';
import type { PageHead } from './head.js';

/**
 * The Effector state the server fills per request (in the request's `fork()` scope) and the browser takes over from
 * the page's PageData. The browser app runs on Effector's global state, so the values do not go through a scope
 * there: the shell fires `serverValuesApplied(PageData.values)` once before it hydrates, and every store made with
 * `filledByServer` takes its value from it (by sid). Sids are written by hand (no babel plugin): they are the names
 * under which a value crosses from server to browser, so they never change with a file's path.
 */
export const serverValuesApplied = createEvent<Readonly<Record<string, unknown>>>({ name: 'contracts:server-values-applied' });

/**
 * Makes `store` (which must have a sid) take the value the server serialized under its sid when the browser applies
 * the page's values; a value the server did not write leaves the store as it is. Returns the store.
 */
export function filledByServer<T>(store: StoreWritable<T>): StoreWritable<T> {
  const sid = store.sid;
  if (!sid) throw new Error(`filledByServer: store ${store.shortName} has no sid, so no value of the server can name it`);
  return store.on(serverValuesApplied, (state, values) => (Object.prototype.hasOwnProperty.call(values, sid) ? (values[sid] as T) : state));
}

let serverScope: () => Scope | undefined = () => undefined;

/**
 * The server's renderer says which scope is the current request's (an AsyncLocalStorage getter, as for the API
 * transport): plain functions of the contracts that read server-filled state then read the request's values.
 */
export function setServerScope(getter: () => Scope | undefined): void {
  serverScope = getter;
}

/**
 * A server-filled store's value where no hook can read it (a useState initializer, an API function): the request's
 * scope on the server, the global state in the browser — the same value on both sides of hydration.
 */
export function serverFilledState<T>(store: Store<T>): T {
  const scope = serverScope();
  return scope ? scope.getState(store) : store.getState();
}

/**
 * The category tree (GET /categories, mapped), filled by the shell: the menu renders from it, and the API client
 * answers getCategories() from it instead of a request (api/catalog.ts). Empty until known.
 */
export const $categoryTree = filledByServer(createStore<Category[]>([], { sid: 'contracts/categories', name: 'contracts:categories' }));

/**
 * The window's width: on the server the shell's guess from the User-Agent, in the browser the shell's measurement
 * after hydration. A remote whose markup depends on the layout (the catalogue folds its facets on a phone) renders
 * the server's guess in the server and hydration renders, so the hydrated page does not jump when the guess was right.
 */
export const $viewportWidth = filledByServer(
  createStore<number>(MOBILE_BREAKPOINT_PX, { sid: 'contracts/viewport-width', name: 'contracts:viewport-width' }),
);

/** The answers of the API requests the page's loader made on the server (the API client serves first requests from them). */
export const $pageAnswers = filledByServer(createStore<FirstViewAnswer[]>([], { sid: 'contracts/page-answers', name: 'contracts:page-answers' }));

/** The rendered page's loader data, for the page's first render in the browser (the same markup as the server's). */
export interface PageLoaded {
  /** pathname + search the page was rendered for. */
  url: string;
  remote: string;
  module: string;
  data: unknown;
}
export const $pageLoaded = filledByServer(createStore<PageLoaded | null>(null, { sid: 'contracts/page-loaded', name: 'contracts:page-loaded', skipVoid: false }));

/** The head the page's loader gave (the browser keeps document.title in step from it). */
export const $pageHead = filledByServer(createStore<PageHead | null>(null, { sid: 'contracts/page-head', name: 'contracts:page-head', skipVoid: false }));

/** Filled by the server renderer in the request's scope. */
export const pageRendered = createEvent<{ answers: FirstViewAnswer[]; loaded: PageLoaded | null; head: PageHead | null }>({ name: 'contracts:page-rendered' });
$pageAnswers.on(pageRendered, (_, { answers }) => answers);
$pageLoaded.on(pageRendered, (_, { loaded }) => loaded);
$pageHead.on(pageRendered, (_, { head }) => head);
