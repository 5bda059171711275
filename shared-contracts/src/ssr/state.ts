import { createEvent, createStore, type StoreWritable } from 'effector';
import type { FirstViewAnswer } from '../api/firstAnswers.js';
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
