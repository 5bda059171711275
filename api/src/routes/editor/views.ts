/**
 * The editor's view of each kind of content: what GET /editor/content/{type}/{key} shows, what a revision stores as
 * its snapshot, and what a 409 carries as the current state. Loaded through the caller's transaction when there is one.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { EditorBlogPost, EditorHomeLayout, EditorPoll, EditorStaticPage } from '@shop/contracts/types';
import type { DbExecutor } from '../../accounts/mail.js';
import { blogPostArticles, blogPostCategories, blogPosts, homeLayouts, polls, staticPages } from '../../db/schema.js';
import { keyValue } from '../../content/history.js';
import type { ContentType, Publication } from '../../content/versions.js';
import { loadPolls, toPublic } from '../polls/index.js';
import { withPendingPage, withPendingPost } from '../../content/pendingChanges.js';

export async function loadEditorPosts(db: DbExecutor, ids?: number[]): Promise<EditorBlogPost[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(ids ? inArray(blogPosts.id, ids) : undefined)
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id));
  if (rows.length === 0) return [];
  const postIds = rows.map((r) => r.id);
  const [cats, arts] = await Promise.all([
    db.select().from(blogPostCategories).where(inArray(blogPostCategories.postId, postIds)).orderBy(asc(blogPostCategories.categoryId)),
    db.select().from(blogPostArticles).where(inArray(blogPostArticles.postId, postIds)).orderBy(asc(blogPostArticles.sort)),
  ]);
  // The editor works on the pending changes of a live post when there are any (content/pendingChanges.ts).
  return rows.map((stored) => {
    const { row: r, pending } = withPendingPost(stored);
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      body: r.body,
      featured_image: r.featuredImage,
      main_article_id: r.mainArticleId,
      related_article_ids: pending?.related_article_ids ?? arts.filter((a) => a.postId === r.id).map((a) => a.articleId),
      category_ids: pending?.category_ids ?? cats.filter((c) => c.postId === r.id).map((c) => c.categoryId),
      published_at: r.publishedAt?.toISOString() ?? null,
      version: r.version,
      pending_changes: pending !== null,
    };
  });
}

export async function loadEditorPoll(db: DbExecutor, id: number): Promise<EditorPoll | null> {
  const [poll] = await loadPolls(db, [id]);
  if (!poll) return null;
  const [row] = await db.select({ version: polls.version }).from(polls).where(eq(polls.id, id));
  // The editor sees which options are correct (the public shape strips it).
  const questions = poll.questions.map((q) => ({
    id: q.id,
    poll_id: q.poll_id,
    text: q.text,
    options: q.options.map((o) => ({ id: o.id, question_id: o.question_id, text: o.text, correct: (o as { correct?: boolean }).correct ?? false })),
  }));
  return { ...toPublic(poll), questions, active: poll.active, version: row?.version ?? 1 };
}

const toLayout = (row: typeof homeLayouts.$inferSelect): EditorHomeLayout => ({
  name: row.name,
  slots: row.slots as Record<string, unknown>,
  published: row.published,
  publish_from: row.publishFrom?.toISOString() ?? null,
  publish_until: row.publishUntil?.toISOString() ?? null,
});

const toPage = (stored: typeof staticPages.$inferSelect): EditorStaticPage => {
  const { row, pending } = withPendingPage(stored);
  return { slug: row.slug, title: row.title, body: row.body, published_at: row.publishedAt?.toISOString() ?? null, pending_changes: pending };
};

/** The editor's view of one piece of content, or null when it does not exist. */
export async function snapshotOf(db: DbExecutor, type: ContentType, key: string): Promise<EditorBlogPost | EditorPoll | EditorHomeLayout | EditorStaticPage | null> {
  const value = keyValue(type, key);
  if (value === null) return null;
  switch (type) {
    case 'blog-post':
      return (await loadEditorPosts(db, [value as number]))[0] ?? null;
    case 'poll':
      return loadEditorPoll(db, value as number);
    case 'home-layout': {
      const [row] = await db.select().from(homeLayouts).where(eq(homeLayouts.name, key));
      return row ? toLayout(row) : null;
    }
    case 'page': {
      const [row] = await db.select().from(staticPages).where(eq(staticPages.slug, key));
      return row ? toPage(row) : null;
    }
  }
}

/** When a piece of content is (or was) on the site, for status changes; null when it does not exist. */
export async function publicationOf(db: DbExecutor, type: ContentType, key: string): Promise<Publication | null> {
  const value = keyValue(type, key);
  if (value === null) return null;
  switch (type) {
    case 'blog-post': {
      const [row] = await db.select({ publishedAt: blogPosts.publishedAt, unpublishedAt: blogPosts.unpublishedAt }).from(blogPosts).where(eq(blogPosts.id, value as number));
      return row ?? null;
    }
    case 'poll': {
      const [row] = await db.select({ publishedAt: polls.publishedAt, unpublishedAt: polls.unpublishedAt }).from(polls).where(eq(polls.id, value as number));
      return row ?? null;
    }
    case 'home-layout': {
      const [row] = await db.select().from(homeLayouts).where(eq(homeLayouts.name, key));
      if (!row) return null;
      return { publishedAt: row.published ? (row.publishFrom ?? row.updatedAt) : null, unpublishedAt: row.unpublishedAt, publishUntil: row.publishUntil };
    }
    case 'page': {
      const [row] = await db.select({ publishedAt: staticPages.publishedAt, unpublishedAt: staticPages.unpublishedAt }).from(staticPages).where(eq(staticPages.slug, key));
      return row ?? null;
    }
  }
}
