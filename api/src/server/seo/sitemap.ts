/**
 * The sitemap (https://www.sitemaps.org/protocol.html): every address of the shop a search engine should index, in
 * one fixed order — the copy and landing pages of SPEC §2, the categories (canonical ASCII addresses, ADR 0014), the
 * blog, then the products visible on the web by id. Up to `pageSize` (the protocol's 50,000) URLs it is one
 * <urlset> at /sitemap.xml; past that /sitemap.xml is a <sitemapindex> of /sitemap-1.xml, /sitemap-2.xml, … each
 * holding the next `pageSize` URLs of the same order. Products are read in keyset batches and written as they come,
 * so a page of 50,000 never sits in memory as rows.
 */
import { and, asc, count, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { absoluteUrl } from '@shop/contracts/ssr';
import { categoryDisplayName } from '@shop/contracts/mappers';
import { ARTICLE_PAGES, GENDER_ROUTES, pathFor, productPath, ROUTE_PATTERNS, type RouteName } from '@shop/contracts/routes';
import type { RawCategory } from '@shop/contracts/types';
import type { Db } from '../../db/index.js';
import { articles, blogPosts, staticPages } from '../../db/schema.js';
import { isPublished, loadCategories } from '../../routes/blog/load.js';
import { publishedBy } from '../../content/publication.js';

/** The protocol's most URLs per sitemap file (and per index). */
export const SITEMAP_MAX_URLS = 50_000;
/** Products read per query while a page is written. */
const PRODUCT_BATCH = 5_000;

export interface SitemapUrl {
  /** Site-relative path. */
  path: string;
  lastmod?: Date | null;
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an XML element or attribute ("&" in "/hjelmer-&-alpinbriller" must be "&amp;"). */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

export const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const URLSET_CLOSE = '</urlset>\n';

/** One <url>: the absolute, percent-encoded address, XML-escaped; <lastmod> as a W3C datetime when known. */
export function urlElement(origin: string, url: SitemapUrl): string {
  const lastmod = url.lastmod ? `<lastmod>${url.lastmod.toISOString()}</lastmod>` : '';
  return `<url><loc>${xmlEscape(absoluteUrl(origin, url.path))}</loc>${lastmod}</url>\n`;
}

/** The <sitemapindex> naming `pages` sitemap files: /sitemap-1.xml … */
export function sitemapIndex(origin: string, pages: number): string {
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (let page = 1; page <= pages; page += 1) xml += `<sitemap><loc>${xmlEscape(absoluteUrl(origin, sitemapPagePath(page)))}</loc></sitemap>\n`;
  return `${xml}</sitemapindex>\n`;
}

export const sitemapPagePath = (page: number) => `/sitemap-${page}.xml`;

/** Number of sitemap files for `total` URLs: 0 means /sitemap.xml holds them all itself. */
export function sitemapPageCount(total: number, pageSize: number): number {
  return total <= pageSize ? 0 : Math.ceil(total / pageSize);
}

/**
 * The copy and landing pages of SPEC §2 that are the same for every shopper: home, the copy pages, the article
 * pages, the gender landings (voksen is left out: it lists what /uni lists and names /uni canonical), the blog and
 * the shop locator. Checkout, account, search, selection, previews and the poll (whichever is active) are not here.
 */
/** Routes without params: their pattern is their path. */
const COPY_ROUTES = ['home', 'about', 'brandAbout', 'support', 'privacy', 'maintenance', 'policy', 'blog', 'shops'] as const satisfies readonly RouteName[];
/** Of those, the routes whose page is the copy page of their slug (mf-content's StaticPage; else a post of that slug). */
const CONTENT_ROUTES = ['about', 'brandAbout', 'support', 'privacy', 'maintenance', 'policy'] as const satisfies readonly RouteName[];

export function pagePaths(): string[] {
  return [
    ...COPY_ROUTES.map((name) => ROUTE_PATTERNS[name]),
    ...ARTICLE_PAGES.map((page) => pathFor('articlePage', { page })),
    ...GENDER_ROUTES.filter((g) => g.url !== 'voksen').map((g) => pathFor('gender', { gender: g.url })),
  ];
}

/**
 * The paths of pagePaths() that show content an editor can take off the site: the copy pages and the article pages
 * (StaticPage shows the live copy page of the slug, else the live post of it, else its 404).
 */
export function contentPagePaths(): Set<string> {
  return new Set([...CONTENT_ROUTES.map((name) => ROUTE_PATTERNS[name]), ...ARTICLE_PAGES.map((page) => pathFor('articlePage', { page }))]);
}

/**
 * Every category level GET /categories holds that lists something, at its canonical address. Empty levels are
 * left out (a page that says "no articles" is nothing to index).
 */
export function categoryUrls(tree: readonly RawCategory[]): SitemapUrl[] {
  const urls: SitemapUrl[] = [];
  for (const main of tree) {
    if (main.Count <= 0) continue;
    const categoryName = categoryDisplayName(main.Name);
    urls.push({ path: pathFor('category', { categoryName }) });
    for (const sub of main.Subcategories) {
      if (sub.Count <= 0) continue;
      urls.push({ path: pathFor('category', { categoryName, subcategoryName: sub.Name }) });
      for (const group of sub.Groups) {
        if (group.Count > 0) urls.push({ path: pathFor('category', { categoryName, subcategoryName: sub.Name, group: group.Name }) });
      }
    }
  }
  return urls;
}

/**
 * Everything but the products (a few hundred URLs at most): the pages with their copy's last change, the
 * categories, the blog's categories and published posts. A post whose slug is an article page is listed once, at
 * the article page's address (StaticPage shows it there). Only live content: a copy or article page whose page and
 * post are both unpublished, scheduled or missing is a 404 to shoppers, so it is left out.
 */
export async function loadLeadingUrls(db: Db, categories: readonly RawCategory[], now: Date): Promise<SitemapUrl[]> {
  const paths = pagePaths();
  const slugs = paths.map((p) => p.slice(1)).filter(Boolean);
  const [pageRows, postRows, blogCategories] = await Promise.all([
    db
      .select({ slug: staticPages.slug, updatedAt: staticPages.updatedAt })
      .from(staticPages)
      .where(and(inArray(staticPages.slug, slugs), publishedBy(staticPages.publishedAt, now))),
    db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(isPublished(now))
      .orderBy(asc(blogPosts.id)),
    loadCategories(db, now),
  ]);
  const changed = new Map<string, Date>();
  for (const row of [...pageRows, ...postRows]) {
    const before = changed.get(row.slug);
    if (!before || row.updatedAt > before) changed.set(row.slug, row.updatedAt);
  }
  const articlePages = new Set<string>(ARTICLE_PAGES);
  const backedByContent = contentPagePaths();
  return [
    ...paths.filter((path) => !backedByContent.has(path) || changed.has(path.slice(1))).map((path) => ({ path, lastmod: changed.get(path.slice(1)) ?? null })),
    ...categoryUrls(categories),
    ...blogCategories.filter((c) => c.posts_count > 0).map((c) => ({ path: pathFor('blogCategory', { slug: c.slug }) })),
    ...postRows.filter((p) => !articlePages.has(p.slug)).map((p) => ({ path: pathFor('blogPost', { slug: p.slug }), lastmod: p.updatedAt })),
  ];
}

const visible: SQL = eq(articles.visibleOnWeb, true);

export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles).where(visible);
  return Number(row?.n ?? 0);
}

