import { describe, expect, it } from 'vitest';
import { mapShop } from '@shop/contracts/mappers';
import { rawShop } from '@shop/contracts/testing';
import { WEB_SHOP_ID } from '@shop/contracts/constants';
import type { BlogPost, Poll } from '@shop/contracts/types';
import { blogListHead, blogPostHead } from './blog/head.js';
import { editorHead } from './editor/head.js';
import { homeHead } from './home/head.js';
import { pollHead } from './poll/head.js';
import { shopsHead } from './shops/head.js';
import { staticHead } from './static/head.js';

const context = { origin: 'https://www.staut.no', brandName: 'Staut' };

const post = (overrides: Partial<BlogPost> = {}): BlogPost => ({
  id: 4,
  title: 'Tur på fjellet',
  body: '<h2>Pakkeliste</h2><p>Ull innerst, skall ytterst.</p>',
  slug: 'tur-pa-fjellet',
  featuredImage: '/api/v1/images/blog/tur.jpg',
  mainArticle: null,
  relatedArticles: [],
  bodyArticles: [],
  categories: [{ id: 1, slug: 'friluft', name: 'Friluft', postsCount: 3 }],
  publishedAt: '2026-10-01T08:00:00.000Z',
  ...overrides,
});

describe('homeHead', () => {
  it('the brand line, the top banner as preview and WebSite with the shop search', () => {
    const head = homeHead(context, { previewName: null, settings: { topBanner: { image: '/api/v1/images/top.jpg', imageMobile: null, link: null, title: null, text: null } } as never });
    expect(head).toMatchObject({ title: 'Staut – sport, friluft og barneklær', canonical: 'https://www.staut.no/', openGraph: { image: 'https://www.staut.no/api/v1/images/top.jpg' } });
    expect(head.jsonLd?.[0]).toMatchObject({ '@type': 'WebSite', potentialAction: { target: { urlTemplate: 'https://www.staut.no/search/{search_term_string}' } } });
  });
  it('a preview is not indexed and names no canonical address', () => {
    const head = homeHead(context, { previewName: 'jul', settings: { topBanner: null } as never });
    expect(head).toMatchObject({ title: 'Forhåndsvisning: jul – Staut', robots: 'noindex, nofollow' });
    expect(head.canonical).toBeUndefined();
  });
  it('a preview of a layout that is missing, or not for this visitor, is a 404', () => {
    expect(homeHead(context, { previewName: 'jul', settings: null })).toMatchObject({ status: 404, robots: 'noindex, nofollow' });
  });
});

describe('staticHead', () => {
  it.each([
    ['a copy page', 'om-oss', { kind: 'page' as const, page: { slug: 'om-oss', title: 'Om oss', body: '<p>Grunnlagt i 2012.</p>', updatedAt: '2026-01-01T00:00:00Z', bodyArticles: [] } }, 'Om oss – Staut', 'website'],
    ['an article page that is a post', 'hvordan-kle-barna', { kind: 'post' as const, post: post({ slug: 'hvordan-kle-barna' }) }, 'Hvordan kle barna – Staut', 'article'],
  ])('%s', (_name, slug, content, title, type) => {
    const head = staticHead(context, { slug, content });
    expect(head).toMatchObject({ title, canonical: `https://www.staut.no/${slug}`, openGraph: { type } });
    expect(head.description).not.toMatch(/</);
  });
  it('no copy is a 404', () => {
    expect(staticHead(context, { slug: 'om-oss', content: null })).toMatchObject({ status: 404, robots: 'noindex, nofollow' });
  });
});

describe('blog heads', () => {
  it('a post is an article with BlogPosting and breadcrumbs, described by its text without markup', () => {
    const head = blogPostHead(context, { post: post() });
    expect(head).toMatchObject({
      title: 'Tur på fjellet – Staut',
      description: 'Pakkeliste Ull innerst, skall ytterst.',
      canonical: 'https://www.staut.no/blogg/tur-pa-fjellet',
      openGraph: { type: 'article', image: 'https://www.staut.no/api/v1/images/blog/tur.jpg' },
    });
    expect(head.jsonLd?.map((ld) => ld['@type'])).toEqual(['BlogPosting', 'BreadcrumbList']);
    expect(head.jsonLd?.[0]).toMatchObject({ headline: 'Tur på fjellet', datePublished: '2026-10-01T08:00:00.000Z', articleSection: ['Friluft'] });
    expect(blogPostHead(context, { post: null }).status).toBe(404);
  });
  it.each([
    ['the list', { category: null }, 'Inspirasjon – Staut', 'https://www.staut.no/blogg', undefined],
    ['a category', { category: { id: 1, slug: 'friluft', name: 'Friluft', postsCount: 3 }, categorySlug: 'friluft' }, 'Inspirasjon: Friluft – Staut', 'https://www.staut.no/blogg/kategori/friluft', undefined],
    ['an unknown category', { category: null, categorySlug: 'finnes-ikke' }, 'Fant ikke siden – Staut', undefined, 404],
  ])('%s', (_name, data, title, canonical, status) => {
    const head = blogListHead(context, data);
    expect(head.title).toBe(title);
    expect(head.canonical).toBe(canonical);
    expect(head.status).toBe(status);
  });
});

describe('pollHead', () => {
  const poll = { id: 3, name: 'Årets tur', description: 'Stem på <b>årets</b> tur', banner_desktop: '/api/v1/images/poll.jpg', banner_mobile: null, active: true, prize_draw: false, quiz: false, questions: [] } satisfies Poll;
  it.each([
    ['one poll', { id: 3, poll }, 'https://www.staut.no/avstemning/3', 'Stem på årets tur', undefined],
    ['the first active one', { poll }, 'https://www.staut.no/avstemning', 'Stem på årets tur', undefined],
    ['none active', { poll: null }, 'https://www.staut.no/avstemning', 'Bli med på avstemningen til Staut.', undefined],
    ['an unknown id', { id: 9, poll: null }, undefined, undefined, 404],
  ])('%s', (_name, data, canonical, description, status) => {
    const head = pollHead(context, data);
    expect(head.canonical).toBe(canonical);
    expect(head.description).toBe(description);
    expect(head.status).toBe(status);
  });
});

describe('shopsHead', () => {
  it('one Store per shop a shopper can visit', () => {
    const shops = [mapShop(rawShop()), mapShop(rawShop({ ShopID: WEB_SHOP_ID, OpeningHours: '' })), mapShop(rawShop({ ShopID: 7, Name: 'Staut Geilo', FullName: 'Staut Geilo AS' }))];
    const head = shopsHead(context, { shops });
    expect(head.title).toBe('Butikker – Staut');
    expect(head.canonical).toBe('https://www.staut.no/butikker');
    expect(head.jsonLd?.map((ld) => [ld['@type'], ld['@id']])).toEqual([
      ['Store', 'https://www.staut.no/butikker#butikk-3'],
      ['Store', 'https://www.staut.no/butikker#butikk-7'],
    ]);
    expect(head.description).toMatch(/2 butikker/);
  });
});

describe('editorHead', () => {
  it('is staff only and never indexed', () => {
    expect(editorHead(context)).toMatchObject({ title: 'Redaksjon – Staut', robots: 'noindex, nofollow' });
  });
});
