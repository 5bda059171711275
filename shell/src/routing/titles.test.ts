import { describe, expect, it } from 'vitest';
import { mapCategory } from '@shop/contracts/mappers';
import { rawCategory } from '@shop/contracts/testing';
import { resolveLocation } from './screens.js';
import { documentTitle, paramToName, screenTitle } from './titles.js';

const vintersport = mapCategory(
  rawCategory({
    MainGroupID: 3,
    Name: 'Vintersport',
    Subcategories: [
      {
        ...rawCategory().Subcategories[0],
        ArticleGroup2ID: 31,
        MainGroupID: 3,
        Name: 'Hjelmer & alpinbriller',
        Groups: [{ ArticleGroup3ID: 311, ArticleGroup2ID: 31, Name: 'Alpinbriller', Count: 3 }],
      },
    ],
  }),
);

const title = (pathname: string, productTitle?: string) =>
  documentTitle(screenTitle(resolveLocation({ pathname }), { categories: [vintersport], productTitle }), 'Staut');

describe('<title> per route, in Norwegian', () => {
  it.each([
    ['/', 'Staut – sport, friluft og barneklær'],
    ['/preview/jul', 'Forhåndsvisning: jul – Staut'],
    ['/om-oss', 'Om oss – Staut'],
    ['/kundeservice', 'Kundeservice – Staut'],
    ['/personvernerklaering', 'Personvern og informasjonskapsler – Staut'],
    ['/vedlikehold', 'Vedlikehold og vask – Staut'],
    ['/baerekraftig-forretningspraksis', 'Bærekraftig forretningspraksis – Staut'],
    ['/hvordan-kle-barna', 'Hvordan kle barna – Staut'],
    ['/checkout', 'Kassen – Staut'],
    ['/product/101', 'Produkt – Staut'],
    ['/search/ullsokker', 'Søk: ullsokker – Staut'],
    ['/utvalg/1+2', 'Utvalg – Staut'],
    ['/herre', 'Herre – Staut'],
    ['/uni', 'Unisex – Staut'],
    ['/voksen', 'Voksen – Staut'],
    ['/barn-junior', 'Barn og junior – Staut'],
    ['/vintersport', 'Vintersport – Staut'],
    ['/vintersport/hjelmer-&-alpinbriller', 'Hjelmer & alpinbriller – Staut'],
    ['/vintersport/hjelmer-&-alpinbriller/alpinbriller', 'Alpinbriller – Staut'],
    ['/sko/løpesko', 'Løpesko – Staut'],
    ['/a/b/c/d', 'Fant ikke siden – Staut'],
  ])('%s → %s', (pathname, expected) => {
    expect(title(pathname)).toBe(expected);
  });

  it('a product page takes the article name once it is known', () => {
    expect(title('/product/fjellbris-skalljakke', 'Fjellbris skalljakke')).toBe('Fjellbris skalljakke – Staut');
  });

  it.each([
    ['mat-og-drikke', 'Mat og drikke'],
    ['hjelmer-&-alpinbriller', 'Hjelmer & alpinbriller'],
    ['ærfugl', 'Ærfugl'],
    ['', ''],
  ])('paramToName(%j) → %j', (param, name) => {
    expect(paramToName(param)).toBe(name);
  });
});
