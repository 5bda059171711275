import type { FacetReference } from '../shared/reference.js';
import type { FirstPage } from './usePagedList.js';

/** What a listing page's loader gives its first render: the filter panel's lists and the first page of articles. */
export interface ListingLoaded {
  reference: FacetReference;
  /** Null when the page lists nothing (a category the tree does not hold). */
  first: FirstPage | null;
}

/**
 * A category listing or gender landing. Its category tree (banner, title, subcategory links) is the one the shell
 * filled for the menu and the page data carries once (`inlineCategories()`, @shop/contracts/api), not a second copy.
 */
export type CategoryLoaded = ListingLoaded;
