import { describe, expect, it } from 'vitest';
import { composeRemotes, declarationsOf, declaredRemotes, type DeclaredRemote } from './composition.js';

const catalog: DeclaredRemote = {
  name: 'mf_catalog',
  startup: { model: 'first-interaction', screens: { category: 'CategoryPage', product: 'ProductPage' }, pieces: { 'header-search': 'SearchBox' } },
};
const content: DeclaredRemote = { name: 'mf_content', startup: { model: 'first-piece', screens: { home: 'HomePage' }, pieces: { 'privacy-modal': 'StaticPage' } } };
/** A second catalogue deployed beside the first, claiming the product page and the search box too. */
const rival: DeclaredRemote = {
  name: 'mf_catalog_next',
  startup: { model: 'first-piece', screens: { product: 'NewProductPage', search: 'SearchPage' }, pieces: { 'header-search': 'NewSearchBox' } },
};

describe('composeRemotes: the screens and pieces of the registry, from its remotes declarations', () => {
  it.each([
    {
      case: 'each remote renders what it declares',
      declared: [catalog, content],
      screens: { category: 'mf_catalog/CategoryPage', product: 'mf_catalog/ProductPage', home: 'mf_content/HomePage' },
      pieces: { 'header-search': 'mf_catalog/SearchBox', 'privacy-modal': 'mf_content/StaticPage' },
      problems: 0,
    },
    {
      case: 'two remotes claiming one route or slot: the first in registry order keeps it, one problem per claim',
      declared: [catalog, rival],
      screens: { category: 'mf_catalog/CategoryPage', product: 'mf_catalog/ProductPage', search: 'mf_catalog_next/SearchPage' },
      pieces: { 'header-search': 'mf_catalog/SearchBox' },
      problems: 2,
    },
    {
      case: 'the registry order decides, not the remote',
      declared: [rival, catalog],
      screens: { category: 'mf_catalog/CategoryPage', product: 'mf_catalog_next/NewProductPage', search: 'mf_catalog_next/SearchPage' },
      pieces: { 'header-search': 'mf_catalog_next/NewSearchBox' },
      problems: 2,
    },
    {
      case: 'a remote whose declaration could not be read (down) adds nothing: its routes stay undeclared',
      declared: [{ name: 'mf_catalog', startup: null }, content],
      screens: { home: 'mf_content/HomePage' },
      pieces: { 'privacy-modal': 'mf_content/StaticPage' },
      problems: 0,
    },
    {
      case: 'a remote that declares only its model renders nothing',
      declared: [{ name: 'mf_cart_checkout', startup: { model: 'start-up' as const } }],
      screens: {},
      pieces: {},
      problems: 0,
    },
    { case: 'an empty registry composes nothing', declared: [], screens: {}, pieces: {}, problems: 0 },
  ])('$case', ({ declared, screens, pieces, problems }) => {
    const composed = composeRemotes(declared);
    const flat = (table: Record<string, { remote: string; module: string } | undefined>) =>
      Object.fromEntries(Object.entries(table).map(([name, ref]) => [name, `${ref!.remote}/${ref!.module}`]));
    expect(flat(composed.composition.screens)).toEqual(screens);
    expect(flat(composed.composition.pieces)).toEqual(pieces);
    expect(composed.problems).toHaveLength(problems);
  });

  it('a collision names both remotes and the route', () => {
    expect(composeRemotes([catalog, rival]).problems[0]).toMatch(/mf_catalog_next .*"product".*mf_catalog/);
  });
});

describe('the page data form of the declarations', () => {
  it('keeps registry order and leaves out the remotes that could not be read, both ways', () => {
    const declared = [catalog, { name: 'mf_account', startup: null }, content];
    const inPage = declarationsOf(declared);
    expect(Object.keys(inPage)).toEqual(['mf_catalog', 'mf_content']);
    expect(declaredRemotes(['mf_catalog', 'mf_account', 'mf_content'], inPage)).toEqual(declared);
  });

  it('a remote of the registry the page has no declaration for is undeclared; one not in the registry is ignored', () => {
    expect(declaredRemotes(['mf_account'], { mf_catalog: catalog.startup! })).toEqual([{ name: 'mf_account', startup: null }]);
  });
});
