import { getCategoryArticles, getSubcategoryArticles } from '@shop/contracts/api';
import { CATEGORY_PAGE_SIZE } from '@shop/contracts/constants';
import { SORT_QUERIES } from '../filters/sort.js';
import type { SortKey } from '../filters/urlState.js';
import type { FetchPage } from '../listing/usePagedList.js';
import type { ListingSource } from './findCategory.js';

/** One key per listing and sort: the page's paged list and its loader's first page must name it alike. */
export const categoryListingKey = (source: Pick<ListingSource, 'kind' | 'id'>, sort: SortKey): string => `${source.kind}:${source.id}:${sort}`;

/** Pages of a main group's or subcategory's articles (index 0 is the API's page 1). */
export function categoryPageFetcher(source: Pick<ListingSource, 'kind' | 'id'>, sort: SortKey): FetchPage {
  return async (index, signal) => {
    const query = { page: index + 1, per_page: CATEGORY_PAGE_SIZE, ...SORT_QUERIES[sort] };
    const page =
      source.kind === 'subcategory' ? await getSubcategoryArticles(source.id, query, { signal }) : await getCategoryArticles(source.id, query, { signal });
    return { articles: page.data, total: page.meta.total };
  };
}
