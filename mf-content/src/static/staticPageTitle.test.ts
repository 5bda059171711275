import { describe, expect, it } from 'vitest';
import { ARTICLE_PAGES } from '@shop/contracts/routes';
import { staticPageTitle } from './staticPageTitle.js';

describe('staticPageTitle', () => {
  it.each([
    { path: '/om-oss', title: 'Om oss' },
    { path: '/kundeservice/', title: 'Kundeservice' },
    { path: '/Vedlikehold', title: 'Vedlikehold og vask' },
    { path: '/baerekraftig-forretningspraksis', title: 'Bærekraftig forretningspraksis' },
    { path: '/ukjent', title: 'Informasjon' },
    { path: '/', title: 'Informasjon' },
  ])('$path → $title', ({ path, title }) => {
    expect(staticPageTitle(path)).toBe(title);
  });

  it('has a title for every article page of the route table', () => {
    for (const page of ARTICLE_PAGES) expect(staticPageTitle(`/${page}`)).not.toBe('Informasjon');
  });
});
