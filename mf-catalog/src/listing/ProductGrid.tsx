import type { Article } from '@shop/contracts/types';
import { texts } from '../texts.js';
import { ProductCard } from './ProductCard.js';
import a11y from '../shared/a11y.module.css';
import styles from './ProductCard.module.css';

export interface ProductGridProps {
  articles: readonly Article[];
  /** Accessible name of the list (e.g. the page or widget title). */
  label?: string;
}

/** Exposed as `mf_catalog/ProductGrid`: product cards in a responsive grid. */
export function ProductGrid({ articles, label }: ProductGridProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {articles.map((article, index) => (
        <li key={article.id}>
          <ProductCard article={article} index={index} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards of the real cards' size, so the page does not jump when the articles arrive. */
export function SkeletonGrid({ count = 8 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className={a11y.visuallyHidden}>{texts.loading}</span>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={styles.skeleton}>
            <span className={`${styles.skeletonBlock} ${styles.skeletonImage}`} />
            <span className={`${styles.skeletonBlock} ${styles.skeletonLine} ${styles.skeletonShort}`} />
            <span className={`${styles.skeletonBlock} ${styles.skeletonLine}`} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export default ProductGrid;
