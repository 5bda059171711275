import { describe, expect, it } from 'vitest';
import { mapArticleDetail, mapShop } from '@shop/contracts/mappers';
import { rawArticleDetail, rawShop, rawVariant } from '@shop/contracts/testing';
import type { ArticleDetail } from '../types/index.js';
import {
  absoluteUrl,
  articleAvailability,
  breadcrumbListJsonLd,
  metaDescription,
  NOINDEX,
  openingHoursSpecification,
  pageHead,
  plainText,
  priceFromOre,
  productJsonLd,
  storeJsonLd,
} from '../ssr/index.js';

const ORIGIN = 'https://www.staut.no';
const DAY = (name: string) => `https://schema.org/${name}`;

describe('priceFromOre: integer øre → schema.org decimal string', () => {
  it.each([
    [49900, '499.00'],
    [1, '0.01'],
    [0, '0.00'],
    [123456789, '1234567.89'],
    [49950.4, '499.50'],
    [Number.NaN, '0.00'],
    [-1250, '-12.50'],
  ])('%s → %s', (ore, price) => expect(priceFromOre(ore)).toBe(price));
});

describe('absoluteUrl', () => {
  it.each([
    ['https://www.staut.no', '/klaer/jakker', 'https://www.staut.no/klaer/jakker'],
    ['https://www.staut.no/', '/', 'https://www.staut.no/'],
    ['http://localhost:8080', '/blogg/tur-på-fjellet', 'http://localhost:8080/blogg/tur-p%C3%A5-fjellet'],
    ['https://www.staut.no', '/vintersport/hjelmer-&-alpinbriller', 'https://www.staut.no/vintersport/hjelmer-&-alpinbriller'],
    ['https://www.staut.no', 'https://cdn.example.no/a.jpg', 'https://cdn.example.no/a.jpg'],
  ])('%s + %s → %s', (origin, path, url) => expect(absoluteUrl(origin, path)).toBe(url));
});

describe('plainText and metaDescription', () => {
  it.each([
    ['<h2>Ull</h2><p>Varm &amp; <b>myk</b>.</p>', 'Ull Varm & myk.'],
    ['<p>Før<br>etter</p><script>alert(1)</script>', 'Før etter'],
    ['a&nbsp;b &#229; &#xE6; &lt;tag&gt; &unknown;', 'a b å æ <tag> &unknown;'],
    ['   ', ''],
  ])('%j → %j', (html, text) => expect(plainText(html)).toBe(text));

  it('cuts at a word boundary with an ellipsis, at most the limit', () => {
    const long = `<p>${'Vanntett skalljakke med god pusteevne. '.repeat(10)}</p>`;
    const description = metaDescription(long)!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(description).not.toMatch(/[<>]/);
    expect(description).toMatch(/^Vanntett skalljakke med god pusteevne\. Vanntett/);
    expect(metaDescription('Kort tekst.')).toBe('Kort tekst.');
    expect(metaDescription('<p></p>')).toBeUndefined();
    expect(metaDescription('x'.repeat(300), 20)).toBe(`${'x'.repeat(19)}…`);
  });
});

const detail = (overrides: Partial<ArticleDetail> = {}): ArticleDetail => ({ ...mapArticleDetail(rawArticleDetail()), ...overrides });
const stock = (qty55: number, qty3: number) => [rawVariant({ Shops: [{ ShopID: 55, Qty: qty55 }, { ShopID: 3, Qty: qty3 }] })];

describe('articleAvailability', () => {
  it.each([
    ['purchasable, web stock', true, 5, 0, 'InStock'],
    ['purchasable, shop stock only', true, 0, 2, 'InStock'],
    ['purchasable, no stock', true, 0, 0, 'OutOfStock'],
    ['not on the web, shop stock', false, 0, 2, 'InStoreOnly'],
    ['not on the web, only the warehouse', false, 4, 0, 'OutOfStock'],
    ['not on the web, no stock', false, 0, 0, 'OutOfStock'],
  ] as const)('%s → %s', (_name, canPurchase, qty55, qty3, expected) => {
    const article = detail({ canPurchase, variants: mapArticleDetail(rawArticleDetail({ Variants: stock(qty55, qty3) })).variants });
    expect(articleAvailability(article)).toBe(expected);
  });
});

