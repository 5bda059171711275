/** Review summary of the product page (average rating, true-to-size verdict). Pure. */
import type { Review } from '@shop/contracts/types';

export type Fit = 'small' | 'fits' | 'large';

export interface ReviewSummary {
  count: number;
  /** 1–5 with one decimal, null without ratings. */
  average: number | null;
  /** Answers to "true to size?" (-1 small, 0 true to size, 1 large). */
  fit: Record<Fit, number> & { answered: number };
  /** The most common answer (ties go to "true to size"), null when nobody answered. */
  verdict: Fit | null;
}

const FIT_OF: Record<number, Fit> = { [-1]: 'small', 0: 'fits', 1: 'large' };

/** `fallbackAverage` is the article's averageRating, used when the page has no individual reviews to count. */
export function summarizeReviews(reviews: readonly Review[], fallbackAverage: number | null = null): ReviewSummary {
  const ratings = reviews.map((r) => r.rating).filter((r) => Number.isFinite(r) && r >= 1 && r <= 5);
  const average =
    ratings.length > 0 ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : fallbackAverage === null ? null : Math.round(fallbackAverage * 10) / 10;
  const fit = { small: 0, fits: 0, large: 0, answered: 0 };
  for (const review of reviews) {
    const key = review.true_to_size === null ? undefined : FIT_OF[review.true_to_size];
    if (!key) continue;
    fit[key] += 1;
    fit.answered += 1;
  }
  let verdict: Fit | null = null;
  if (fit.answered > 0) {
    verdict = 'fits';
    if (fit.small > fit.fits && fit.small >= fit.large) verdict = fit.small === fit.large ? 'fits' : 'small';
    else if (fit.large > fit.fits && fit.large > fit.small) verdict = 'large';
  }
  return { count: reviews.length, average, fit, verdict };
}

/** Whole and half stars for a rating, to the nearest half (4.2 → 4 full; 4.3 → 4 full and a half), for the star row. */
export function stars(rating: number): { full: number; half: number; empty: number } {
  const clamped = Math.max(0, Math.min(5, rating));
  const halves = Math.round(clamped * 2);
  const full = Math.floor(halves / 2);
  const half = halves % 2;
  return { full, half, empty: 5 - full - half };
}
