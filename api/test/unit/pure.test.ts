/** Table-driven tests of the small pure pieces of the server. */
import type { RawCategory } from '@shop/contracts/types';
import { describe, expect, it } from 'vitest';
import { buildCategoryTree } from '../../src/routes/categories/tree.js';
import { lastPageOf } from '../../src/routes/categories/listing.js';
import { settingsFromSlots } from '../../src/routes/settings/index.js';
import { DEFAULT_TENANT, tenantFromRows } from '../../src/routes/tenant/index.js';
import { cacheControlFor } from '../../src/server/frontends.js';
import { describeValidationError, validationBody } from '../../src/server/errors.js';
import { needsCsrf, tokensMatch } from '../../src/server/session.js';

describe('lastPageOf', () => {
  it.each([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [629, 20, 32],
    [5, 1, 5],
  ])('%i articles, %i per page → %i pages', (total, perPage, expected) => {
    expect(lastPageOf(total, perPage)).toBe(expected);
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['main.0123456789.js', 'public, max-age=31536000, immutable'],
    ['/x/__federation_expose_Page.a1b2c3d4e5.js', 'public, max-age=31536000, immutable'],
    ['styles.deadbeef12.css', 'public, max-age=31536000, immutable'],
    ['remoteEntry.js', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['favicon.svg', 'no-cache'],
    ['logo-2024.svg', 'no-cache'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('CSRF rules', () => {
  it.each([
    ['POST', '/api/v1/customers/logout', true],
    ['PUT', '/api/v1/customers/1', true],
    ['PATCH', '/api/v1/x', true],
    ['DELETE', '/api/v1/customers/1', true],
    ['GET', '/api/v1/categories', false],
    ['HEAD', '/api/v1/categories', false],
    ['OPTIONS', '/api/v1/categories', false],
    // Every mutating route, not only the API (fail closed); the exemptions are checked by route (CSRF_EXEMPTIONS).
    ['POST', '/api/v10/x', true],
    ['POST', '/somewhere', true],
  ])('%s %s needs a token: %s', (method, _url, expected) => {
    expect(needsCsrf(method)).toBe(expected);
  });

  it.each([
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'ab', false],
    ['abc', undefined, false],
    ['abc', '', false],
  ])('%s vs %s → %s', (expected, given, result) => {
    expect(tokensMatch(expected, given)).toBe(result);
  });
});

describe('validation messages', () => {
  const error = (keyword: string, params: Record<string, unknown>, instancePath = '/per_page') => ({
    keyword,
    params,
    instancePath,
    schemaPath: '',
    message: '',
  });
  it.each([
    [error('minimum', { limit: 1 }), 'må være minst 1'],
    [error('maximum', { limit: 100 }), 'må være høyst 100'],
    [error('type', { type: 'integer' }), 'må være et heltall'],
    [error('enum', { allowedValues: ['asc', 'desc'] }), 'må være en av: asc, desc'],
    [error('pattern', {}), 'har feil format'],
    [error('required', { missingProperty: 'email' }, ''), 'mangler'],
    [error('somethingElse', {}), 'er ugyldig'],
  ])('%o → %s', (e, expected) => {
    expect(describeValidationError(e)).toBe(expected);
  });

  it('names the field and uses a shopper label where one exists', () => {
    expect(validationBody([error('required', { missingProperty: 'email' }, '')], 'body')).toEqual({
      message: 'Ugyldig forespørsel: email mangler.',
      errors: [{ field: 'email', message: 'mangler' }],
    });
    expect(validationBody([error('pattern', {}, '/zip')], 'params').message).toBe('Ugyldig forespørsel: postnummer har feil format.');
  });
});

describe('tenantFromRows', () => {
  it('reads one row per field in any key spelling (the seed writes camelCase)', () => {
    const tenant = tenantFromRows([
      { key: 'brandName', value: 'Staut' },
      { key: 'chainId', value: 1 },
      { key: 'company_name', value: 'Staut Sport AS' },
      { key: 'CustomerServiceEmail', value: 'kundeservice@staut.no' },
      { key: 'menuBrands', value: { support: ['Staut'], about: ['Staut', 'Mini'], maintenance: 'oops' } },
      { key: 'singleLineHeaderBrand', value: 'Mini' },
      { key: 'foundedYear', value: 2012 },
    ]);
    expect(tenant).toEqual({
      TenantID: 1,
      BrandName: 'Staut',
      ChainID: 1,
      MenuBrands: { support: ['Staut'], maintenance: DEFAULT_TENANT.MenuBrands.maintenance, about: ['Staut', 'Mini'], policy: DEFAULT_TENANT.MenuBrands.policy },
      SingleLineHeaderBrand: 'Mini',
      CustomerServiceEmail: 'kundeservice@staut.no',
      CompanyName: 'Staut Sport AS',
    });
  });

  it('lets single rows override a `tenant` object, and falls back to the defaults', () => {
    expect(tenantFromRows([])).toEqual(DEFAULT_TENANT);
    expect(tenantFromRows([{ key: 'BrandName', value: 'B' }, { key: 'tenant', value: { BrandName: 'A', TenantID: 3 } }])).toMatchObject({
      BrandName: 'B',
      TenantID: 3,
    });
  });
});

describe('settingsFromSlots', () => {
  it('accepts camelCase slots with the seed\'s `grid` name, dropping incomplete entries', () => {
    const s = settingsFromSlots({
      topBanner: { title: 'T', image: '/a.svg', imageMobile: '/a-m.svg', link: '/x', buttonText: 'Kjøp' },
      subBanners: [{ image: '/b.svg' }, { title: 'no image' }],
      storeSearch: { image: '/c.svg', text: 'Finn butikk' },
      popularCategories: [{ name: 'Klær', link: '/tekstil', image: '/d.svg' }, { name: 'Mangler lenke', image: '/e.svg' }],
      grid: [{ image: '/g.svg', title: 'G', link: '/g' }],
    });
    expect(s).toEqual({
      TopBanner: { Image: '/a.svg', ImageMobile: '/a-m.svg', Link: '/x', Title: 'T', Text: null },
      SubBanners: [{ Image: '/b.svg', ImageMobile: null, Link: null, Title: null, Text: null }, null],
      StoreSearch: { Image: '/c.svg', ImageMobile: null, Link: null, Title: null, Text: 'Finn butikk' },
      PopularCategories: [{ Name: 'Klær', Image: '/d.svg', Link: '/tekstil' }],
      Grid3x3: [{ Image: '/g.svg', ImageMobile: null, Link: '/g', Title: 'G', Text: null }],
    });
  });

  it.each([[undefined], [null], ['text'], [[]]])('answers empty slots for %o', (slots) => {
    expect(settingsFromSlots(slots)).toEqual({ TopBanner: null, SubBanners: [], StoreSearch: null, PopularCategories: [], Grid3x3: [] });
  });
});

describe('buildCategoryTree', () => {
  it('sums group statistics upwards and keeps empty groups at 0–0', () => {
    const tree = buildCategoryTree(
      [
        { id: 1, name: 'Tekstil', banner: null, bannerLink: null },
        { id: 2, name: 'Sko', banner: 'b', bannerLink: '/sko' },
      ],
      [
        { id: 11, mainGroupId: 1, name: 'Jakker' },
        { id: 12, mainGroupId: 1, name: 'Gensere' },
        { id: 21, mainGroupId: 2, name: 'Joggesko' },
      ],
      [
        { id: 111, group2Id: 11, name: 'Skall' },
        { id: 112, group2Id: 11, name: 'Dun' },
        { id: 121, group2Id: 12, name: 'Ull' },
      ],
      [
        { mainGroupId: 1, group2Id: 11, group3Id: 111, count: 2, minPrice: 500, maxPrice: 900 },
        { mainGroupId: 1, group2Id: 11, group3Id: 112, count: 1, minPrice: 300, maxPrice: 300 },
        { mainGroupId: 1, group2Id: 12, group3Id: 121, count: 4, minPrice: 1000, maxPrice: 2000 },
      ],
      [{ mainGroupId: 1, ProductLineID: 5, Name: 'Staut' }],
    );
    expect(tree[0]).toMatchObject({ Count: 7, MinPrice: 300, MaxPrice: 2000, ProductLines: [{ ProductLineID: 5, Name: 'Staut' }] });
    expect(tree[0]!.Subcategories[0]).toMatchObject({ Count: 3, MinPrice: 300, MaxPrice: 900 });
    expect(tree[0]!.Subcategories[0]!.Groups.map((g) => g.Count)).toEqual([2, 1]);
    expect(tree[1]).toMatchObject({ Count: 0, MinPrice: 0, MaxPrice: 0, Banner: 'b', BannerLink: '/sko', ProductLines: [] });
    expect(tree[1]!.Subcategories[0]).toMatchObject({ Count: 0, MinPrice: 0, MaxPrice: 0, Groups: [] });
  });
});
