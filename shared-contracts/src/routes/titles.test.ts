import { describe, expect, it } from 'vitest';
import { documentTitle } from '@shop/contracts/texts';
import { categoryTitle, genderTitle, paramToName, staticPageTitle } from './titles.js';

const tree = [{ name: 'Klær', subcategories: [{ name: 'Ull og undertøy', groups: [{ name: 'Superundertøy' }] }] }];

describe('page title rules shared by the shell and the remotes\' heads', () => {
  it.each([
    [categoryTitle({ categoryName: 'tekstil' }, []), 'Tekstil'],
    [categoryTitle({ categoryName: 'klaer' }, tree), 'Klær'],
    [categoryTitle({ categoryName: 'klær', subcategoryName: 'ull-og-undertoy' }, tree), 'Ull og undertøy'],
    [categoryTitle({ categoryName: 'klaer', subcategoryName: 'ull-og-undertøy', group: 'superundertoy' }, tree), 'Superundertøy'],
    [categoryTitle({ categoryName: 'klaer', subcategoryName: 'finnes-ikke' }, tree), 'Finnes ikke'],
    [categoryTitle({}, tree), 'Kategori'],
    [genderTitle('barn-junior'), 'Barn og junior'],
    [genderTitle('uni'), 'Unisex'],
    [staticPageTitle('om-oss'), 'Om oss'],
    [staticPageTitle('ukjent-side'), 'Ukjent side'],
    [paramToName('hjelmer-&-alpinbriller'), 'Hjelmer & alpinbriller'],
    [documentTitle('Kundeservice', 'Staut'), 'Kundeservice – Staut'],
    [documentTitle(null, 'Staut'), 'Staut – sport, friluft og barneklær'],
  ])('%j', (actual, expected) => expect(actual).toBe(expected));
});
