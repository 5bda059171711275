import type { Category } from '@shop/contracts/types';
import type { FacetReference } from '../shared/reference.js';
import type { FirstPage } from './usePagedList.js';

/** What a listing page's loader gives its first render: the filter panel's lists and the first page of articles. */
export interface ListingLoaded {
  reference: FacetReference;
  /** Null when the page lists nothing (a category the tree does not hold). */
  first: FirstPage | null;
}

/** A category listing or gender landing: the category tree too (banner, title, subcategory links). */
export interface CategoryLoaded extends ListingLoaded {
  categories: Category[];
}
