import { getArticleBundle, getBestsellers } from '@shop/contracts/api';
import { ProductGrid, SkeletonGrid } from '../listing/ProductGrid.js';
import { useLoad } from '../shared/useLoad.js';
import { texts } from '../texts.js';
import styles from './Widget.module.css';

export interface BestsellerListProps {
  /** How many (default 8). */
  limit?: number;
  /** Heading (default "Bestselgere"). */
  title?: string;
}

/**
 * Exposed as `mf_catalog/BestsellerList` for the home page: the best-selling web-visible articles (GET /bestsellers,
 * then their cards through GET /articles/bundle). Renders nothing when there are none or the call fails.
 */
export default function BestsellerList({ limit = 8, title = texts.bestsellers }: BestsellerListProps) {
  const [list] = useLoad(async (signal) => {
    const ranks = await getBestsellers({ signal });
    const ids = ranks.slice(0, limit).map((b) => b.article_id);
    return ids.length === 0 ? [] : getArticleBundle(ids, { signal });
  }, [limit]);
  if (list.status === 'failed' || (list.status === 'ready' && list.value.length === 0)) return null;
  return (
    <section className={styles.widget} aria-labelledby="bestsellers-title">
      <h2 id="bestsellers-title" className={styles.title}>
        {title}
      </h2>
      {list.status === 'ready' ? <ProductGrid articles={list.value} label={title} /> : <SkeletonGrid count={Math.min(limit, 8)} />}
    </section>
  );
}
