import { searchArticles } from '@shop/contracts/api';
import { SEARCH_PAGE_SIZE } from '@shop/contracts/constants';
import type { FetchPage } from '../listing/usePagedList.js';

/** One key per query and filter string: the page's paged list and its loader's first page must name it alike. */
export const searchListingKey = (query: string, filterString: string): string => `${query}\u0000${filterString}`;

/** Pages of POST /articles/search hits (index 0 is the search API's page 0). */
export function searchPageFetcher(query: string, filterString: string): FetchPage {
  return async (index, signal) => {
    const result = await searchArticles({ query, take: SEARCH_PAGE_SIZE, page: index, filters: filterString }, { signal });
    return { articles: result.articles, total: result.total, totalIsExact: result.totalIsExact };
  };
}
