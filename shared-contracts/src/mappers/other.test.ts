import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapShop, parseOpeningHours, weekOpeningHours } from './shop.js';
import { mapAddressHit, mapPostalCode } from './geo.js';
import { mapCustomer } from './customer.js';
import { mapCustomerOrder, mapPromocode, mapReservation, mapShippingMethod } from './order.js';
import { mapPaginated, mapSettings, mapTenant } from './content.js';
import { mapSearchResponse } from './search.js';
import { rawArticle, rawCustomer, rawPostalCode, rawShop } from '../testing/fixtures.js';
import type { RawReservation } from '../types/order.js';

afterEach(() => vi.restoreAllMocks());

describe('opening hours', () => {
  it.each([
    ['1-5:1000-2000', [{ fromDay: 1, toDay: 5, opens: '10:00', closes: '20:00' }]],
    [
      '1-5:0900-2000, 6-6:1000-1800',
      [
        { fromDay: 1, toDay: 5, opens: '09:00', closes: '20:00' },
        { fromDay: 6, toDay: 6, opens: '10:00', closes: '18:00' },
      ],
    ],
    ['7-7:1200-1600', [{ fromDay: 0, toDay: 0, opens: '12:00', closes: '16:00' }]],
    ['', []],
  ])('%j', (text, expected) => {
    expect(parseOpeningHours(text)).toEqual(expected);
  });

  it('drops and logs malformed entries', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseOpeningHours('1-5:1000-2000,mandag:10-20,1-5:2500-2600')).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('spreads entries over the week, wrapping ranges', () => {
    const week = weekOpeningHours(parseOpeningHours('1-5:1000-2000,6-0:1200-1600'));
    expect(week[0]).toEqual({ opens: '12:00', closes: '16:00' });
    expect(week[3]).toEqual({ opens: '10:00', closes: '20:00' });
    expect(week[6]).toEqual({ opens: '12:00', closes: '16:00' });
    expect(weekOpeningHours(parseOpeningHours('1-5:1000-2000'))[0]).toBeNull();
  });
});

it('maps a shop', () => {
  const shop = mapShop(rawShop());
  expect(shop).toMatchObject({ id: 3, no: '003', chain: 1, coords: { latitude: 61.1153, longitude: 10.4662 }, distance: null, postNo: '2609' });
  expect(shop.openingHoursEntries).toHaveLength(2);
});

describe('postal codes', () => {
  it.each([
    [rawPostalCode(), { postNo: '0150', postPlace: 'Oslo', lat: 59.9076, lng: 10.7513 }],
    [rawPostalCode({ PostNo: '9170', PostPlace: 'Longyearbyen', CoordLat: null, CoordLong: null }), { postNo: '9170', postPlace: 'Longyearbyen', lat: null, lng: null }],
  ])('%j', (raw, expected) => {
    expect(mapPostalCode(raw)).toEqual(expected);
  });
});

it('maps an address hit', () => {
  expect(
    mapAddressHit({
      adressetekst: 'Storgata 12b',
      adressenavn: 'Storgata',
      nummer: 12,
      bokstav: 'b',
      postnummer: '0155',
      poststed: 'OSLO',
      representasjonspunkt: { lat: 59.91, lon: 10.75 },
    }),
  ).toEqual({ street: 'Storgata', houseNumber: '12B', postcode: '0155', city: 'OSLO', position: { lat: 59.91, lng: 10.75 } });
});

describe('customer flags', () => {
  it.each([
    [{ club: 1 as const }, 'club', true],
    [{ club: 0 as const }, 'club', false],
    [{ email_verified: null }, 'email_verified', false],
    [{ email_verified: '2026-01-01T00:00:00Z' }, 'email_verified', true],
    [{ terms_conditions: 1 as const }, 'terms_conditions', true],
    [{ registration_token: 'abc' }, 'token', 'abc'],
    [{}, 'token', null],
  ])('%j → %s = %j', (overrides, key, expected) => {
    expect(mapCustomer(rawCustomer(overrides))[key as keyof ReturnType<typeof mapCustomer>]).toEqual(expected);
  });
});

