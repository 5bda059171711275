import { describe, expect, it } from 'vitest';
import type { Review } from '@shop/contracts/types';
import { stars, summarizeReviews } from './reviews.js';

const review = (rating: number, trueToSize: number | null = null): Review => ({
  id: rating, content: '', reply: null, customer: 'Kari N.', rating, approved: true, created_at: '2026-01-01T00:00:00Z',
  reviewable_id: 1, reviewable_type: 'article', true_to_size: trueToSize, size_color: null, anonymous: false,
});

describe('summarizeReviews', () => {
  it.each([
    ['no reviews, no average', [], null, { count: 0, average: null, verdict: null }],
    ['no reviews, the article average', [], 4.25, { count: 0, average: 4.3, verdict: null }],
    ['average with one decimal', [review(5), review(4), review(4)], null, { count: 3, average: 4.3, verdict: null }],
    ['most say true to size', [review(5, 0), review(4, 0), review(3, 1)], null, { count: 3, average: 4, verdict: 'fits' }],
    ['most say small', [review(5, -1), review(4, -1), review(3, 0)], null, { count: 3, average: 4, verdict: 'small' }],
    ['most say large', [review(2, 1), review(4, 1), review(3, 0)], null, { count: 3, average: 3, verdict: 'large' }],
    ['small and large tie: true to size', [review(2, 1), review(4, -1)], null, { count: 2, average: 3, verdict: 'fits' }],
    ['unanswered reviews do not vote', [review(5), review(4, 1)], null, { count: 2, average: 4.5, verdict: 'large' }],
  ])('%s', (_case, reviews, fallback, expected) => {
    expect(summarizeReviews(reviews as Review[], fallback)).toMatchObject(expected);
  });

  it('counts the true-to-size answers', () => {
    expect(summarizeReviews([review(5, -1), review(4, 0), review(3, 0), review(3)]).fit).toEqual({ small: 1, fits: 2, large: 0, answered: 3 });
  });
});

describe('stars', () => {
  it.each([
    [0, { full: 0, half: 0, empty: 5 }],
    [4.2, { full: 4, half: 0, empty: 1 }],
    [4.3, { full: 4, half: 1, empty: 0 }],
    [4.5, { full: 4, half: 1, empty: 0 }],
    [4.8, { full: 5, half: 0, empty: 0 }],
    [7, { full: 5, half: 0, empty: 0 }],
  ])('%d', (rating, expected) => {
    expect(stars(rating)).toEqual(expected);
  });
});
