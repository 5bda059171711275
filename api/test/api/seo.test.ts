/** Issue 22: /robots.txt and /sitemap.xml (paged into /sitemap-{n}.xml), on the fixtures plus a few rows of their own. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../src/db/schema.js';
import { categoryUrls, pagePaths, sitemapPageCount, urlElement, xmlEscape } from '../../src/server/seo/sitemap.js';
import { useTestDatabase, type TestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { HIDDEN_ARTICLE } from '../support/fixtures.js';

const ORIGIN = 'https://www.staut.no';
const DAY = 24 * 3600 * 1000;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const unescape = (text: string) => text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");

/** Rows the sitemap must list or leave out, beyond the shared fixtures: an "&" in a category, posts, a copy page. */
async function addContent(t: Pick<TestApp, 'db'>): Promise<void> {
  const { db } = t;
  await db.insert(s.articleGroups3).values({ id: 113, group2Id: 11, name: 'Vind & regn' });
  await db.insert(s.articles).values({
    id: 120, articleNo: '120-410', name: 'Regnjakke <Storm>', slug: 'regnjakke-storm', price: 99900, productLineId: 1,
    mainGroupId: 1, group2Id: 11, group3Id: 113, genderId: 1,
  });
  const now = Date.now();
  await db.insert(s.blogPosts).values([
    { slug: 'tur-pa-fjellet', title: 'Tur på fjellet', body: '<p>Ut på tur</p>', publishedAt: new Date(now - DAY), updatedAt: new Date('2026-03-04T05:06:07Z') },
    { slug: 'hvordan-kle-barna', title: 'Hvordan kle barna', body: '<p>Lag på lag</p>', publishedAt: new Date(now - DAY), updatedAt: new Date('2026-02-01T00:00:00Z') },
    { slug: 'kommer-snart', title: 'Kommer snart', body: '<p>Snart</p>', publishedAt: new Date(now + DAY) },
  ]);
  await db.insert(s.staticPages).values({ slug: 'om-oss', title: 'Om oss', body: '<p>Grunnlagt i 2012.</p>', updatedAt: new Date('2026-01-02T03:04:05Z') })
    .onConflictDoUpdate({ target: s.staticPages.slug, set: { updatedAt: new Date('2026-01-02T03:04:05Z') } });
  // Copy pages that are not live: taken off the site, and scheduled for tomorrow (both a 404 to shoppers today).
  await db.insert(s.staticPages).values([
    { slug: 'kundeservice', title: 'Kundeservice', body: '<p>Ring oss.</p>', publishedAt: null, unpublishedAt: new Date(now - DAY) },
    { slug: 'personvernerklaering', title: 'Personvern', body: '<p>Snart.</p>', publishedAt: new Date(now + DAY) },
    { slug: 'baerekraftig-forretningspraksis', title: 'Bærekraft', body: '<p>Lenge.</p>', publishedAt: new Date(now - DAY) },
  ]).onConflictDoNothing();
}

