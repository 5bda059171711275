import { describe, expect, it } from 'vitest';
import { isSiteReturnPath, RETURN_PATH_MAX_LENGTH, siteReturnPath } from './returnPath.js';

describe('siteReturnPath: a page of this site, checked as the browser will resolve it, or null', () => {
  it.each([
    // pages, with their query and fragment
    ['/', '/'],
    ['/kundeservice', '/kundeservice'],
    ['/butikker?postnummer=0150', '/butikker?postnummer=0150'],
    ['/checkout?steg=bekreftelse&betaling=klarna', '/checkout?steg=bekreftelse&betaling=klarna'],
    ['/product/jakke#anmeldelser', '/product/jakke#anmeldelser'],
    ['/search/jakke?side=2#treff', '/search/jakke?side=2#treff'],
    ['/utvalg/1+2+3', '/utvalg/1+2+3'],
    ['/vintersport/hjelmer-&-alpinbriller', '/vintersport/hjelmer-&-alpinbriller'],
    ['/search/%C3%A6rfugl', '/search/%C3%A6rfugl'],
    ['/search/ærfugl', '/search/%C3%A6rfugl'],
    ['/search/ull genser', '/search/ull%20genser'],
    ['/search/100%25', '/search/100%25'],
    ['/search/a%2Fb', '/search/a%2Fb'],
    ['/a/../kundeservice', '/kundeservice'],
    ['/a/./b', '/a/b'],
    ['/%2e%2e/kundeservice', '/kundeservice'],
    ['/kundeservice?return=//evil.example', '/kundeservice?return=//evil.example'],
    // the issue's: another host once the dot segments are resolved
    ['/.//evil.com', null],
    ['/%2e//evil.com', null],
    ['/%2E//evil.com', null],
    ['/a/..//evil.com', null],
    ['/a/%2e%2e//evil.com', null],
    ['/./\\evil.com', null],
    // another host or scheme outright
    ['//evil.com', null],
    ['///evil.com', null],
    ['/\\evil.com', null],
    ['/\\/evil.com', null],
    ['\\\\evil.com', null],
    ['https://evil.com', null],
    ['http:/evil.com', null],
    ['javascript:alert(1)', null],
    ['evil.com', null],
    ['%2f%2fevil.com', null],
    // another host once percent-decoded (by a proxy or framework on the way)
    ['/%2f%2fevil.com', null],
    ['/%2F%2Fevil.com', null],
    ['/%5cevil.com', null],
    ['/%5C%5Cevil.com', null],
    ['/%252f%252fevil.com', null],
    ['/%2e%2e%2f%2fevil.com', null],
    ['/%2e%2e%2f%2e%2e%2f%2fevil.com', null],
    // browsers drop tabs and line breaks: "/\t/evil.com" is "//evil.com"
    ['/\t/evil.com', null],
    ['/\n/evil.com', null],
    ['/kundeservice\r\nSet-Cookie: x=1', null],
    ['/kundeservice%0d%0aSet-Cookie:%20x=1', null],
    ['/\u2028/evil.com', null],
    // the API is no page
    ['/api/v1/customers/current', null],
    ['/api', null],
    ['/%61pi/v1/customers/current', null],
    ['/x/../api/v1/customers/current', null],
    // not a path
    ['', null],
    [undefined, null],
    [42, null],
    [['/kundeservice'], null],
    [`/${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`, null],
  ])('%j → %j', (value, expected) => {
    expect(siteReturnPath(value)).toBe(expected);
  });

  it('takes a shorter limit where a caller has one', () => {
    expect(siteReturnPath('/abcdef', 5)).toBeNull();
    expect(siteReturnPath('/abcd', 5)).toBe('/abcd');
  });

  it('isSiteReturnPath: only a path already in its normalised form', () => {
    expect(isSiteReturnPath('/checkout?steg=bekreftelse')).toBe(true);
    expect(isSiteReturnPath('/a/../checkout')).toBe(false);
    expect(isSiteReturnPath('/.//evil.com')).toBe(false);
    expect(isSiteReturnPath('/search/ærfugl')).toBe(false);
  });
});
