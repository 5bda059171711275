/**
 * The overview's filter, search and page live in the address (?type=&status=&q=&side=), so back/forward, reload and a
 * shared link show the same list. Unknown values are dropped, not sent: the API would refuse them.
 */
import { CONTENT_STATUSES, CONTENT_TYPES } from '@shop/contracts/constants';
import type { ContentQuery, ContentStatus, ContentType } from '@shop/contracts/types';

/** The API's limit on a search (GET /editor/content q). */
export const MAX_SEARCH = 100;
const MAX_PAGE = 10_000;

const isType = (value: string | null): value is ContentType => (CONTENT_TYPES as readonly string[]).includes(value ?? '');
const isStatus = (value: string | null): value is ContentStatus => (CONTENT_STATUSES as readonly string[]).includes(value ?? '');

/** The query the address asks for. */
export function overviewQueryFrom(search: URLSearchParams): ContentQuery {
  const query: ContentQuery = {};
  const type = search.get('type');
  if (isType(type)) query.type = type;
  const status = search.get('status');
  if (isStatus(status)) query.status = status;
  const q = (search.get('q') ?? '').trim().slice(0, MAX_SEARCH);
  if (q) query.q = q;
  const side = search.get('side') ?? '';
  if (/^[1-9]\d{0,4}$/.test(side) && Number(side) > 1 && Number(side) <= MAX_PAGE) query.page = Number(side);
  return query;
}

/** The address's query string for a query ("" for the unfiltered first page), in a fixed order. */
export function overviewSearchFor(query: ContentQuery): string {
  const params = new URLSearchParams();
  if (query.type) params.set('type', query.type);
  if (query.status) params.set('status', query.status);
  const q = query.q?.trim();
  if (q) params.set('q', q);
  if (query.page && query.page > 1) params.set('side', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A change of filter or search starts again on page 1 (the old page may not exist in the new list). */
export function withFilter(query: ContentQuery, change: Partial<Pick<ContentQuery, 'type' | 'status' | 'q'>>): ContentQuery {
  const next: ContentQuery = { ...query, ...change };
  delete next.page;
  return next;
}

export const isFiltered = (query: ContentQuery) => Boolean(query.type || query.status || query.q);
