import { describe, expect, it, vi } from 'vitest';
import type { Shop } from '@shop/contracts/types';

vi.mock('@shop/contracts/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@shop/contracts/api')>()),
  getColorGroups: vi.fn(async () => [{ id: 4, name: 'Blå' }]),
  getGenders: vi.fn(async () => [{ id: 1, name: 'Dame' }]),
  getProductLines: vi.fn(async () => {
    throw new Error('down');
  }),
  getShops: vi.fn(async () => [{ id: 1, name: 'Oslo Sentrum', address: 'Karl Johans gate 1', openingHours: [] } as unknown as Shop]),
}));
const { fetchFacetReference } = await import('./reference.js');

describe('fetchFacetReference (a loader\'s filter lists, carried in the page\'s HTML)', () => {
  it('offers each shop by id and name only, and a list that fails as empty', async () => {
    expect(await fetchFacetReference()).toEqual({
      colorGroups: [{ id: 4, name: 'Blå' }],
      genders: [{ id: 1, name: 'Dame' }],
      brands: [],
      shops: [{ id: 1, name: 'Oslo Sentrum' }],
    });
  });
});
