import { useMemo, type ReactNode } from 'react';
import { SEARCH_PAGE_SIZE } from '@shop/contracts/constants';
import type { ArticleFilters, Gender } from '@shop/contracts/types';
import { hasActiveFilters } from '../filters/clientFilters.js';
import { FilterPanel, type FilterOptions } from '../filters/FilterPanel.js';
import { searchFilterString, toArticleFilters } from '../filters/searchFilters.js';
import { useListingState } from '../filters/useListingState.js';
import { ListingBody } from '../listing/ListingBody.js';
import type { ListingLoaded } from '../listing/loaded.js';
import { usePagedList } from '../listing/usePagedList.js';
import { loadFacetReference } from '../shared/reference.js';
import { useLoad } from '../shared/useLoad.js';
import { searchListingKey, searchPageFetcher } from './listingFetch.js';
import styles from '../listing/Listing.module.css';

/** Hits per "Vis flere" page of the search and the gender landings. */
// One fact for the listing and the server's first-view answers (api/src/server/firstViewAnswers.ts).
export { SEARCH_PAGE_SIZE } from '@shop/contracts/constants';

interface Props {
  /** Text to search for; '' lists every article that passes the filters. */
  query: string;
  /** Filters the page always applies (a gender landing's genders). */
  fixed?: ArticleFilters;
  /** Genders offered as a facet (all of them on the search page, the landing's own when it has several). */
  genderOptions?: (genders: Gender[]) => Gender[];
  title: ReactNode;
  /** Next to the title (the search page's own search box). */
  headerExtra?: ReactNode;
  beforeListing?: ReactNode;
  /** `exact` false: the total is a lower bound (the server counts hits up to a bound). */
  countText: (total: number, exact: boolean) => string;
  emptyText: string;
  label: string;
  /** The page loader's lists and first page (the server-rendered page's first render). */
  loaded?: ListingLoaded;
}

/**
 * A listing served by POST /articles/search: the filters in the URL go to the server as a filter string (the search
 * API's grammar), pages of SEARCH_PAGE_SIZE come back in relevance/bestseller order, "Vis flere" fetches the next one.
 */
export function SearchListing({ query, fixed, genderOptions, title, headerExtra, beforeListing, countText, emptyText, label, loaded }: Props) {
  const [{ filters, sort }, setListing] = useListingState();
  const [reference] = useLoad(() => loadFacetReference(), [], () => loaded?.reference);
  // Brand names are mapped to ids with the brand list; without a brand filter the list need not be there yet.
  const needsBrands = (filters.brands?.length ?? 0) > 0;
  const ready = !needsBrands || reference.status !== 'loading';
  const brands = reference.status === 'ready' ? reference.value.brands : [];
  const filterString = searchFilterString(toArticleFilters(filters, brands, fixed));

  const fetchPage = useMemo(() => searchPageFetcher(query, filterString), [query, filterString]);
  const paged = usePagedList(ready ? searchListingKey(query, filterString) : null, fetchPage, SEARCH_PAGE_SIZE, loaded?.first);

  const options: FilterOptions =
    reference.status === 'ready'
      ? {
          colorGroups: reference.value.colorGroups,
          genders: genderOptions ? genderOptions(reference.value.genders) : undefined,
          brands: reference.value.brands.map((b) => b.Name),
          shops: reference.value.shops.map((s) => ({ value: s.id, label: s.name })),
        }
      : {};
  const active = hasActiveFilters(filters);

  return (
    <section className={styles.page} aria-labelledby="listing-title">
      <div className={styles.header}>
        <h1 id="listing-title" className={styles.title}>
          {title}
        </h1>
        {headerExtra}
      </div>
      {beforeListing}
      {/* The filter panel grows when the reference data (colours, genders, shops) arrives: until then a
          viewport-high placeholder stands in, so the panel and the grid appear together instead of the panel
          pushing the grid down (CLS on mobile, where the panel sits above the grid). */}
      {reference.status === 'loading' ? (
        <div className={styles.layoutPending} aria-busy="true" />
      ) : (
        <div className={styles.layout}>
          <FilterPanel filters={filters} options={options} onChange={(next) => setListing({ filters: next, sort })} />
          <div>
            <ListingBody
              status={paged.status}
              articles={paged.state.articles}
              countText={paged.status === 'ready' ? countText(paged.state.total, paged.state.totalIsExact) : null}
              emptyText={emptyText}
              more={
                paged.hasMore
                  ? {
                      remaining: paged.remaining,
                      atLeast: !paged.state.totalIsExact,
                      loading: paged.loadingMore,
                      onMore: paged.loadMore,
                    }
                  : null
              }
              onRetry={paged.retry}
              onClearFilters={active ? () => setListing({ filters: {}, sort }) : undefined}
              label={label}
            />
          </div>
        </div>
      )}
    </section>
  );
}
