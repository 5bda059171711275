import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { inlineCategories } from '@shop/contracts/api';
import { CATEGORY_PAGE_SIZE } from '@shop/contracts/constants';
import { pathFor, resolveGenderUrl, type CategoryPageProps } from '@shop/contracts/routes';
import { pageImageProps, type LoaderDataProps } from '@shop/contracts/ssr';
import type { Category } from '@shop/contracts/types';
import { applyFilters, hasActiveFilters, type ListingFilters } from '../filters/clientFilters.js';
import { FilterPanel, type FilterOptions } from '../filters/FilterPanel.js';
import { SORT_KEYS, type SortKey } from '../filters/urlState.js';
import { useListingState } from '../filters/useListingState.js';
import { GenderLanding } from '../gender/GenderLanding.js';
import { ListingBody } from '../listing/ListingBody.js';
import type { CategoryLoaded, ListingLoaded } from '../listing/loaded.js';
import { SkeletonGrid } from '../listing/ProductGrid.js';
import { usePagedList } from '../listing/usePagedList.js';
import { loadCategories, loadFacetReference } from '../shared/reference.js';
import { useLoad } from '../shared/useLoad.js';
import { texts } from '../texts.js';
import { findCategory, listingSource, type CategoryMatch } from './findCategory.js';
import { categoryListingKey, categoryPageFetcher } from './listingFetch.js';
import styles from '../listing/Listing.module.css';

export { loader } from './loader.js';

/** With filters on, at most this many pages are fetched per "Vis flere" while looking for matches. */
export const MAX_AUTO_PAGES = 10;

/**
 * Exposed as `mf_catalog/CategoryPage`. On the catch-all /{categoryName?}/{subcategoryName?}/{group?} it lists a main
 * group or a subcategory (a group in the path is a fixed client-side filter); on a gender landing (`gender` prop) it
 * shows that gender's articles. Props come from the shell (CategoryPageProps); without them the URL params are read.
 */
export default function CategoryPage(props: Partial<CategoryPageProps> & LoaderDataProps<CategoryLoaded>) {
  const params = useParams();
  const standaloneGender = !props.gender && !params.subcategoryName && params.categoryName ? resolveGenderUrl(params.categoryName) : null;
  const gender = props.gender ?? standaloneGender;
  if (gender) return <GenderLanding gender={gender} loaded={props.loaderData} />;
  return (
    <CategoryListing
      categoryName={props.mainGroup ?? params.categoryName}
      subcategoryName={props.subcategory ?? params.subcategoryName}
      group={props.group ?? params.group}
      loaded={props.loaderData}
    />
  );
}

interface RouteLevels {
  categoryName?: string;
  subcategoryName?: string;
  group?: string;
}

function CategoryListing({ loaded, ...route }: RouteLevels & { loaded?: CategoryLoaded }) {
  // The category tree the page's loader gave (the server-rendered page): the banner and title render at once.
  const [categories, reloadCategories] = useLoad(() => loadCategories(), [], inlineCategories);
  if (categories.status === 'loading') return <SkeletonGrid />;
  if (categories.status === 'failed') {
    return (
      <div role="alert" className={styles.page}>
        <p>{texts.categoriesFailed}</p>
        <button type="button" className={styles.button} onClick={reloadCategories}>
          {texts.retry}
        </button>
      </div>
    );
  }
  const match = findCategory(categories.value, route);
  if (!match) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{texts.categoryNotFound}</h1>
        <Link to="/">{texts.toHome}</Link>
      </section>
    );
  }
  return <MatchedListing match={match} loaded={loaded} />;
}

