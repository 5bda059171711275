import { getCategories } from '@shop/contracts/api';
import { loaderHeadContext, type PageLoader } from '@shop/contracts/ssr';
import type { CategoryPageProps } from '@shop/contracts/routes';
import { parseListingState } from '../filters/urlState.js';
import type { CategoryLoaded } from '../listing/loaded.js';
import { fetchFacetReference } from '../shared/reference.js';
import { loadSearchListing } from '../search/loader.js';
import { findCategory, listingSource } from './findCategory.js';
import { categoryHead } from './head.js';
import { categoryListingKey, categoryPageFetcher } from './listingFetch.js';

const emptyProps: CategoryPageProps = { mainGroup: null, subcategory: null, group: null, gender: null };

/**
 * A category listing (any level) or a gender landing: the filter panel's lists and the first page of articles for
 * the sort in the URL, as the page asks for them (the category tree is the shell's, in the page data already). A
 * level the tree does not hold lists nothing and its head is the 404.
 */
export const loader: PageLoader<Partial<CategoryPageProps>, CategoryLoaded> = async (context) => {
  const props = { ...emptyProps, ...context.props };
  const [headContext, categories] = await Promise.all([loaderHeadContext(context), getCategories()]);
  const head = categoryHead(headContext, { props, categories });
  if (props.gender) {
    const listing = await loadSearchListing(context.url, '', { genders: props.gender.genderIds });
    return { head, data: listing };
  }
  const match = findCategory(categories, {
    categoryName: props.mainGroup ?? undefined,
    subcategoryName: props.subcategory ?? undefined,
    group: props.group ?? undefined,
  });
  if (!match) return { head, data: { reference: await fetchFacetReference(), first: null } };
  const source = listingSource(match);
  const { sort } = parseListingState(new URL(context.url).searchParams);
  const [reference, page] = await Promise.all([fetchFacetReference(), categoryPageFetcher(source, sort)(0)]);
  return { head, data: { reference, first: { key: categoryListingKey(source, sort), page } } };
};
