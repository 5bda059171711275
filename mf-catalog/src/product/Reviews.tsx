import type { Review } from '@shop/contracts/types';
import { Stars } from '../pricing/Labels.js';
import { formatRating } from '../pricing/labels.js';
import { TimeAgo } from '../shared/TimeAgo.js';
import { texts } from '../texts.js';
import type { ReviewSummary } from './reviews.js';
import styles from './ProductPage.module.css';

export const REVIEWS_ID = 'anmeldelser';

/** Average rating, the true-to-size verdict and the approved reviews, newest first. */
export function Reviews({ reviews, summary }: { reviews: readonly Review[]; summary: ReviewSummary }) {
  return (
    <section id={REVIEWS_ID} className={styles.section} aria-labelledby="reviews-title" tabIndex={-1}>
      <h2 id="reviews-title" className={styles.sectionTitle}>
        {texts.reviews}
      </h2>
      {summary.average !== null && summary.count > 0 && (
        <p className={styles.reviewSummary}>
          <Stars rating={summary.average} /> {texts.averageRating(formatRating(summary.average), summary.count)}
        </p>
      )}
      {summary.verdict && (
        <p className={styles.fit} data-testid="fit-verdict">
          <strong>{texts.fitVerdict[summary.verdict]}</strong>{' '}
          <span className={styles.muted}>{texts.fitCount(summary.fit[summary.verdict], summary.fit.answered)}</span>
        </p>
      )}
      {reviews.length === 0 ? (
        <p className={styles.muted}>{texts.noReviews}</p>
      ) : (
        <ul className={styles.reviewList}>
          {reviews.map((review) => (
            <li key={review.id} className={styles.review}>
              <p className={styles.reviewHead}>
                <Stars rating={review.rating} /> <strong>{review.customer}</strong>{' '}
                <TimeAgo className={styles.muted} at={review.created_at} />
              </p>
              <p>{review.content}</p>
              {review.size_color && <p className={styles.muted}>{texts.sizeColorBought(review.size_color)}</p>}
              {review.reply && (
                <blockquote className={styles.reply}>
                  <strong>{texts.reply}:</strong> {review.reply}
                </blockquote>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
