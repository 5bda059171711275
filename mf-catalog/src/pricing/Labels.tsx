import type { CSSProperties } from 'react';
import type { Article } from '@shop/contracts/types';
import { stars } from '../product/reviews.js';
import { texts } from '../texts.js';
import { articleLabels, formatRating } from './labels.js';
import styles from './Labels.module.css';

type LabelSource = Pick<Article, 'campaigns' | 'customLabel' | 'price' | 'originalPrice'>;

/** Campaign labels ("Ukens annonse!", "-30 %") and the web label ("Nyhet"), in the campaign's own colours. */
export function Labels({ article, className }: { article: LabelSource; className?: string }) {
  const labels = articleLabels(article);
  if (labels.length === 0) return null;
  return (
    <span className={className}>
      {labels.map((label) => {
        const style: CSSProperties = {};
        if (label.color) style.color = label.color;
        if (label.background) style.background = label.background;
        return (
          <span key={label.text} className={label.kind === 'custom' ? `${styles.label} ${styles.custom}` : styles.label} style={style}>
            {label.text}
          </span>
        );
      })}
    </span>
  );
}

/** ★★★★½ with the number for screen readers ("Vurdering 4,5 av 5"). */
export function Stars({ rating }: { rating: number }) {
  const { full, half, empty } = stars(rating);
  const label = texts.rating(formatRating(rating));
  return (
    <span className={styles.stars} role="img" aria-label={label}>
      <span className={styles.starRow} aria-hidden="true">
        {'★'.repeat(full)}
        {half ? (
          // No font here has a half-star glyph: a full star clipped to its left half over an empty one.
          <span className={styles.halfStar}>
            ☆<span className={styles.halfStarFill}>★</span>
          </span>
        ) : null}
        {'☆'.repeat(empty)}
      </span>
    </span>
  );
}
