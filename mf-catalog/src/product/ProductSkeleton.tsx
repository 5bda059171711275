import { texts } from '../texts.js';
import a11y from '../shared/a11y.module.css';
import cards from '../listing/ProductCard.module.css';
import styles from './ProductPage.module.css';

/** The product page's frame while the article loads: same boxes, no layout jump when it arrives. */
export function ProductSkeleton() {
  const block = (extra: string) => <span className={`${cards.skeletonBlock} ${extra}`} />;
  return (
    <div className={styles.page} role="status" aria-live="polite">
      <span className={a11y.visuallyHidden}>{texts.loading}</span>
      <div className={styles.gallery} aria-hidden="true">
        {block(cards.skeletonImage)}
      </div>
      <div className={styles.info} aria-hidden="true">
        {block(`${cards.skeletonLine} ${cards.skeletonShort}`)}
        {block(styles.skeletonTitle)}
        {block(`${cards.skeletonLine} ${cards.skeletonShort}`)}
        {block(styles.skeletonButton)}
      </div>
    </div>
  );
}