describe('sitemap pieces', () => {
  it.each([
    ['/vintersport/hjelmer-&-alpinbriller', `${ORIGIN}/vintersport/hjelmer-&amp;-alpinbriller`],
    ["/product/o'neill-<jakke>", `${ORIGIN}/product/o&apos;neill-%3Cjakke%3E`],
    ['/blogg/tur-på-fjellet', `${ORIGIN}/blogg/tur-p%C3%A5-fjellet`],
  ])('%s → <loc>%s</loc>', (path, loc) => {
    expect(urlElement(ORIGIN, { path })).toBe(`<url><loc>${loc}</loc></url>\n`);
  });

  it('escapes the five XML characters', () => {
    expect(xmlEscape(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it.each([
    [0, 5, 0],
    [5, 5, 0],
    [6, 5, 2],
    [50_000, 50_000, 0],
    [50_001, 50_000, 2],
    [200_000, 50_000, 4],
  ])('%s URLs at %s per file → %s files', (total, size, files) => {
    expect(sitemapPageCount(total, size)).toBe(files);
  });

  it('lists the copy and landing pages once, voksen left to /uni', () => {
    const paths = pagePaths();
    expect(paths).toEqual(expect.arrayContaining(['/', '/om-oss', '/kundeservice', '/personvernerklaering', '/hvordan-kle-barna', '/herre', '/barn-junior', '/uni', '/blogg', '/butikker']));
    expect(paths).not.toContain('/voksen');
    expect(paths).not.toContain('/checkout');
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('categories at their canonical addresses, empty levels left out', () => {
    const tree = [
      { MainGroupID: 1, Name: 'Tekstil', Count: 2, Banner: null, BannerLink: null, MinPrice: 0, MaxPrice: 0, ProductLines: [], Subcategories: [
        { ArticleGroup2ID: 11, MainGroupID: 1, Name: 'Jakker', MinPrice: 0, MaxPrice: 0, Count: 2, Groups: [
          { ArticleGroup3ID: 111, ArticleGroup2ID: 11, Name: 'Vind & regn', Count: 2 },
          { ArticleGroup3ID: 112, ArticleGroup2ID: 11, Name: 'Tom', Count: 0 },
        ] },
        { ArticleGroup2ID: 12, MainGroupID: 1, Name: 'Ull og undertøy', MinPrice: 0, MaxPrice: 0, Count: 0, Groups: [] },
      ] },
      { MainGroupID: 2, Name: 'Vintersport', Count: 0, Banner: null, BannerLink: null, MinPrice: 0, MaxPrice: 0, ProductLines: [], Subcategories: [] },
    ];
    expect(categoryUrls(tree).map((u) => u.path)).toEqual(['/klaer', '/klaer/jakker', '/klaer/jakker/vind-&-regn']);
  });
});

describe.each(testDatabaseKinds())('the sitemap on %s', (kind) => {
  // The two apps differ only in their options and only read the same rows: one database for both.
  const database = useTestDatabase(kind);
  beforeAll(async () => addContent({ db: database.db() }));

  describe('robots.txt and sitemap.xml', () => {
    const t = database.app({ publicUrl: ORIGIN });
    const get = (url: string) => t().app.inject({ method: 'GET', url });

    it('robots.txt keeps crawlers out of the API, checkout, account and workspaces and names the sitemap', async () => {
      const res = await get('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      const lines = res.body.split('\n');
      for (const path of ['/api/', '/checkout', '/konto', '/favoritter', '/butikk$', '/butikk/', '/redaksjon']) expect(lines).toContain(`Disallow: ${path}`);
      // The shop locator /butikker is not caught by the workspace's rules (robots.txt matches by prefix).
      expect(lines.filter((l) => l.startsWith('Disallow:')).some((l) => '/butikker'.startsWith(l.slice('Disallow: '.length)) && !l.endsWith('$'))).toBe(false);
      expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
      expect(lines).not.toContain('Disallow: /search/');
    });

    it('one <urlset> of absolute canonical URLs: pages, categories, blog, visible products, with lastmod where known', async () => {
      const res = await get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
      expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
      // Well-formed text: every "&" starts an entity.
      expect(res.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
      const urls = locs(res.body).map(unescape);
      expect(new Set(urls).size).toBe(urls.length);
      expect(urls.every((u) => u.startsWith(`${ORIGIN}/`))).toBe(true);
      expect(urls).toEqual(expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/om-oss`,
        `${ORIGIN}/hvordan-kle-barna`,
        `${ORIGIN}/klaer`,
        `${ORIGIN}/klaer/jakker`,
        `${ORIGIN}/klaer/jakker/skalljakker`,
        `${ORIGIN}/klaer/jakker/vind-&-regn`,
        `${ORIGIN}/blogg/tur-pa-fjellet`,
        `${ORIGIN}/product/asen-parkas`,
        `${ORIGIN}/product/regnjakke-storm`,
        `${ORIGIN}/product/lopesko-fart-202`,
      ]));
      expect(res.body).toContain(`<loc>${ORIGIN}/klaer/jakker/vind-&amp;-regn</loc>`);
      expect(urls).toContain(`${ORIGIN}/baerekraftig-forretningspraksis`);
      // Only live content: an unpublished and a scheduled copy page, and copy pages with no page at all, are left out.
      for (const absent of ['/kundeservice', '/personvernerklaering', '/vedlikehold', '/om-staut']) expect(urls, absent).not.toContain(`${ORIGIN}${absent}`);
      for (const absent of [`/product/${HIDDEN_ARTICLE.slug}`, '/blogg/kommer-snart', '/blogg/hvordan-kle-barna', '/voksen', '/checkout', '/tekstil', '/sportsutstyr']) {
        expect(urls, absent).not.toContain(`${ORIGIN}${absent}`);
      }
      // lastmod: the copy page's and the post's last change, each product's.
      expect(res.body).toContain(`<url><loc>${ORIGIN}/om-oss</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></url>`);
      expect(res.body).toContain(`<url><loc>${ORIGIN}/blogg/tur-pa-fjellet</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod></url>`);
      expect(res.body).toContain(`<url><loc>${ORIGIN}/hvordan-kle-barna</loc><lastmod>2026-02-01T00:00:00.000Z</lastmod></url>`);
      expect(res.body).toMatch(new RegExp(`<url><loc>${ORIGIN}/product/asen-parkas</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod></url>`));
      // Every product visible on the web, none other.
      const visible = await t().db.select({ slug: s.articles.slug }).from(s.articles).where(eq(s.articles.visibleOnWeb, true));
      expect(urls.filter((u) => u.includes('/product/')).sort()).toEqual(visible.map((v) => `${ORIGIN}/product/${v.slug}`).sort());
    });

    it('/sitemap-1.xml does not exist while one file holds everything', async () => {
      expect((await get('/sitemap-1.xml')).statusCode).toBe(404);
    });
  });

  describe('a sitemap paged past its file size', () => {
    const t = database.app({ sitemapPageSize: 7 });
    // No public URL configured: the request's origin.
    const get = (url: string) => t().app.inject({ method: 'GET', url, headers: { host: 'butikk.example:8080' } });

    it('is a sitemap index whose files list every URL once, at most the page size each', async () => {
      const index = await get('/sitemap.xml');
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = locs(index.body);
      expect(files.length).toBeGreaterThan(2);
      expect(files).toEqual(files.map((_f, i) => `http://butikk.example:8080/sitemap-${i + 1}.xml`));

      const all: string[] = [];
      for (let page = 1; page <= files.length; page += 1) {
        const res = await get(`/sitemap-${page}.xml`);
        expect(res.statusCode, `page ${page}`).toBe(200);
        expect(res.body).toContain('<urlset');
        const urls = locs(res.body);
        expect(urls.length, `page ${page}`).toBeLessThanOrEqual(7);
        if (page < files.length) expect(urls.length, `page ${page}`).toBe(7);
        all.push(...urls.map(unescape));
      }
      expect(new Set(all).size).toBe(all.length);
      expect(all).toContain('http://butikk.example:8080/product/asen-parkas');
      expect(all).toContain('http://butikk.example:8080/');
      const visible = await t().db.select({ slug: s.articles.slug }).from(s.articles).where(eq(s.articles.visibleOnWeb, true));
      expect(all.filter((u) => u.includes('/product/')).length).toBe(visible.length);
      expect(all.filter((u) => u.includes('/product/')).length).toBeGreaterThan(7); // products span files

      expect((await get(`/sitemap-${files.length + 1}.xml`)).statusCode).toBe(404);
      for (const url of ['/sitemap-0.xml', '/sitemap-01.xml', '/sitemap-x.xml', '/sitemap-1.5.xml']) expect((await get(url)).statusCode, url).toBe(404);
    });
  });
});
