import { loaderHeadContext, type PageLoader } from '@shop/contracts/ssr';
import type { SearchPageProps } from '@shop/contracts/routes';
import type { ArticleFilters } from '@shop/contracts/types';
import { searchFilterString, toArticleFilters } from '../filters/searchFilters.js';
import { parseListingState } from '../filters/urlState.js';
import type { ListingLoaded } from '../listing/loaded.js';
import { fetchFacetReference } from '../shared/reference.js';
import { searchHead } from './head.js';
import { searchListingKey, searchPageFetcher } from './listingFetch.js';

/**
 * The first page of a search-served listing (the search page, a gender landing) for the filters in the URL, as
 * SearchListing asks for it. Brand filters need the brand list to name ids; without one, the lists and the hits
 * are fetched side by side.
 */
export async function loadSearchListing(url: string, query: string, fixed?: ArticleFilters): Promise<ListingLoaded> {
  const { filters } = parseListingState(new URL(url).searchParams);
  const firstPage = (filterString: string) => searchPageFetcher(query, filterString)(0).then((page) => ({ key: searchListingKey(query, filterString), page }));
  if (filters.brands?.length) {
    const reference = await fetchFacetReference();
    return { reference, first: await firstPage(searchFilterString(toArticleFilters(filters, reference.brands, fixed))) };
  }
  const [reference, first] = await Promise.all([fetchFacetReference(), firstPage(searchFilterString(toArticleFilters(filters, [], fixed)))]);
  return { reference, first };
}

/** /search/{query}: the first page of hits and the lists of the filter panel; the head is never indexed. */
export const loader: PageLoader<Partial<SearchPageProps>, ListingLoaded> = async (context) => {
  const query = (context.props.query ?? '').trim();
  const [headContext, data] = await Promise.all([loaderHeadContext(context), query === '' ? undefined : loadSearchListing(context.url, query)]);
  return { head: searchHead(headContext, { query }), data };
};
