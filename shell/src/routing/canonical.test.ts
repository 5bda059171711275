import { describe, expect, it } from 'vitest';
import { canonicalLocation } from './canonical.js';
import { resolveLocation } from './screens.js';

/** The menu's tree, as the shell holds it (display names: "Tekstil" arrives as "Klær"). */
const categories = [
  { name: 'Klær', subcategories: [{ name: 'Barneklær', groups: [{ name: 'Regntøy' }] }] },
  { name: 'Vintersport', subcategories: [{ name: 'Hjelmer & alpinbriller', groups: [{ name: 'Alpinbriller' }] }] },
];

const at = (pathname: string, search = '', hash = '') => {
  const location = { pathname, search, hash };
  return canonicalLocation(resolveLocation(location), location, categories);
};

describe('canonicalLocation (the in-app replace to a category’s one address)', () => {
  it.each([
    ['/tekstil', '', '', '/klaer'],
    ['/kl%C3%A6r', '', '', '/klaer'],
    ['/tekstil/barnekl%C3%A6r/regnt%C3%B8y', '?sort=price', '#liste', '/klaer/barneklaer/regntoy?sort=price#liste'],
    ['/Vintersport/Hjelmer%20&%20alpinbriller', '', '', '/vintersport/hjelmer-&-alpinbriller'],
  ])('%s%s%s → %s', (pathname, search, hash, expected) => {
    expect(at(pathname, search, hash)).toBe(expected);
  });

  it.each([
    ['/klaer'],
    ['/klaer/barneklaer/regntoy'],
    ['/vintersport/hjelmer-&-alpinbriller/alpinbriller'],
    ['/tekstil/finnes-ikke'],
    ['/herre'],
    ['/product/asen-parkas'],
    ['/'],
  ])('%s stays', (pathname) => {
    expect(at(pathname)).toBeNull();
  });

  it('does nothing before the category tree has loaded', () => {
    const location = { pathname: '/tekstil' };
    expect(canonicalLocation(resolveLocation(location), location, [])).toBeNull();
  });
});