/**
 * `<url>` elements `from` … `from + size - 1` of the whole order (leading URLs, then products by id), as text
 * chunks to stream.
 */
export async function* urlElements(db: Db, origin: string, leading: readonly SitemapUrl[], from: number, size: number): AsyncGenerator<string> {
  let left = size;
  let chunk = '';
  for (const url of leading.slice(from, from + size)) chunk += urlElement(origin, url);
  left -= Math.max(0, Math.min(leading.length - from, size));
  if (chunk) yield chunk;
  if (left <= 0) return;
  let offset = Math.max(0, from - leading.length);
  // The page's first product by offset (one index walk); the rest by keyset, so each batch is an index range.
  let afterId: number | null = null;
  while (left > 0) {
    const batch = Math.min(PRODUCT_BATCH, left);
    const rows: Array<{ id: number; slug: string; updatedAt: Date }> = await db
      .select({ id: articles.id, slug: articles.slug, updatedAt: articles.updatedAt })
      .from(articles)
      .where(afterId === null ? visible : and(visible, gt(articles.id, afterId)))
      .orderBy(asc(articles.id))
      .offset(afterId === null ? offset : 0)
      .limit(batch);
    if (rows.length === 0) return;
    offset = 0;
    afterId = rows[rows.length - 1]!.id;
    left -= rows.length;
    yield rows.map((row) => urlElement(origin, { path: productPath(row.slug), lastmod: row.updatedAt })).join('');
    if (rows.length < batch) return;
  }
}
