/** Table-driven tests of the small pure pieces of the server. */
import type { RawCategory } from '@shop/contracts/types';
import { describe, expect, it } from 'vitest';
import { buildCategoryTree } from '../../src/routes/categories/tree.js';
import { lastPageOf } from '../../src/routes/categories/listing.js';
import { settingsFromSlots } from '../../src/routes/settings/index.js';
import { DEFAULT_TENANT, tenantFromRows } from '../../src/routes/tenant/index.js';
import { bannerPreloads, cacheControlFor, customerHint, homeScript, remotesScript, renderIndex, tenantScript } from '../../src/server/frontends.js';
import { describeValidationError, validationBody } from '../../src/server/errors.js';
import { categoryOfPath, consentGiven, firstViewHtml, withFirstView } from '../../src/server/firstView.js';
import { searchImagePreloads, searchQueryOfUrl } from '../../src/server/searchPreload.js';
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

describe('renderIndex', () => {
  it('fills every placeholder and escapes the token for an attribute', () => {
    expect(renderIndex('<meta content="__CSRF_TOKEN__">__CSRF_TOKEN__', 'abc')).toBe('<meta content="abc">abc');
    expect(renderIndex('"__CSRF_TOKEN__"', '"><script>')).toBe('"&quot;&gt;&lt;script&gt;"');
  });

  it('puts the start-up hints at the end of <head>', () => {
    expect(renderIndex('<head><title>x</title></head><body></body>', 't', '<script>1</script>')).toBe(
      '<head><title>x</title><script>1</script></head><body></body>',
    );
  });
});

describe('start-up hints in index.html', () => {
  it('inline documents cannot close their <script>', () => {
    const script = remotesScript({ mf_catalog: '</script><script>alert(1)//' });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).toContain('\\u003c/script>');
    expect(tenantScript(null)).toBe('');
    expect(homeScript({ TopBanner: null })).toMatch(/^<script>window.__SHOP_HOME__=\{"TopBanner":null\}<\/script>$/);
  });

  it('tells the shell when the session has no customer, and nothing else about it', () => {
    expect(customerHint(null)).toBe('<meta name="shop-customer" content="none">');
    expect(customerHint(undefined)).toBe('<meta name="shop-customer" content="none">');
    expect(customerHint(42)).toBe('');
  });

  it('preloads the top banner, the mobile variant below the 1020 px breakpoint', () => {
    expect(bannerPreloads(null)).toBe('');
    expect(bannerPreloads({ Image: '/a.svg', ImageMobile: null })).toBe(
      '<link rel="preload" as="image" href="/a.svg" media="all" fetchpriority="high">',
    );
    const both = bannerPreloads({ Image: '/a.svg', ImageMobile: '/m.svg' });
    expect(both).toContain('href="/m.svg" media="(max-width: 1019px)"');
    expect(both).toContain('href="/a.svg" media="(min-width: 1020px)"');
  });
});

describe('static first view in index.html', () => {
  it('shows the cookie notice until the consent cookie is set', () => {
    expect(consentGiven(undefined)).toBe(false);
    expect(consentGiven('a=1; cookiesAccepted=false')).toBe(false);
    expect(consentGiven('a=1; cookiesAccepted=true')).toBe(true);
    expect(firstViewHtml({ consentGiven: false, tenant: null })).toContain('Informasjonskapsler');
    expect(firstViewHtml({ consentGiven: true, tenant: null })).not.toContain('Informasjonskapsler');
  });

  it('draws the top banner as the home page does, escaped, and goes inside #root', () => {
    const html = firstViewHtml({
      consentGiven: true,
      tenant: { BrandName: 'Staut <b>' },
      banner: { Image: '/a.svg', ImageMobile: '/m.svg', Title: 'Salg & mer', Text: null, Link: null },
    });
    expect(html).toContain('Staut &lt;b&gt;');
    expect(html).toContain('<source media="(max-width: 1019px)" srcset="/m.svg"><img src="/a.svg" alt="" fetchpriority="high">');
    expect(html).toContain('<strong>Salg &amp; mer</strong>');
    expect(firstViewHtml({ consentGiven: true, tenant: null, banner: null })).not.toContain('<img');
    expect(html).toContain('data-first-view="mf_content/HomePage"');
    expect(withFirstView('<body><div id="root"></div></body>', '<p>x</p>')).toBe('<body><div id="root"><p>x</p></div></body>');
  });

  it('draws a category page\'s banner for paths under a main group, matched as the catalogue matches it', () => {
    const tree = [
      { MainGroupID: 1, Name: 'Tekstil', Banner: '/b.svg' },
      { MainGroupID: 2, Name: 'Sko', Banner: null },
    ] as unknown as RawCategory[];
    expect(categoryOfPath('/kl%C3%A6r', tree)?.MainGroupID).toBe(1);
    expect(categoryOfPath('/Klær/jakker/vinter', tree)?.MainGroupID).toBe(1);
    expect(categoryOfPath('/sko', tree)?.MainGroupID).toBe(2);
    expect(categoryOfPath('/search/jakke', tree)).toBeNull();
    expect(categoryOfPath('/', tree)).toBeNull();
    const html = firstViewHtml({ consentGiven: true, tenant: null, category: tree[0] });
    expect(html).toContain('data-first-view="mf_catalog/CategoryPage"');
    expect(html).toContain('<img src="/b.svg" alt="Klær" width="1200" height="300" fetchpriority="high">');
    expect(firstViewHtml({ consentGiven: true, tenant: null, category: tree[1] })).not.toContain('<img');
  });
});

describe('static first view of a search page', () => {
  it('reads the search text of a plain /search/{query} address only', () => {
    expect(searchQueryOfUrl('/search/jakke')).toBe('jakke');
    expect(searchQueryOfUrl('/search/r%C3%B8d%20jakke')).toBe('rød jakke');
    expect(searchQueryOfUrl('/search/r%25C3%25B8d')).toBe('rød');
    expect(searchQueryOfUrl('/search/jakke?farge=R%C3%B8d')).toBeNull();
    expect(searchQueryOfUrl('/search/%20')).toBeNull();
    expect(searchQueryOfUrl('/search/a/b')).toBeNull();
    expect(searchQueryOfUrl('/jakker')).toBeNull();
  });

  it('preloads the first two distinct hit images, the first at high priority', () => {
    expect(searchImagePreloads(['/a.svg', '/a.svg', '/b"x.svg', '/c.svg'])).toBe(
      '<link rel="preload" as="image" href="/a.svg" fetchpriority="high"><link rel="preload" as="image" href="/b&quot;x.svg">',
    );
    expect(searchImagePreloads([])).toBe('');
  });

  it('draws the first hits\' images as the grid does, naming the search page', () => {
    const html = firstViewHtml({ consentGiven: true, tenant: null, searchImages: ['/a.svg', '/b.svg'] });
    expect(html).toContain('data-first-view="mf_catalog/SearchPage"');
    expect(html).toContain('<ul class="fv-grid"><li><img class="fv-hit-image" src="/a.svg" alt="" width="300" height="300"></li><li>');
    expect(firstViewHtml({ consentGiven: true, tenant: null, searchImages: [] })).not.toContain('fv-grid');
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
