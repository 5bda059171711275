import { describe, expect, it } from 'vitest';
import { FORM_RETURN_MAX, formReturnPath } from './formReturn.js';

describe('formReturnPath: back to the page that posted the form, never off the site', () => {
  it.each([
    ['/', '/'],
    ['/butikker?postnummer=0150', '/butikker?postnummer=0150'],
    ['/utvalg/1+2+3', '/utvalg/1+2+3'],
    ['/vintersport/hjelmer-&-alpinbriller', '/vintersport/hjelmer-&-alpinbriller'],
    ['/search/%C3%A6rfugl', '/search/%C3%A6rfugl'],
    ['/search/ærfugl', '/search/%C3%A6rfugl'],
    ['/search/ull genser', '/search/ull%20genser'],
    ['/produkt#anmeldelser', '/produkt#anmeldelser'],
    ['/a/../kundeservice', '/kundeservice'],
    // other hosts, schemes and header tricks
    ['//evil.example/', '/'],
    ['/\\evil.example/', '/'],
    ['/\\/evil.example/', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['evil.example', '/'],
    ['/%2F%2Fevil.example', '/'],
    // issue 33: another host once the URL parser resolves the dot segments ("//evil.com")
    ['/.//evil.com', '/'],
    ['/%2e//evil.com', '/'],
    ['/a/..//evil.com', '/'],
    ['/%5cevil.com', '/'],
    ['/kundeservice\r\nSet-Cookie: x=1', '/'],
    ['/kundeservice\tx', '/'],
    ['/api/v1/customers/current', '/'],
    ['/api', '/'],
    ['', '/'],
    [undefined, '/'],
    [42, '/'],
    [['/kundeservice'], '/'],
    [`/${'a'.repeat(FORM_RETURN_MAX)}`, '/'],
  ])('%j → %j', (value, expected) => {
    expect(formReturnPath(value)).toBe(expected);
  });
});
