import { describe, expect, it } from 'vitest';
import {
  asksForPreview,
  formRedirectFor,
  previewPathFor,
  GENDER_IDS,
  isArticleIdParam,
  joinSelectionIds,
  pathFor,
  productPath,
  redirectFor,
  resolveCategoryShortcut,
  resolveGenderUrl,
  splitSelectionIds,
} from './index.js';

describe('pathFor', () => {
  it.each([
    [pathFor('home'), '/'],
    [pathFor('about'), '/om-oss'],
    [pathFor('support'), '/kundeservice'],
    [pathFor('maintenance'), '/vedlikehold'],
    [pathFor('policy'), '/baerekraftig-forretningspraksis'],
    [pathFor('privacy'), '/personvernerklaering'],
    [pathFor('checkout'), '/checkout'],
    [pathFor('preview', { name: 'jul' }), '/preview/jul'],
    [pathFor('articlePage', { page: 'hvordan-kle-barna' }), '/hvordan-kle-barna'],
    [pathFor('product', { articleName: 'fjellbris-skalljakke' }), '/product/fjellbris-skalljakke'],
    [pathFor('product', { articleName: 101 }), '/product/101'],
    [productPath('a b'), '/product/a%20b'],
    [pathFor('search', { query: 'ull & dun' }), '/search/ull%20%26%20dun'],
    [pathFor('selection', { ids: [1, 2, 3] }), '/utvalg/1+2+3'],
    [pathFor('gender', { gender: 'Herre' }), '/herre'],
    [pathFor('gender', { gender: 'Unisex' }), '/uni'],
    [pathFor('category', { categoryName: 'Vintersport' }), '/vintersport'],
    [pathFor('category', { categoryName: 'Vintersport', subcategoryName: 'Hjelmer & alpinbriller' }), '/vintersport/hjelmer-&-alpinbriller'],
    [pathFor('category', { categoryName: 'sportsutstyr', subcategoryName: 'Tilbehør sportsutstyr' }), '/sportsutstyr/tilbehor-sportsutstyr'],
    [pathFor('category', { categoryName: 'Tekstil', subcategoryName: 'Barneklær', group: 'Regntøy' }), '/klaer/barneklaer/regntoy'],
    [pathFor('category', { categoryName: 'Klær' }), '/klaer'],
    [pathFor('category', { categoryName: 'Mat og drikke' }), '/mat-og-drikke'],
    [pathFor('category', { categoryName: 'vintersport', subcategoryName: 'staver', group: 'alpinstaver' }), '/vintersport/staver/alpinstaver'],
    [pathFor('category', { subcategoryName: 'staver' }), '/'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('genders', () => {
  it.each([
    ['herre', 'herre', [1]],
    ['dame', 'dame', [2]],
    ['junior', 'junior', [11]],
    ['barn', 'barn', [4]],
    ['uni', 'uni', [10]],
    ['voksen', 'uni', [10]],
    ['barn-junior', 'barn-junior', [4, 11]],
    ['HERRE', 'herre', [1]],
  ])('/%s → gender %s, ids %j', (url, gender, ids) => {
    const route = resolveGenderUrl(url);
    expect(route?.gender).toBe(gender);
    expect(route?.genderIds).toEqual(ids);
  });
  it('voksen keeps its url', () => {
    expect(resolveGenderUrl('voksen')?.url).toBe('voksen');
  });
  it('non-genders are categories', () => {
    expect(resolveGenderUrl('vintersport')).toBeNull();
  });
  it('known gender ids', () => {
    expect(GENDER_IDS).toEqual({ Herre: 1, Dame: 2, Barn: 4, Uni: 10, Junior: 11 });
  });
});

describe('shortcuts and redirects', () => {
  it.each([
    ['goggles', { categoryName: 'vintersport', subcategoryName: 'hjelmer-&-alpinbriller', group: 'alpinbriller' }],
    ['hjelmer', { categoryName: 'vintersport', subcategoryName: 'hjelmer-&-alpinbriller', group: 'alpinhjelm' }],
    ['staver', { categoryName: 'vintersport', subcategoryName: 'staver', group: 'alpinstaver' }],
    ['sko', null],
  ])('%s → %j', (segment, expected) => {
    expect(resolveCategoryShortcut(segment)).toEqual(expected);
  });

  it.each([
    ['/payment', '/kundeservice'],
    ['/return', '/kundeservice'],
    ['/terms', '/kundeservice'],
    ['/reclamation/', '/kundeservice'],
    ['/privacy', '/personvernerklaering'],
    ['/jan-mayen', '/'],
    ['/skikkelig-stresstest', '/'],
    ['/ny-kolleksjon-fra-heldre-jan-mayen', '/'],
    ['/heldre-pa-langtur-over-vidda', '/'],
    ['/article/123', '/product/123'],
    ['/goggles', '/vintersport/hjelmer-&-alpinbriller/alpinbriller'],
    ['/hjelmer', '/vintersport/hjelmer-&-alpinbriller/alpinhjelm'],
    ['/staver', '/vintersport/staver/alpinstaver'],
    ['/', null],
    ['/kundeservice', null],
    ['/vintersport/staver', null],
    ['/product/123', null],
  ])('%s → %j', (path, target) => {
    expect(redirectFor(path)).toBe(target);
  });
});

describe('formRedirectFor (the header search as a plain GET form)', () => {
  it.each([
    ['/search', '?q=ull', '/search/ull'],
    ['/search', '?q=++ull+genser++', '/search/ull%20genser'],
    ['/search/', '?q=%C3%A6rfugl', `/search/${encodeURIComponent('ærfugl')}`],
    ['/SEARCH', '?q=a%2Fb%3Fc', '/search/a%2Fb%3Fc'],
    ['/search', '?q=ull&x=1', '/search/ull'],
    ['/search', `?q=${'a'.repeat(250)}`, `/search/${'a'.repeat(200)}`],
    ['/search', '?q=+++', '/'],
    ['/search', '?q=', '/'],
    ['/search', '', null],
    ['/search', '?x=1', null],
    ['/search/ull', '?q=x', null],
    ['/sok', '?q=ull', null],
    ['/', '?q=ull', null],
  ])('%s%s → %j', (pathname, search, target) => {
    expect(formRedirectFor(pathname, search)).toBe(target);
  });
});

describe('selection ids', () => {
  it.each([
    ['1+2+3', [1, 2, 3]],
    ['42', [42]],
    ['1 2', [1, 2]],
    ['1%2B2', [1, 2]],
    ['1++x+3', [1, 3]],
    ['', []],
  ])('%j → %j', (text, ids) => {
    expect(splitSelectionIds(text)).toEqual(ids);
  });
  it('round-trips', () => {
    expect(splitSelectionIds(joinSelectionIds([5, 6]))).toEqual([5, 6]);
  });
  it.each([
    ['123', true],
    ['fjellbris-123', false],
    [undefined, false],
  ])('isArticleIdParam(%j) = %s', (param, expected) => {
    expect(isArticleIdParam(param)).toBe(expected);
  });
});

describe('asksForPreview (?forhandsvisning=1 asks for the draft; the API decides who gets it)', () => {
  it.each([
    ['https://www.staut.no/blogg/utkast?forhandsvisning=1', true],
    ['/avstemning/7?side=2&forhandsvisning=1#svar', true],
    ['?forhandsvisning=1', true],
    ['forhandsvisning=1', true],
    ['?forhandsvisning=0', false],
    ['?forhandsvisning=', false],
    ['?forhandsvisning', false],
    ['/blogg/utkast', false],
    ['/blogg/utkast#forhandsvisning=1', false],
    ['', false],
    [previewPathFor('blog-post', { slug: 'utkast' }), true],
    [previewPathFor('poll', { id: 7 }), true],
    [previewPathFor('page', { slug: 'om-oss' }), true],
  ])('%s → %s', (url, asks) => {
    expect(asksForPreview(url)).toBe(asks);
  });
});