describe('productJsonLd', () => {
  it('is a Product with an Offer in NOK at the price the shopper pays', () => {
    const article = detail();
    const ld = productJsonLd(article, ORIGIN);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: article.name,
      url: `${ORIGIN}/product/${article.slug}`,
      sku: article.articleNo,
      gtin13: article.variants[0]!.ean,
      image: absoluteUrl(ORIGIN, article.image),
      brand: { '@type': 'Brand', name: article.brand },
      offers: {
        '@type': 'Offer',
        price: priceFromOre(article.price),
        priceCurrency: 'NOK',
        url: `${ORIGIN}/product/${article.slug}`,
      },
    });
    expect(String((ld.offers as { availability: string }).availability)).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', reviewCount: 1 });
  });

  it('names no GTIN for several variants, and no rating without reviews', () => {
    const two = mapArticleDetail(rawArticleDetail({ Variants: [rawVariant({ EanNo: '7040000000017' }), rawVariant({ VariantID: 2, EanNo: '7040000000024' })], Reviews: [], AverageRating: null }));
    const ld = productJsonLd(two, ORIGIN);
    expect(ld.gtin13).toBeUndefined();
    expect(ld.aggregateRating).toBeUndefined();
  });

  it('takes a campaign price and survives markup in the description', () => {
    const ld = productJsonLd(detail({ price: 59900, originalPrice: 79900, description: '<b>Lett</b> jakke' }), ORIGIN);
    expect((ld.offers as { price: string }).price).toBe('599.00');
    expect(ld.description).toBe('Lett jakke');
  });
});

describe('breadcrumbListJsonLd', () => {
  it('numbers the trail from 1 with absolute URLs', () => {
    expect(breadcrumbListJsonLd([{ name: 'Forside', path: '/' }, { name: 'Klær', path: '/klaer' }], ORIGIN)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Forside', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: 'Klær', item: `${ORIGIN}/klaer` },
      ],
    });
  });
});

describe('openingHoursSpecification: the API\'s "days-from-to:hhmm-hhmm" as schema.org', () => {
  const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map(DAY);
  it.each([
    ['weekdays and Saturday', '1-5:1000-2000,6-6:1000-1800', [
      { dayOfWeek: weekdays, opens: '10:00', closes: '20:00' },
      { dayOfWeek: [DAY('Saturday')], opens: '10:00', closes: '18:00' },
    ]],
    ['Sunday as 7 and as 0, same hours as Saturday', '1-5:0900-1800,6-6:1100-1600,7-7:1100-1600', [
      { dayOfWeek: weekdays, opens: '09:00', closes: '18:00' },
      { dayOfWeek: [DAY('Saturday'), DAY('Sunday')], opens: '11:00', closes: '16:00' },
    ]],
    ['a range over the weekend, until midnight', '6-0:0800-2400', [
      { dayOfWeek: [DAY('Saturday'), DAY('Sunday')], opens: '08:00', closes: '23:59' },
    ]],
    ['no hours (the web-shop warehouse)', '', []],
  ])('%s', (_name, text, expected) => {
    const specs = openingHoursSpecification(mapShop(rawShop({ OpeningHours: text })));
    expect(specs).toEqual(expected.map((e) => ({ '@type': 'OpeningHoursSpecification', ...e })));
  });
});

describe('storeJsonLd', () => {
  it('is a Store with address, geo, phone and hours', () => {
    const shop = mapShop(rawShop());
    const ld = storeJsonLd(shop, { origin: ORIGIN, url: '/butikker#butikk-3', brandName: 'Staut' });
    expect(ld).toMatchObject({
      '@type': 'Store',
      '@id': `${ORIGIN}/butikker#butikk-3`,
      name: 'Staut Sport Lillehammer AS',
      address: { '@type': 'PostalAddress', streetAddress: 'Storgata 54', postalCode: '2609', addressLocality: 'Lillehammer', addressCountry: 'NO' },
      geo: { '@type': 'GeoCoordinates', latitude: 61.1153, longitude: 10.4662 },
      telephone: '61 25 00 00',
      brand: { '@type': 'Brand', name: 'Staut' },
    });
    expect(ld.openingHoursSpecification).toHaveLength(2);
    const bare = storeJsonLd(mapShop(rawShop({ Phone: null, Email: null, MapLink: null, OpeningHours: '' })), { origin: ORIGIN, url: '/butikker' });
    expect(bare).not.toHaveProperty('telephone');
    expect(bare).not.toHaveProperty('openingHoursSpecification');
  });
});

describe('pageHead', () => {
  const context = { origin: ORIGIN, brandName: 'Staut' };
  it('writes title with brand, canonical, Open Graph and robots', () => {
    expect(pageHead(context, { title: 'Søk: ull', path: '/search/ull', description: '<p>Treff</p>', robots: NOINDEX })).toEqual({
      title: 'Søk: ull – Staut',
      description: 'Treff',
      canonical: `${ORIGIN}/search/ull`,
      robots: NOINDEX,
      openGraph: { type: 'website', title: 'Søk: ull', description: 'Treff', url: `${ORIGIN}/search/ull` },
    });
  });
  it('home: the brand line; a 404 keeps its status', () => {
    const home = pageHead(context, { title: null, path: '/', image: '/api/v1/images/banner.jpg' });
    expect(home.title).toBe('Staut – sport, friluft og barneklær');
    expect(home.openGraph).toMatchObject({ title: 'Staut – sport, friluft og barneklær', image: `${ORIGIN}/api/v1/images/banner.jpg` });
    expect(pageHead(context, { title: 'Fant ikke siden', status: 404 }).status).toBe(404);
    expect(pageHead(context, { title: 'x', status: 200 })).not.toHaveProperty('status');
  });
});
