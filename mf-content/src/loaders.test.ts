import { afterEach, describe, expect, it } from 'vitest';
import { setServerTransport } from '@shop/contracts/api';
import { fakeTransport, rawPostalCode, rawShop } from '@shop/contracts/testing';
import { loader as blogListLoader } from './blog/BlogListPage.js';
import { loader as blogPostLoader } from './blog/BlogPostPage.js';
import { loader as editorLoader } from './editor/EditorPage.js';
import { loader as homeLoader } from './home/HomePage.js';
import { loader as pollLoader } from './poll/PollPage.js';
import { loader as shopsLoader } from './shops/ShopLocatorPage.js';
import { loader as staticLoader } from './static/StaticPage.js';

const ORIGIN = 'https://www.staut.no';
const rawPost = (overrides: Record<string, unknown> = {}) => ({
  id: 4,
  title: 'Tur på fjellet',
  body: '<p>Ull innerst, skall ytterst.</p>',
  slug: 'tur-pa-fjellet',
  featured_image: null,
  main_article: null,
  related_articles: [],
  categories: [{ id: 1, slug: 'friluft', name: 'Friluft', posts_count: 3 }],
  published_at: '2026-10-01T08:00:00.000Z',
  ...overrides,
});
const meta = { current_page: 1, last_page: 2, per_page: 12, total: 13 };

const use = (routes: Parameters<typeof fakeTransport>[0]) => {
  const fake = fakeTransport({ 'GET /tenant/get': { BrandName: 'Staut Mini' }, ...routes });
  setServerTransport(() => fake.transport);
  return fake;
};
afterEach(() => setServerTransport());

