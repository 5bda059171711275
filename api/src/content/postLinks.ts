/** A blog post's links: its categories and its related products in the order the editor chose them. */
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../accounts/mail.js';
import { blogPostArticles, blogPostCategories } from '../db/schema.js';

/** Replaces a post's categories and related products with these, in the caller's transaction (a save, a publish). */
export async function replacePostLinks(tx: DbExecutor, postId: number, categoryIds: number[], relatedArticleIds: number[]): Promise<void> {
  await tx.delete(blogPostCategories).where(eq(blogPostCategories.postId, postId));
  await tx.delete(blogPostArticles).where(eq(blogPostArticles.postId, postId));
  if (categoryIds.length) await tx.insert(blogPostCategories).values(categoryIds.map((categoryId) => ({ postId, categoryId })));
  if (relatedArticleIds.length) await tx.insert(blogPostArticles).values(relatedArticleIds.map((articleId, i) => ({ postId, articleId, sort: i + 1 })));
}