it('maps reservations and orders', () => {
  const raw: RawReservation = {
    ReservationID: 1,
    ShopID: 3,
    CustomerID: null,
    StatusID: 1,
    CustomerName: 'Kari',
    Email: 'k@example.no',
    Phone: '91234567',
    Delivery: 0,
    Address: 'Storgata 1',
    City: 'Oslo',
    PostalCode: '0155',
    Total: 209800,
    TrackingUrl: null,
    Articles: [{ EanNo: '1', ArticleID: 101, Name: 'Jakke', SizeName: 'M', ColorName: 'Blå', Count: 1, Price: 199900, Image: '/x.svg' }],
    DateCreated: '2026-11-22T10:00:00Z',
  };
  const r = mapReservation(raw);
  expect(r).toMatchObject({ id: 1, shopID: 3, delivery: false, zipcode: '0155', date: '2026-11-22T10:00:00Z', pickupUntil: null });
  expect(mapReservation({ ...raw, StatusID: 4, PickupUntil: '2026-11-24T16:00:00Z' }).pickupUntil).toBe('2026-11-24T16:00:00Z');
  // Refund state: only the customer's history sends it; absent means nothing refunded, nothing on its way.
  expect(r).toMatchObject({ refundedAmount: 0, refundPending: false });
  expect(mapReservation({ ...raw, RefundedAmount: 19950, RefundPending: true })).toMatchObject({ refundedAmount: 19950, refundPending: true });
  expect(r.articles[0]).toEqual({ ean: '1', articleId: 101, name: 'Jakke', size: 'M', color: 'Blå', count: 1, price: 199900, image: '/x.svg' });
  const o = mapCustomerOrder({ OrderID: 9, VatPercentage: 25, Vat: 40000, NetAmount: 160000, Total: 200000, OrderLines: [{ EanNo: '1', ArticleID: 1, Name: 'A', Count: 2, Price: 100000 }], DateCreated: 'x' });
  expect(o.orderlines).toEqual([{ ean: '1', articleId: 1, name: 'A', count: 2, price: 100000 }]);
});

it('maps promo codes and shipping methods', () => {
  expect(mapPromocode({ id: 1, name: 'HOST10', valid_from: 'a', valid_to: null, fixed: 0, amount: 10, type: 'cart' }).fixed).toBe(false);
  expect(mapShippingMethod({ ShippingMethodID: 'delivery', Name: 'Hjemlevering', Description: null, Price: 9900, PriceRule: 'cart-freight' })).toEqual({
    id: 'delivery',
    name: 'Hjemlevering',
    description: null,
    price: 9900,
    priceRule: 'cart-freight',
  });
  // An answer without the rule (an older server): the id decides, click-and-collect is free.
  const older = (id: string) => ({ ShippingMethodID: id, Name: id, Description: null, Price: 0 }) as unknown as Parameters<typeof mapShippingMethod>[0];
  expect(mapShippingMethod(older('click-and-collect')).priceRule).toBe('free');
  expect(mapShippingMethod(older('express')).priceRule).toBe('cart-freight');
});

describe('settings slots', () => {
  const banner = (n: number) => ({ Image: `/b${n}.svg`, ImageMobile: null, Link: null, Title: null, Text: null });
  it.each([
    [[], 3, 9],
    [[banner(1)], 3, 9],
    [Array.from({ length: 12 }, (_, i) => banner(i)), 3, 9],
  ])('%#: always 3 sub-banners and 9 grid cells', (list, subs, grid) => {
    const s = mapSettings({ TopBanner: null, SubBanners: list, StoreSearch: null, PopularCategories: [], Grid3x3: list });
    expect(s.subBanners).toHaveLength(subs);
    expect(s.grid3x3).toHaveLength(grid);
  });
});

it('maps the tenant and derives the single-line header', () => {
  const t = mapTenant({
    TenantID: 1,
    BrandName: 'Heldre',
    ChainID: 1,
    MenuBrands: { support: ['Staut'], maintenance: ['Staut', 'Heldre'], about: [], policy: [] },
    SingleLineHeaderBrand: 'Heldre',
    CustomerServiceEmail: 'kundeservice@example.no',
    CompanyName: 'Staut Sport AS',
  });
  expect(t).toMatchObject({ brandName: 'Heldre', chainId: 1, singleLineHeader: true });
  expect(t.menuBrands.maintenance).toEqual(['Staut', 'Heldre']);
});

it('maps the Elasticsearch-shaped search answer', () => {
  const result = mapSearchResponse({
    hits: { total: { value: 57, relation: 'eq' }, hits: [{ _id: '101', _score: 3.2, _source: rawArticle() }] },
  });
  expect(result.total).toBe(57);
  expect(result.totalIsExact).toBe(true);
  expect(result.articles[0].id).toBe(101);
  // Past the server's count bound the total is a lower bound ("1000+ treff").
  const bounded = mapSearchResponse({ hits: { total: { value: 1000, relation: 'gte' }, hits: [] } });
  expect([bounded.total, bounded.totalIsExact]).toEqual([1000, false]);
});

it('mapPaginated keeps meta and maps data', () => {
  const meta = { current_page: 2, last_page: 3, per_page: 20, total: 41 };
  expect(mapPaginated({ data: [1, 2], meta }, (n) => n * 10)).toEqual({ data: [10, 20], meta });
});
