// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@shop/contracts/format';
import type { Review } from '@shop/contracts/types';
import { Reviews } from './Reviews.js';
import { summarizeReviews } from './reviews.js';

const NOW = new Date('2026-10-04T10:00:00Z');
const review = (id: number, createdAt: string): Review => ({
  id, content: `Anmeldelse ${id}`, reply: null, customer: 'Kari N.', rating: 4, approved: true, created_at: createdAt,
  reviewable_id: 1, reviewable_type: 'article', true_to_size: null, size_color: null, anonymous: false,
});

describe('Reviews: when each review was written (SPEC relative time)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('says how long ago in Norwegian, with the absolute date on hover and for machines', () => {
    const reviews = [review(1, '2026-10-01T10:00:00Z'), review(2, '2026-10-04T09:59:30Z'), review(3, '2025-09-01T10:00:00Z')];
    render(<Reviews reviews={reviews} summary={summarizeReviews(reviews)} />);
    const times = [...document.querySelectorAll('time')];
    expect(times.map((t) => t.textContent)).toEqual(['for 3 dager siden', 'for et par sekunder siden', 'for et år siden']);
    expect(times[0]!.getAttribute('dateTime')).toBe('2026-10-01T10:00:00.000Z');
    expect(times[0]!.getAttribute('title')).toBe(formatDateTime('2026-10-01T10:00:00Z'));
    expect(screen.getByTitle(formatDateTime('2025-09-01T10:00:00Z')).tagName).toBe('TIME');
  });
});
