import { createDomain } from 'effector';
import type { FirstViewAnswer } from '../api/firstAnswers.js';
import type { PageHead } from './head.js';

/**
 * The Effector units the server fills per request and the browser hydrates (`hydrate(ssrDomain, { values })`).
 * Sids are written by hand (no babel plugin): they are the names under which a value crosses from server to browser,
 * so they never change with a file's path.
 */
export const ssrDomain = createDomain('shop-ssr');

/** The answers of the API requests the page's loader made on the server (the API client serves first requests from them). */
export const $pageAnswers = ssrDomain.createStore<FirstViewAnswer[]>([], { sid: 'contracts/page-answers', name: 'contracts:page-answers' });

/** The rendered page's loader data, for the page's first render in the browser (the same markup as the server's). */
export interface PageLoaded {
  /** pathname + search the page was rendered for. */
  url: string;
  remote: string;
  module: string;
  data: unknown;
}
export const $pageLoaded = ssrDomain.createStore<PageLoaded | null>(null, { sid: 'contracts/page-loaded', name: 'contracts:page-loaded', skipVoid: false });

/** The head the page's loader gave (the browser keeps document.title in step from it). */
export const $pageHead = ssrDomain.createStore<PageHead | null>(null, { sid: 'contracts/page-head', name: 'contracts:page-head', skipVoid: false });

/** Filled by the server renderer in the request's scope. */
export const pageRendered = ssrDomain.createEvent<{ answers: FirstViewAnswer[]; loaded: PageLoaded | null; head: PageHead | null }>('contracts:page-rendered');
$pageAnswers.on(pageRendered, (_, { answers }) => answers);
$pageLoaded.on(pageRendered, (_, { loaded }) => loaded);
$pageHead.on(pageRendered, (_, { head }) => head);
