import type { ArticleDetail, Variant } from '@shop/contracts/types';

/** Test data in the web shape the contracts' mappers produce. */
export function variant(overrides: Partial<Variant> & { colorId?: number; sizeId?: number; stock?: number } = {}): Variant {
  const { colorId = 7, sizeId = 3, stock = 4, ...rest } = overrides;
  const colorNames: Record<number, [string, string]> = { 7: ['Grønn', '#2f6b3a'], 8: ['Marine', '#1f2a44'] };
  const sizeNames: Record<number, string> = { 2: 'S', 3: 'M', 4: 'L' };
  const [colorName, hex] = colorNames[colorId] ?? ['Svart', '#000000'];
  return {
    id: colorId * 100 + sizeId,
    ean: `70400000${colorId}${sizeId}`.padEnd(13, '0'),
    availability: stock > 0 ? 2 : 0,
    shops: [
      { id: 55, qty: stock },
      { id: 3, qty: stock > 0 ? 1 : 0 },
    ],
    size: { id: sizeId, name: sizeNames[sizeId] ?? String(sizeId) },
    color: { id: colorId, name: colorName, hex, colorCode: String(colorId), image: `/api/v1/images/a/1-${colorId}.svg` },
    ...rest,
  };
}

export function article(overrides: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    id: 1,
    name: 'Ullgenser Fjellvind',
    slug: 'ullgenser-fjellvind',
    description: 'Varm genser i merinoull.',
    price: 79900,
    pant: 0,
    brand: 'Staut',
    brands: [1],
    colors: [],
    colorGroups: [],
    gender: { id: 1, name: 'Herre' },
    genders: [1],
    articleGroup2ID: 10,
    articleGroup3ID: 100,
    canPurchase: true,
    customLabel: null,
    group2: 'Gensere',
    group3: 'Ullgensere',
    image: '/api/v1/images/a/1.svg',
    shops: [55, 3],
    available: [55, 3],
    featured: false,
    category: { id: 1 },
    categories: [1],
    subcategories: [10],
    campaigns: [],
    campaignLabelType: null,
    averageRating: null,
    originalPrice: null,
    webPurchaseLimit: 5,
    bestsellerQty: 9999,
    bestsellerTurnover: 9999,
    onlyCC: false,
    season: null,
    frightPrice: 9900,
    visible: true,
    techDescription: null,
    nutrientContent: null,
    washLabel: null,
    careLabel: null,
    articleId: 1,
    articleNo: '10001',
    dateCreated: '2026-01-01T00:00:00.000Z',
    variants: [variant({ sizeId: 2 }), variant({ sizeId: 3 }), variant({ sizeId: 4, stock: 0 }), variant({ colorId: 8, sizeId: 3 })],
    reviews: [],
    ...overrides,
  };
}
