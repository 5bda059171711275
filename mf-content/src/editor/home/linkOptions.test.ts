import { describe, expect, it } from 'vitest';
import type { BlogCategory, Category } from '@shop/contracts/types';
import { linkGroups, withCurrentLink } from './linkOptions.js';
import { homeTexts as t } from './texts.js';

const category = (id: number, name: string, subs: Array<[string, string[]]>): Category => ({
  id,
  name,
  count: 1,
  banner: null,
  bannerLink: null,
  current_page: 1,
  last_page: 1,
  minPrice: 0,
  maxPrice: 0,
  availableProductlines: [],
  subcategories: subs.map(([sub, groups], i) => ({
    id: id * 10 + i,
    parent: id,
    name: sub,
    minPrice: 0,
    maxPrice: 0,
    count: 1,
    groups: groups.map((g, j) => ({ name: g, articleGroup2ID: id * 10 + i, articleGroup3ID: id * 100 + j, count: 1 })),
  })),
});
const blogCategories: BlogCategory[] = [{ id: 1, slug: 'tips-og-rad', name: 'Tips og råd', postsCount: 3 }];
const posts = [{ slug: 'vinterklar', title: 'Vinterklar med barna' }];

describe('linkGroups', () => {
  const groups = linkGroups({
    categories: [category(1, 'Klær', [['Jakker', ['Skalljakker']]]), category(3, 'Vintersport', [['Hjelmer & alpinbriller', ['Alpinbriller']]])],
    blogCategories,
    posts,
  });
  const values = groups.flatMap((g) => g.options.map((o) => o.value));

  it.each([
    ['the home page', '/'],
    ['the shop locator', '/butikker'],
    ['the blog', '/blogg'],
    ['the poll', '/avstemning'],
    ['a copy page', '/kundeservice'],
    ['an article page', '/hvordan-kle-barna'],
    ['a gender landing', '/herre'],
    ['a main category at its ASCII address', '/klaer'],
    ['a subcategory', '/klaer/jakker'],
    ['a group', '/klaer/jakker/skalljakker'],
    ['a name with "&" as the shop writes it', '/vintersport/hjelmer-&-alpinbriller/alpinbriller'],
    ['a blog category', '/blogg/kategori/tips-og-rad'],
    ['a blog post', '/blogg/vinterklar'],
  ])('offers %s (%s)', (_name, href) => {
    expect(values).toContain(href);
  });

  it('names each group and option in Norwegian, each address once', () => {
    expect(groups.map((g) => g.label)).toEqual([t.groups.pages, t.groups.genders, t.groups.categories('Klær'), t.groups.categories('Vintersport'), t.groups.blogCategories, t.groups.posts]);
    expect(groups[2]!.options).toEqual([
      { value: '/klaer', label: 'Klær – alle' },
      { value: '/klaer/jakker', label: 'Jakker' },
      { value: '/klaer/jakker/skalljakker', label: 'Jakker › Skalljakker' },
    ]);
    expect(new Set(values).size).toBe(values.length);
  });

  it('leaves out what there is none of', () => {
    const bare = linkGroups({ categories: [], blogCategories: [], posts: [] });
    expect(bare.map((g) => g.label)).toEqual([t.groups.pages, t.groups.genders]);
  });
});

describe('withCurrentLink', () => {
  const groups = [{ label: 'Sider', options: [{ value: '/blogg', label: 'Blogg' }] }];
  it.each([
    ['no link', '', groups],
    ['a link in the list', '/blogg', groups],
    ['a stored link not in the list, first, as it is', '/tekstil', [{ label: t.currentGroup, options: [{ value: '/tekstil', label: t.currentLink('/tekstil') }] }, ...groups]],
  ])('%s', (_name, current, expected) => {
    expect(withCurrentLink(groups, current)).toEqual(expected);
  });
});
