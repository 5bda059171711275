/**
 * Pending changes (issue 23, "preview before publishing"): an editor may save changes to a live blog post or copy page
 * without shoppers seeing them. They wait in the row's `pending` column, checked and sanitised like any save, while
 * the columns shoppers read stay as published. The editor's view and an editor's preview show them; a status change
 * (publish, schedule, unpublish) folds them into the columns in its transaction, and a discard drops them. Only live
 * content has pending changes: a save of a draft, scheduled or unpublished item is the item itself.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { EditorBlogPost, EditorStaticPage } from '@shop/contracts/types';
import type { DbExecutor } from '../accounts/mail.js';
import { articles, blogPosts, staticPages } from '../db/schema.js';
import { replacePostLinks } from './postLinks.js';
import { contentStatus, type ContentType } from './versions.js';

/** A live post's saved changes: the editor's fields but the address (a live address changes only when published). */
export type PendingPost = Pick<EditorBlogPost, 'title' | 'body' | 'featured_image' | 'main_article_id' | 'related_article_ids' | 'category_ids'>;

/** A live copy page's saved changes. */
export type PendingPage = Pick<EditorStaticPage, 'title' | 'body'>;

/** Whether shoppers see a post or page now (its status is 'published'). */
export const isLive = (publishedAt: Date | null, now: Date): boolean => contentStatus({ publishedAt, unpublishedAt: null }, now) === 'published';

type PostRow = typeof blogPosts.$inferSelect;
type PageRow = typeof staticPages.$inferSelect;

/** A post row as an editor works on it: its pending changes (if any) over the published columns, and those changes. */
export function withPendingPost(row: PostRow): { row: PostRow; pending: PendingPost | null } {
  const pending = row.pending as PendingPost | null;
  if (!pending) return { row, pending: null };
  return { row: { ...row, title: pending.title, body: pending.body, featuredImage: pending.featured_image, mainArticleId: pending.main_article_id }, pending };
}

/** A page row as an editor works on it: its pending title and body (if any) over the published ones. */
export function withPendingPage(row: PageRow): { row: PageRow; pending: boolean } {
  const pending = row.pending as PendingPage | null;
  return pending ? { row: { ...row, title: pending.title, body: pending.body }, pending: true } : { row, pending: false };
}

/**
 * Puts an item's pending changes into the columns shoppers read and clears them, in the caller's transaction (a
 * status change). Nothing happens when there are none. The changes were checked when saved; the post's links are
 * rewritten like a save rewrites them, without products deleted since (as deleting a product drops the live links;
 * a deleted category was moved in the pending changes too, moveCategoryInPendingChanges).
 */
export async function foldPendingChanges(tx: DbExecutor, type: ContentType, key: string): Promise<void> {
  if (type === 'blog-post') {
    const id = Number(key);
    const [row] = await tx.select({ pending: blogPosts.pending }).from(blogPosts).where(eq(blogPosts.id, id));
    const pending = row?.pending as PendingPost | null | undefined;
    if (!pending) return;
    const named = [...new Set([...(pending.main_article_id ? [pending.main_article_id] : []), ...pending.related_article_ids])];
    const existing = new Set(
      named.length ? (await tx.select({ id: articles.id }).from(articles).where(inArray(articles.id, named))).map((a) => a.id) : [],
    );
    const related = pending.related_article_ids.filter((articleId) => existing.has(articleId));
    const mainArticleId = pending.main_article_id !== null && existing.has(pending.main_article_id) ? pending.main_article_id : null;
    await tx
      .update(blogPosts)
      .set({ title: pending.title, body: pending.body, featuredImage: pending.featured_image, mainArticleId, pending: null })
      .where(eq(blogPosts.id, id));
    await replacePostLinks(tx, id, pending.category_ids, related);
    return;
  }
  if (type === 'page') {
    const [row] = await tx.select({ pending: staticPages.pending }).from(staticPages).where(eq(staticPages.slug, key));
    const pending = row?.pending as PendingPage | null | undefined;
    if (!pending) return;
    await tx.update(staticPages).set({ title: pending.title, body: pending.body, pending: null }).where(eq(staticPages.slug, key));
  }
}

/** Drops an item's pending changes; false when it had none (or cannot have any). */
export async function dropPendingChanges(tx: DbExecutor, type: ContentType, key: string): Promise<boolean> {
  const dropped =
    type === 'blog-post'
      ? await tx.update(blogPosts).set({ pending: null }).where(and(eq(blogPosts.id, Number(key)), isNotNull(blogPosts.pending))).returning({ id: blogPosts.id })
      : type === 'page'
        ? await tx.update(staticPages).set({ pending: null }).where(and(eq(staticPages.slug, key), isNotNull(staticPages.pending))).returning({ slug: staticPages.slug })
        : [];
  return dropped.length > 0;
}

/** The posts whose pending changes put them in a blog category. */
export async function postsPendingInCategory(tx: DbExecutor, categoryId: number): Promise<Array<{ id: number; pending: PendingPost }>> {
  const rows = await tx
    .select({ id: blogPosts.id, pending: blogPosts.pending })
    .from(blogPosts)
    .where(sql`${blogPosts.pending} -> 'category_ids' @> ${JSON.stringify([categoryId])}::jsonb`);
  return rows.map((r) => ({ id: r.id, pending: r.pending as PendingPost }));
}

/** A blog category is deleted and its posts move to `to`: pending changes that name it move along. */
export async function moveCategoryInPendingChanges(tx: DbExecutor, from: number, to: number): Promise<void> {
  for (const post of await postsPendingInCategory(tx, from)) {
    const categoryIds = [...new Set(post.pending.category_ids.map((c) => (c === from ? to : c)))];
    await tx.update(blogPosts).set({ pending: { ...post.pending, category_ids: categoryIds } }).where(eq(blogPosts.id, post.id));
  }
}
