import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { getCategoryArticles, getSubcategoryArticles } from '@shop/contracts/api';
import type { Article, Category, ListQuery, Paginated } from '@shop/contracts/types';
import { texts } from '../texts.js';
import { loadCategories } from './categories.js';
import { findCategory, listingSource, type ListingSource } from './findCategory.js';
import { appendPage, emptyListing, hasMore, nextPage, type Listing } from './paging.js';
import { ProductGrid } from './ProductCard.js';
import styles from './CategoryPage.module.css';

type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

function fetchPage(source: ListingSource, query: ListQuery): Promise<Paginated<Article>> {
  return source.kind === 'subcategory' ? getSubcategoryArticles(source.id, query) : getCategoryArticles(source.id, query);
}

/**
 * Exposed as `mf_catalog/CategoryPage`, mounted on the catch-all /:categoryName?/:subcategoryName?/:group?.
 * Lists the main group's articles 20 at a time, ordered by name, with "Vis flere" for the next page.
 */
export default function CategoryPage() {
  const params = useParams();
  const [categories, setCategories] = useState<Load<Category[]>>({ status: 'loading' });
  const [listing, setListing] = useState<Load<Listing>>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadCategories().then(
      (value) => !cancelled && setCategories({ status: 'ready', value }),
      () => !cancelled && setCategories({ status: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const match = categories.status === 'ready' ? findCategory(categories.value, params) : null;
  const source = match ? listingSource(match) : null;
  const sourceKind = source?.kind ?? null;
  const sourceId = source?.id ?? null;

  const loadFirstPage = useCallback(() => {
    if (sourceKind === null || sourceId === null) return () => undefined;
    let cancelled = false;
    setListing({ status: 'loading' });
    // The client applies the spec's listing defaults (20 per page, Name ascending).
    fetchPage({ kind: sourceKind, id: sourceId, groupId: null }, { page: 1 }).then(
      (page) => !cancelled && setListing({ status: 'ready', value: appendPage(emptyListing, page) }),
      () => !cancelled && setListing({ status: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [sourceKind, sourceId]);

  useEffect(() => loadFirstPage(), [loadFirstPage]);

  const showMore = async () => {
    if (listing.status !== 'ready' || source === null) return;
    setLoadingMore(true);
    try {
      const page = await fetchPage(source, { page: nextPage(listing.value) });
      setListing((current) =>
        current.status === 'ready' ? { status: 'ready', value: appendPage(current.value, page) } : current,
      );
    } catch {
      setListing({ status: 'failed' });
    } finally {
      setLoadingMore(false);
    }
  };

  if (categories.status === 'loading') return <p role="status">{texts.loading}</p>;
  if (categories.status === 'failed') return <p role="alert">{texts.categoriesFailed}</p>;
  if (!match) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{texts.categoryNotFound}</h1>
        <Link to="/">{texts.toHome}</Link>
      </section>
    );
  }

  const title = match.group?.name ?? match.subcategory?.name ?? match.category.name;
  const groupId = source?.groupId ?? null;
  const shown =
    listing.status === 'ready'
      ? listing.value.articles.filter((article) => groupId === null || article.articleGroup3ID === groupId)
      : [];
  return (
    <section className={styles.page} aria-labelledby="category-title">
      <h1 id="category-title" className={styles.title}>
        {title}
      </h1>
      {listing.status === 'loading' && <p role="status">{texts.loading}</p>}
      {listing.status === 'failed' && (
        <div role="alert">
          <p>{texts.articlesFailed}</p>
          <button type="button" className={styles.button} onClick={() => loadFirstPage()}>
            {texts.retry}
          </button>
        </div>
      )}
      {listing.status === 'ready' && (
        <>
          <p className={styles.count}>
            {groupId === null
              ? texts.showing(shown.length, listing.value.meta?.total ?? shown.length)
              : texts.showingFiltered(shown.length)}
          </p>
          {shown.length === 0 ? <p>{texts.noArticles}</p> : <ProductGrid articles={shown} />}
          {hasMore(listing.value) && (
            <div className={styles.more}>
              <button type="button" className={styles.button} onClick={showMore} disabled={loadingMore}>
                {loadingMore ? texts.loadingMore : texts.showMore}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