function MatchedListing({ match, loaded }: { match: CategoryMatch; loaded?: ListingLoaded }) {
  const [{ filters, sort }, setListing] = useListingState();
  const [reference] = useLoad(() => loadFacetReference(), [], () => loaded?.reference);
  const source = listingSource(match);

  const fetchPage = useMemo(() => categoryPageFetcher(source, sort), [source.kind, source.id, sort]); // eslint-disable-line react-hooks/exhaustive-deps
  const paged = usePagedList(categoryListingKey(source, sort), fetchPage, CATEGORY_PAGE_SIZE, loaded?.first);

  // A group in the path is fixed; the group facet then stays hidden.
  const effective: ListingFilters = source.groupId !== null ? { ...filters, groups: [source.groupId] } : filters;
  const active = hasActiveFilters(effective);
  const shown = applyFilters(paged.state.articles, effective);
  const filterKey = JSON.stringify(effective);

  // Client-side filters only see what is loaded: keep fetching pages until a page's worth matches (or the cap).
  const [wanted, setWanted] = useState(CATEGORY_PAGE_SIZE);
  const autoPages = useRef(0);
  useEffect(() => {
    setWanted(CATEGORY_PAGE_SIZE);
    autoPages.current = 0;
  }, [source.kind, source.id, sort, filterKey]);
  useEffect(() => {
    if (!active || paged.status !== 'ready' || paged.loadingMore || !paged.hasMore) return;
    if (shown.length >= wanted || autoPages.current >= MAX_AUTO_PAGES) return;
    autoPages.current += 1;
    paged.loadMore();
  });

  const onMore = () => {
    if (!active) return paged.loadMore();
    autoPages.current = 0;
    setWanted(Math.max(wanted, shown.length) + CATEGORY_PAGE_SIZE);
  };

  const { category, subcategory, group } = match;
  const title = group?.name ?? subcategory?.name ?? category.name;
  const range = subcategory ?? category;
  const options: FilterOptions = {
    priceRange: range.count > 0 ? { min: range.minPrice, max: range.maxPrice } : null,
    groups: subcategory && !group ? subcategory.groups.map((g) => ({ value: g.articleGroup3ID, label: g.name })) : undefined,
    colorGroups: reference.status === 'ready' ? reference.value.colorGroups : undefined,
    genders: reference.status === 'ready' ? reference.value.genders : undefined,
    brands: category.availableProductlines.map((b) => b.Name),
    shops: reference.status === 'ready' ? reference.value.shops.map((s) => ({ value: s.id, label: s.name })) : undefined,
  };
  const total = paged.state.total;
  const countText =
    paged.status !== 'ready'
      ? null
      : active
        ? texts.showingFiltered(shown.length, paged.state.articles.length, total)
        : texts.showing(shown.length, total);

  return (
    <section className={styles.page} aria-labelledby="category-title">
      {category.banner && <Banner category={category} />}
      <div className={styles.header}>
        <h1 id="category-title" className={styles.title}>
          {title}
        </h1>
        <SortSelect sort={sort} onSort={(next) => setListing({ filters, sort: next })} />
      </div>
      <CategoryNav match={match} />
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
              articles={shown}
              countText={countText}
              emptyText={active ? texts.noMatches : texts.noArticles}
              more={paged.hasMore ? { remaining: active ? null : paged.remaining, loading: paged.loadingMore, onMore } : null}
              onRetry={paged.retry}
              onClearFilters={active && hasActiveFilters(filters) ? () => setListing({ filters: {}, sort }) : undefined}
              label={title}
            />
          </div>
        </div>
      )}
    </section>
  );
}

function Banner({ category }: { category: Category }) {
  // The category page's largest paint when it has a banner (the shell's code waits for it: pageImageProps).
  const image = <img src={category.banner!} alt={category.name} width={1200} height={300} {...pageImageProps} />;
  if (!category.bannerLink) return <div className={styles.banner}>{image}</div>;
  return /^https?:\/\//.test(category.bannerLink) ? (
    <a className={styles.banner} href={category.bannerLink}>
      {image}
    </a>
  ) : (
    <Link className={styles.banner} to={category.bannerLink}>
      {image}
    </Link>
  );
}

/** Subcategories of a main group; the groups of a chosen subcategory (with "Alt i …" to widen again). */
function CategoryNav({ match }: { match: CategoryMatch }) {
  const { category, subcategory, group } = match;
  const links = subcategory
    ? [
        { key: 'all', label: texts.allIn(subcategory.name), to: pathFor('category', { categoryName: category.name, subcategoryName: subcategory.name }), current: !group },
        ...subcategory.groups
          .filter((g) => g.count > 0)
          .map((g) => ({
            key: `g${g.articleGroup3ID}`,
            label: g.name,
            to: pathFor('category', { categoryName: category.name, subcategoryName: subcategory.name, group: g.name }),
            current: group?.articleGroup3ID === g.articleGroup3ID,
          })),
      ]
    : category.subcategories
        .filter((s) => s.count > 0)
        .map((s) => ({ key: `s${s.id}`, label: s.name, to: pathFor('category', { categoryName: category.name, subcategoryName: s.name }), current: false }));
  if (links.length === 0) return null;
  return (
    <nav className={styles.nav} aria-label={texts.subcategories}>
      <ul className={styles.navList}>
        {links.map((link) => (
          <li key={link.key}>
            <Link className={styles.navLink} to={link.to} aria-current={link.current ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SortSelect({ sort, onSort }: { sort: SortKey; onSort: (sort: SortKey) => void }) {
  return (
    <label className={styles.sort}>
      {texts.sortLabel}
      <select value={sort} onChange={(event) => onSort(event.target.value as SortKey)}>
        {SORT_KEYS.map((key) => (
          <option key={key} value={key}>
            {texts.sort[key]}
          </option>
        ))}
      </select>
    </label>
  );
}
