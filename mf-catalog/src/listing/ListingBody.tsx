import type { Article } from '@shop/contracts/types';
import { texts } from '../texts.js';
import { ProductGrid, SkeletonGrid } from './ProductGrid.js';
import styles from './Listing.module.css';

export interface ListingBodyProps {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  articles: readonly Article[];
  /** "Viser 20 av 480 varer"; null while loading. */
  countText: string | null;
  emptyText: string;
  /**
   * The "Vis flere" button, or null when there is nothing more. `remaining` null = unknown (filters active);
   * `atLeast` = the remaining count is a lower bound ("Vis flere (976+)").
   */
  more: { remaining: number | null; atLeast?: boolean; loading: boolean; onMore: () => void } | null;
  onRetry: () => void;
  /** Offered when a filtered listing is empty. */
  onClearFilters?: () => void;
  label?: string;
}

/** Count line, product grid, "Vis flere" and the loading/empty/failed states of every listing page. */
export function ListingBody({ status, articles, countText, emptyText, more, onRetry, onClearFilters, label }: ListingBodyProps) {
  if (status === 'loading' || status === 'idle') return <SkeletonGrid />;
  if (status === 'failed' && articles.length === 0) {
    return (
      <div role="alert">
        <p>{texts.articlesFailed}</p>
        <button type="button" className={styles.button} onClick={onRetry}>
          {texts.retry}
        </button>
      </div>
    );
  }
  return (
    <>
      {countText && (
        <p className={styles.count} role="status">
          {countText}
        </p>
      )}
      {articles.length === 0 && !more?.loading ? (
        <div>
          <p>{emptyText}</p>
          {onClearFilters && (
            <button type="button" className={styles.button} onClick={onClearFilters}>
              {texts.clearFilters}
            </button>
          )}
        </div>
      ) : (
        <ProductGrid articles={articles} label={label} />
      )}
      {status === 'failed' && (
        <div role="alert">
          <p>{texts.articlesFailed}</p>
          <button type="button" className={styles.button} onClick={onRetry}>
            {texts.retry}
          </button>
        </div>
      )}
      {more && (
        <div className={styles.more}>
          <button type="button" className={styles.button} onClick={more.onMore} disabled={more.loading} aria-busy={more.loading}>
            {more.loading ? texts.loadingMore : texts.showMore(more.remaining, more.atLeast)}
          </button>
        </div>
      )}
    </>
  );
}
