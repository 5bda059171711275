/**
 * Blog posts in the RAW shape of @shop/contracts: a page of posts is loaded in a fixed number of queries (posts,
 * categories, linked articles, then the articles themselves — linked and in the bodies' product cards — through the
 * catalogue's loader).
 */
import { and, asc, desc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { productCardIds } from '@shop/contracts/format';
import type { PageMeta, RawBlogCategory, RawBlogPost } from '@shop/contracts/types';
import type { Db } from '../../db/index.js';
import { blogCategories, blogPostArticles, blogPostCategories, blogPosts } from '../../db/schema.js';
import { loadArticles } from '../articles/load.js';
import { previewOf } from '../../content/preview.js';
import { withPendingPost } from '../../content/pendingChanges.js';

export const DEFAULT_PER_PAGE = 12;
export const MAX_PER_PAGE = 100;

/** Published = has a publication time that has come (editors can schedule posts by dating them ahead). */
export const isPublished = (now: Date): SQL => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now))!;

/** Categories with the number of published posts in each. */
export async function loadCategories(db: Db, now: Date, where?: SQL): Promise<RawBlogCategory[]> {
  const rows = await db
    .select({
      id: blogCategories.id,
      slug: blogCategories.slug,
      name: blogCategories.name,
      posts_count: sql<number>`count(${blogPosts.id})::int`,
    })
    .from(blogCategories)
    .leftJoin(blogPostCategories, eq(blogPostCategories.categoryId, blogCategories.id))
    .leftJoin(blogPosts, and(eq(blogPosts.id, blogPostCategories.postId), isPublished(now)))
    .where(where)
    .groupBy(blogCategories.id)
    .orderBy(asc(blogCategories.id));
  return rows.map((r) => ({ ...r, posts_count: Number(r.posts_count) }));
}

type PostRow = typeof blogPosts.$inferSelect;

/** A post's links when they are not the stored ones (an editor's preview of pending changes). */
type LinksOverride = Map<number, { articleIds: number[]; categoryIds: number[] }>;

/** Turns post rows into RAW posts (categories, main and related articles attached). */
export async function toRawPosts(db: Db, rows: PostRow[], now: Date, override: LinksOverride = new Map()): Promise<RawBlogPost[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [storedCategoryLinks, storedArticleLinks, categories] = await Promise.all([
    db.select().from(blogPostCategories).where(inArray(blogPostCategories.postId, ids)),
    db
      .select()
      .from(blogPostArticles)
      .where(inArray(blogPostArticles.postId, ids))
      .orderBy(asc(blogPostArticles.sort), asc(blogPostArticles.articleId)),
    loadCategories(db, now),
  ]);
  const categoryLinks = [
    ...storedCategoryLinks.filter((l) => !override.has(l.postId)),
    ...[...override].flatMap(([postId, o]) => o.categoryIds.map((categoryId) => ({ postId, categoryId }))),
  ];
  const articleLinks = [
    ...storedArticleLinks.filter((l) => !override.has(l.postId)),
    ...[...override].flatMap(([postId, o]) => o.articleIds.map((articleId) => ({ postId, articleId }))),
  ];
  const cardIds = new Map(rows.map((r) => [r.id, productCardIds(r.body)]));
  const articleIds = [
    ...rows.map((r) => r.mainArticleId).filter((id): id is number => id !== null),
    ...articleLinks.map((l) => l.articleId),
    ...[...cardIds.values()].flat(),
  ];
  const loaded = await loadArticles(db, articleIds, now);
  // Only what a shopper may see: invisible articles are left out of posts.
  const articleById = new Map(loaded.filter((a) => a.VisibleOnWeb === 1).map((a) => [a.ArticleID, a]));
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    slug: r.slug,
    featured_image: r.featuredImage,
    main_article: (r.mainArticleId !== null && articleById.get(r.mainArticleId)) || null,
    related_articles: articleLinks
      .filter((l) => l.postId === r.id)
      .map((l) => articleById.get(l.articleId))
      .filter((a): a is NonNullable<typeof a> => a !== undefined),
    body_articles: cardIds
      .get(r.id)!
      .map((id) => articleById.get(id))
      .filter((a): a is NonNullable<typeof a> => a !== undefined),
    categories: categoryLinks
      .filter((l) => l.postId === r.id)
      .map((l) => categoryById.get(l.categoryId))
      .filter((c): c is RawBlogCategory => c !== undefined)
      .sort((a, b) => a.id - b.id),
    published_at: (r.publishedAt ?? r.createdAt).toISOString(),
  }));
}

export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/** A page of published posts, newest first; optionally only those of one category. */
export async function loadPostPage(
  db: Db,
  { page, perPage, categoryId, now }: { page: number; perPage: number; categoryId?: number; now: Date },
): Promise<{ data: RawBlogPost[]; meta: PageMeta }> {
  const inCategory =
    categoryId === undefined
      ? undefined
      : inArray(
          blogPosts.id,
          db.select({ id: blogPostCategories.postId }).from(blogPostCategories).where(eq(blogPostCategories.categoryId, categoryId)),
        );
  const where = and(isPublished(now), inCategory);
  const [countRow] = await db.select({ n: sql<number>`count(*)::int` }).from(blogPosts).where(where);
  const total = Number(countRow?.n ?? 0);
  const rows = await db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { data: await toRawPosts(db, rows, now), meta: pageMeta(total, page, perPage) };
}

/**
 * One published post by slug or id; null when missing or not yet published. `preview` (an editor's ?forhandsvisning=1,
 * content/preview.ts): the post as last saved whatever its status, with its status in `preview`.
 */
export async function loadPublishedPost(db: Db, by: { slug: string } | { id: number }, now: Date, preview = false): Promise<RawBlogPost | null> {
  const match = 'slug' in by ? eq(blogPosts.slug, by.slug) : eq(blogPosts.id, by.id);
  const rows = await db.select().from(blogPosts).where(preview ? match : and(match, isPublished(now))).limit(1);
  if (!preview) return (await toRawPosts(db, rows, now))[0] ?? null;
  const row = rows[0];
  if (!row) return null;
  // Saved changes to a live post that shoppers do not see yet are what the editor previews (pendingChanges.ts).
  const { row: shown, pending } = withPendingPost(row);
  const override: LinksOverride = pending ? new Map([[row.id, { articleIds: pending.related_article_ids, categoryIds: pending.category_ids }]]) : new Map();
  const [post] = await toRawPosts(db, [shown], now, override);
  return { ...post!, preview: previewOf(row, now, pending !== null) };
}
