import { describe, expect, it } from 'vitest';
import { remainingCount } from './remaining.js';

describe('remainingCount', () => {
  it.each([
    [{ current_page: 1, last_page: 3, per_page: 12, total: 30 }, 18],
    [{ current_page: 2, last_page: 3, per_page: 12, total: 30 }, 6],
    [{ current_page: 3, last_page: 3, per_page: 12, total: 30 }, 0],
    [{ current_page: 1, last_page: 1, per_page: 12, total: 5 }, 0],
    [{ current_page: 1, last_page: 1, per_page: 12, total: 0 }, 0],
    [{ current_page: 1, last_page: 2, per_page: 12, total: 13 }, 1],
  ])('%j → %i', (meta, remaining) => {
    expect(remainingCount(meta)).toBe(remaining);
  });
});
