/**
 * The first view's API answers in index.html (window.__SHOP_ANSWERS__, docs/adr/0009). The server that renders the
 * page knows which requests the page's first render sends — a category's first page and facet lists, a product and
 * its stock, a search's first hits, the checkout's user and shipping methods — and
 * answers them here, through the routes themselves (app.inject with the shopper's session, so every rule, cache and
 * schema applies as on the network). The API client answers those requests from the page
 * (shared-contracts api/firstAnswers.ts), so axios is imported only after the first view. A request the page sends
 * differently (another sort, a filter) simply misses and goes to the network.
 */
import type { FastifyInstance } from 'fastify';
import type { RawArticleDetail, RawCategory } from '@shop/contracts/types';
import { answerKey, searchBody, type FirstViewAnswer } from '@shop/contracts/api';
import { CATEGORY_DEFAULT_QUERY, SEARCH_PAGE_SIZE } from '@shop/contracts/constants';
import { decodeOnce } from './searchPreload.js';

const API = '/api/v1';

export interface FirstViewRequest {
  method: 'GET' | 'POST';
  /** As the client names it: below /api/v1. */
  url: string;
  params?: Record<string, unknown>;
  body?: unknown;
}

/** The facet lists every listing (category and search) loads with its first render (mf-catalog shared/reference.ts). */
const FACET_REFERENCE: FirstViewRequest[] = ['/colorgroups', '/genders', '/productlines', '/shops'].map((url) => ({ method: 'GET', url }));

/** What a page is, as far as its first requests go; null for pages whose first view sends none we answer. */
export type FirstViewPage =
  | { kind: 'category'; category: RawCategory }
  | { kind: 'search'; query: string }
  | { kind: 'product'; slug: string }
  | { kind: 'checkout' };

/**
 * The page of a plain address (no query string: filters and sort change the requests). `category` is the category
 * the path names (firstView.ts categoryOfPath), `searchQuery` the search of a /search/{query} address.
 */
export function firstViewPage(url: string, category: RawCategory | null, searchQuery: string | null): FirstViewPage | null {
  if (url.includes('?')) return null;
  const path = url.split('#')[0]!;
  const segments = path.split('/').filter(Boolean);
  if (searchQuery !== null) return { kind: 'search', query: searchQuery };
  // A category's own page (one segment): its subcategory pages list another source.
  if (category && segments.length === 1) return { kind: 'category', category };
  if (segments.length === 2 && segments[0] === 'product') return { kind: 'product', slug: decodeOnce(segments[1]!) };
  if (segments.length === 1 && segments[0] === 'checkout') return { kind: 'checkout' };
  return null;
}

/** The search page's first page of hits (mf-catalog search/SearchListing.tsx, no filters). */
export function searchListingRequest(query: string): FirstViewRequest {
  return { method: 'POST', url: '/articles/search', body: searchBody({ query, take: SEARCH_PAGE_SIZE, page: 0, filters: '' }) };
}

/** The search listing's answer among the page's answers (its first hits' images come from it: searchPreload.ts). */
export function searchListingAnswer(answers: readonly FirstViewAnswer[], query: string): FirstViewAnswer | undefined {
  const { method, url, params, body } = searchListingRequest(query);
  const key = answerKey(method, url, params, body);
  return answers.find((answer) => answer.key === key);
}

/** The requests the page's first render sends, exactly as the client sends them (same paths, params and bodies). */
export function firstViewRequests(page: FirstViewPage): FirstViewRequest[] {
  switch (page.kind) {
    case 'category':
      return [
        ...FACET_REFERENCE,
        { method: 'GET', url: `/categories/${encodeURIComponent(String(page.category.MainGroupID))}/articles`, params: { ...CATEGORY_DEFAULT_QUERY } },
      ];
    case 'search':
      // The search box asks for suggestions only once the shopper turns to it (mf-catalog search/SearchBox.tsx).
      return [...FACET_REFERENCE, searchListingRequest(page.query)];
    case 'product':
      // The article's stock (GET /articles/availability/{id}) follows from its answer: followUps below.
      return [{ method: 'GET', url: `/articles/${encodeURIComponent(page.slug)}` }, { method: 'GET', url: '/shops' }];
    case 'checkout':
      return [
        { method: 'GET', url: '/customers/current' },
        { method: 'GET', url: '/shipping_methods' },
      ];
  }
}

/** Requests that need an earlier answer: the product page asks for the stock of the article it got. */
function followUps(page: FirstViewPage, answers: ReadonlyMap<FirstViewRequest, FirstViewAnswer>): FirstViewRequest[] {
  if (page.kind !== 'product') return [];
  for (const [request, answer] of answers) {
    if (request.url.startsWith('/articles/') && answer.status === 200) {
      const id = (answer.data as RawArticleDetail | null)?.ArticleID;
      if (typeof id === 'number') return [{ method: 'GET', url: `/articles/availability/${encodeURIComponent(String(id))}` }];
    }
  }
  return [];
}

export interface SessionHeaders {
  /** The `sid` cookie of the page's session (the one index.html was rendered for). */
  sessionCookie: string | null;
  csrfToken: string;
}

const queryString = (params: Record<string, unknown> | undefined) =>
  params
    ? '?' +
      Object.entries(params)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
        .join('&')
    : '';

/**
 * The 2xx answers of the page's first requests, through the routes with the page's session; a request that fails or
 * answers otherwise is left out (the page then sends it). Never throws.
 */
export async function firstViewAnswers(app: FastifyInstance, page: FirstViewPage, session: SessionHeaders): Promise<FirstViewAnswer[]> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'x-csrf-token': session.csrfToken,
  };
  if (session.sessionCookie) headers.cookie = `sid=${session.sessionCookie}`;
  const ask = async (request: FirstViewRequest): Promise<FirstViewAnswer | null> => {
    try {
      const response = await app.inject({
        method: request.method,
        url: API + request.url + queryString(request.params),
        headers: request.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        payload: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      if (response.statusCode < 200 || response.statusCode >= 300) return null;
      const data = response.statusCode === 204 || response.body === '' ? '' : (response.json() as unknown);
      return { key: answerKey(request.method, request.url, request.params, request.body), status: response.statusCode, data };
    } catch (error) {
      app.log.warn({ err: error, url: request.url }, 'first-view answer skipped');
      return null;
    }
  };
  const answered = new Map<FirstViewRequest, FirstViewAnswer>();
  const run = async (requests: FirstViewRequest[]) => {
    const results = await Promise.all(requests.map(ask));
    requests.forEach((request, i) => results[i] && answered.set(request, results[i]!));
  };
  await run(firstViewRequests(page));
  await run(followUps(page, answered));
  return [...answered.values()];
}