describe('content page loaders', () => {
  it('home: the published layout and the WebSite head with the tenant brand', async () => {
    use({ 'GET /home': { TopBanner: { Image: '/img/top.jpg', Title: 'Høst' }, SubBanners: [], Grid3x3: [], PopularCategories: [], StoreSearch: null } });
    const result = await homeLoader({ url: `${ORIGIN}/`, props: { previewName: null }, params: {} });
    expect(result.data?.topBanner?.title).toBe('Høst');
    expect(result.head?.title).toContain('Staut Mini');
    expect(result.head?.openGraph?.image).toBe(`${ORIGIN}/img/top.jpg`);
    expect(result.head?.jsonLd?.[0]?.['@type']).toBe('WebSite');
  });

  it('home preview: the named layout when the API answers it (staff, or a live one), else a 404 page', async () => {
    use({ 'GET /home/jul': { TopBanner: { Image: '/img/jul.jpg', Title: 'Jul' }, SubBanners: [], Grid3x3: [], PopularCategories: [], StoreSearch: null } });
    const shown = await homeLoader({ url: `${ORIGIN}/preview/jul`, props: { previewName: 'jul' }, params: {} });
    expect(shown.data?.topBanner?.title).toBe('Jul');
    expect(shown.head).toMatchObject({ robots: 'noindex, nofollow' });
    expect(shown.head?.status).toBeUndefined();

    use({});
    const refused = await homeLoader({ url: `${ORIGIN}/preview/jul`, props: { previewName: 'jul' }, params: {} });
    expect(refused.head?.status).toBe(404);
    expect(refused.data).toBeUndefined();
  });

  it('static page: the copy, else the blog post of the slug (an article page), else 404', async () => {
    use({ 'GET /pages/om-oss': { slug: 'om-oss', title: 'Om oss', body: '<p>Vi selger klær.</p>', updated_at: '2026-01-01T00:00:00Z' } });
    const page = await staticLoader({ url: `${ORIGIN}/om-oss`, props: { slug: 'om-oss' }, params: {} });
    expect(page.data).toMatchObject({ kind: 'page', page: { title: 'Om oss' } });
    expect(page.head?.description).toBe('Vi selger klær.');

    use({ 'GET /blog/hvordan-kle-barna': rawPost({ slug: 'hvordan-kle-barna' }) });
    const article = await staticLoader({ url: `${ORIGIN}/hvordan-kle-barna`, props: { slug: 'hvordan-kle-barna' }, params: {} });
    expect(article.data?.kind).toBe('post');
    expect(article.head?.jsonLd?.[0]?.['@type']).toBe('BlogPosting');

    use({});
    const missing = await staticLoader({ url: `${ORIGIN}/borte`, props: { slug: 'borte' }, params: {} });
    expect(missing.head?.status).toBe(404);
    expect(missing.data).toBeUndefined();
  });

  it('blog list: the first page and the category links; an unknown category is the 404', async () => {
    use({ 'GET /blog/posts': { data: [rawPost()], meta }, 'GET /blog/categories': [{ id: 1, slug: 'friluft', name: 'Friluft', posts_count: 3 }] });
    const all = await blogListLoader({ url: `${ORIGIN}/blogg`, props: {}, params: {} });
    expect(all.data?.listing.posts.map((p) => p.title)).toEqual(['Tur på fjellet']);
    expect(all.data?.categories.map((c) => c.slug)).toEqual(['friluft']);
    expect(all.head?.canonical).toBe(`${ORIGIN}/blogg`);

    use({ 'GET /blog/category/friluft': { category: { id: 1, slug: 'friluft', name: 'Friluft', posts_count: 3 }, posts: { data: [rawPost()], meta } } });
    const category = await blogListLoader({ url: `${ORIGIN}/blogg/kategori/friluft`, props: { categorySlug: 'friluft' }, params: {} });
    expect(category.data?.listing.category?.name).toBe('Friluft');
    expect(category.head?.title).toContain('Friluft');

    use({});
    const missing = await blogListLoader({ url: `${ORIGIN}/blogg/kategori/nei`, props: { categorySlug: 'nei' }, params: {} });
    expect(missing.head?.status).toBe(404);
  });

  it('blog post: the post titled by its own title; a missing post is the 404', async () => {
    use({ 'GET /blog/tur-pa-fjellet': rawPost() });
    const result = await blogPostLoader({ url: `${ORIGIN}/blogg/tur-pa-fjellet`, props: { slug: 'tur-pa-fjellet' }, params: {} });
    expect(result.data?.title).toBe('Tur på fjellet');
    expect(result.head?.title).toBe('Tur på fjellet – Staut Mini');
    use({});
    expect((await blogPostLoader({ url: `${ORIGIN}/blogg/nei`, props: { slug: 'nei' }, params: {} })).head?.status).toBe(404);
  });

  it('poll: the first active one on /avstemning (none is no 404), a missing id is the 404', async () => {
    use({ 'GET /polls/active': [] });
    const none = await pollLoader({ url: `${ORIGIN}/avstemning`, props: {}, params: {} });
    expect(none.data).toEqual({ poll: null });
    expect(none.head?.status).toBeUndefined();
    use({});
    const missing = await pollLoader({ url: `${ORIGIN}/avstemning/9`, props: { pollId: 9 }, params: { id: '9' } });
    expect(missing.head?.status).toBe(404);
    expect(missing.data).toBeUndefined();
  });

  it('shop locator: the shops, a Store each, and the server clock for the first render', async () => {
    use({ 'GET /shops': [rawShop()] });
    const result = await shopsLoader({ url: `${ORIGIN}/butikker`, props: {}, params: {} });
    expect(result.data?.shops.map((s) => s.id)).toEqual([3]);
    expect(Number.isNaN(Date.parse(result.data?.renderedAt ?? ''))).toBe(false);
    expect(result.head?.jsonLd?.map((j) => j['@type'])).toEqual(['Store']);
  });

  it('shop locator: with ?postnummer=NNNN, where that postcode is, so the server sorts the list (the form works before hydration)', async () => {
    const fake = use({ 'GET /shops': [rawShop()], 'GET /postalcodes/0150': rawPostalCode() });
    const result = await shopsLoader({ url: `${ORIGIN}/butikker?postnummer=0150`, props: {}, params: {} });
    expect(result.data).toMatchObject({ postcode: '0150', from: { latitude: 59.9076, longitude: 10.7513 }, problem: null });
    expect(fake.calls.map((c) => `${c.method.toUpperCase()} ${c.url}`)).toContain('GET /postalcodes/0150');
  });

  it.each([
    ['/butikker', { postcode: '', from: null, problem: null }, false],
    ['/butikker?postnummer=', { postcode: '', from: null, problem: null }, false],
    ['/butikker?postnummer=12', { postcode: '12', from: null, problem: 'invalid' }, false],
    ['/butikker?postnummer=abcd', { postcode: 'abcd', from: null, problem: 'invalid' }, false],
    ['/butikker?postnummer=0000', { postcode: '0000', from: null, problem: 'unknown' }, true],
    ['/butikker?postnummer=9999', { postcode: '9999', from: null, problem: 'unknown' }, true],
  ])('shop locator: %s → %j', async (path, expected, looksUp) => {
    // 0000 is not in the register (404); 9999 is, without coordinates.
    const fake = use({ 'GET /shops': [rawShop()], 'GET /postalcodes/9999': rawPostalCode({ PostNo: '9999', CoordLat: null, CoordLong: null }) });
    const result = await shopsLoader({ url: `${ORIGIN}${path}`, props: {}, params: {} });
    expect(result.data).toMatchObject(expected);
    expect(result.data?.shops.map((s) => s.id)).toEqual([3]);
    expect(fake.calls.some((c) => c.url.startsWith('/postalcodes/'))).toBe(looksUp);
  });

  describe('previews (?forhandsvisning=1): the loaders ask the API for the saved version; the page is never indexed', () => {
    const preview = { status: 'draft', published_at: null };
    /** An API that answers the draft only when the read carries the preview parameter (as for an editor's session). */
    const draftOnlyWithParam = (draft: unknown) => (call: { params?: Record<string, unknown> }) =>
      call.params?.forhandsvisning === 1 ? draft : { status: 404, data: { message: 'Fant ikke innlegget.' } };
    const rawPage = { slug: 'kampanjevilkar', title: 'Kampanjevilkår', body: '<p>Fra mandag</p>', updated_at: '2026-11-01T00:00:00Z', preview };
    const rawPoll = { id: 7, name: 'Beste tur', description: null, banner_desktop: null, banner_mobile: null, active: true, prize_draw: false, quiz: false, questions: [], preview };

    it.each([
      ['blog post', () => blogPostLoader({ url: `${ORIGIN}/blogg/utkast?forhandsvisning=1`, props: { slug: 'utkast' }, params: {} }), 'GET /blog/utkast', rawPost({ slug: 'utkast', title: 'Utkast', preview })],
      ['poll', () => pollLoader({ url: `${ORIGIN}/avstemning/7?forhandsvisning=1`, props: { pollId: 7 }, params: { id: '7' } }), 'GET /polls/7', rawPoll],
      ['copy page', () => staticLoader({ url: `${ORIGIN}/kampanjevilkar?forhandsvisning=1`, props: { slug: 'kampanjevilkar' }, params: {} }), 'GET /pages/kampanjevilkar', rawPage],
    ] as const)('%s: the draft with its status, noindex', async (_what, load, route, draft) => {
      const fake = use({ [route]: draftOnlyWithParam(draft) });
      const result = await load();
      expect(fake.calls.find((c) => `${c.method.toUpperCase()} ${c.url}` === route)?.params).toEqual({ forhandsvisning: 1 });
      expect(JSON.stringify(result.data)).toContain('"preview":{"status":"draft","published_at":null}');
      expect(result.head?.robots).toBe('noindex, nofollow');
      expect(result.head?.status).toBeUndefined();
    });

    it('without the parameter (or with another value) the same loaders ask for the published content: a draft is the 404', async () => {
      for (const url of [`${ORIGIN}/blogg/utkast`, `${ORIGIN}/blogg/utkast?forhandsvisning=0`, `${ORIGIN}/blogg/utkast?side=1`]) {
        const fake = use({ 'GET /blog/utkast': draftOnlyWithParam(rawPost({ slug: 'utkast', preview })) });
        const result = await blogPostLoader({ url, props: { slug: 'utkast' }, params: {} });
        expect(fake.calls.find((c) => c.url === '/blog/utkast')?.params, url).toBeUndefined();
        expect(result.head?.status, url).toBe(404);
        expect(result.head?.robots, url).toBe('noindex, nofollow');
      }
      // A published post asked normally is indexed as before.
      use({ 'GET /blog/tur-pa-fjellet': rawPost() });
      expect((await blogPostLoader({ url: `${ORIGIN}/blogg/tur-pa-fjellet`, props: { slug: 'tur-pa-fjellet' }, params: {} })).head?.robots).toBeUndefined();
    });

    it('a shopper asking for the preview of a live post: the post, no status, and still noindex', async () => {
      use({ 'GET /blog/tur-pa-fjellet': rawPost() });
      const result = await blogPostLoader({ url: `${ORIGIN}/blogg/tur-pa-fjellet?forhandsvisning=1`, props: { slug: 'tur-pa-fjellet' }, params: {} });
      expect(result.data?.title).toBe('Tur på fjellet');
      expect(result.data?.preview).toBeUndefined();
      expect(result.head?.robots).toBe('noindex, nofollow');
    });
  });

  it('editor: head only, never indexed', async () => {
    use({});
    const result = await editorLoader({ url: `${ORIGIN}/redaksjon`, props: {}, params: {} });
    expect(result.data).toBeUndefined();
    expect(result.head?.robots).toBe('noindex, nofollow');
  });
});
