import { describe, expect, it } from 'vitest';
import { mapCategory } from '@shop/contracts/mappers';
import { rawCategory } from '@shop/contracts/testing';
import { article } from './fixtures.js';
import { productBreadcrumbs, productHead } from './head.js';

const context = { origin: 'https://www.staut.no', brandName: 'Staut' };
// Tekstil (shown as Klær) → Gensere (10) → Ullgensere (100), the fixture article's levels.
const categories = [
  mapCategory(
    rawCategory({
      Subcategories: [
        { ArticleGroup2ID: 10, MainGroupID: 1, Name: 'Gensere', MinPrice: 0, MaxPrice: 0, Count: 1, Groups: [{ ArticleGroup3ID: 100, ArticleGroup2ID: 10, Name: 'Ullgensere', Count: 1 }] },
      ],
    }),
  ),
];

describe('productHead', () => {
  it('names the article, points at its slug and describes it as Product + Offer and breadcrumbs', () => {
    const head = productHead(context, { article: article({ description: '<p>Varm genser i <b>merinoull</b>.</p>' }), categories });
    expect(head).toMatchObject({
      title: 'Ullgenser Fjellvind – Staut',
      description: 'Varm genser i merinoull.',
      canonical: 'https://www.staut.no/product/ullgenser-fjellvind',
      openGraph: { type: 'product', title: 'Ullgenser Fjellvind', image: 'https://www.staut.no/api/v1/images/a/1.svg' },
    });
    expect(head.robots).toBeUndefined();
    expect(head.jsonLd?.map((ld) => ld['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(head.jsonLd?.[0]).toMatchObject({ offers: { price: '799.00', priceCurrency: 'NOK', availability: 'https://schema.org/InStock' } });
  });

  it('falls back to a description of its own when the article has none', () => {
    expect(productHead(context, { article: article({ description: '' }), categories }).description).toBe('Kjøp Ullgenser Fjellvind hos Staut.');
  });

  it.each([
    ['missing', null],
    ['not visible on the web', article({ visible: false })],
  ])('a %s article is a 404 kept out of the index', (_name, value) => {
    const head = productHead(context, { article: value, categories });
    expect(head).toMatchObject({ status: 404, robots: 'noindex, nofollow', title: 'Fant ikke siden – Staut' });
    expect(head.canonical).toBeUndefined();
    expect(head.jsonLd).toBeUndefined();
  });
});

describe('productBreadcrumbs', () => {
  it.each([
    ['every level known', categories, ['Forside /', 'Klær /klaer', 'Gensere /klaer/gensere', 'Ullgensere /klaer/gensere/ullgensere', 'Ullgenser Fjellvind /product/ullgenser-fjellvind']],
    ['a tree without the article\'s category', [], ['Forside /', 'Ullgenser Fjellvind /product/ullgenser-fjellvind']],
  ])('%s', (_name, tree, expected) => {
    expect(productBreadcrumbs(article(), tree).map((item) => `${item.name} ${item.path}`)).toEqual(expected);
  });
});
