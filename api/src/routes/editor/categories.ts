/**
 * Blog categories for editors: list (with every post counted, drafts too), create, rename and delete. Deleting a
 * category that has posts moves them to another category first, in the same transaction.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { BlogCategoryInput, EditorBlogCategory } from '@shop/contracts/types';
import { slug as slugOf } from '@shop/contracts/format';
import { blogCategories, blogPostCategories } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { isUniqueViolation } from '../../accounts/services.js';
import type { DbExecutor } from '../../accounts/mail.js';
import { recordAudit } from '../../content/history.js';
import { moveCategoryInPendingChanges, postsPendingInCategory } from '../../content/pendingChanges.js';
import { plainText } from '../../content/sanitize.js';
import { EDITOR_ERRORS } from '../../content/texts.js';
import { assertSameShape, type SameShape } from '../shared/schema.js';
import { staffOf } from './guard.js';
import type { GuardedResponses } from './index.js';

const CategoryInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    slug: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' })),
  },
  { additionalProperties: false },
);
const CategorySchema = Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String(), posts_count: Type.Integer() });
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const DeleteQuery = Type.Object({ move_to: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })) }, { additionalProperties: false });

assertSameShape<SameShape<Static<typeof CategoryInputSchema>, BlogCategoryInput>>();
assertSameShape<SameShape<Static<typeof CategorySchema>, EditorBlogCategory>>();

async function loadEditorCategories(db: DbExecutor, id?: number): Promise<EditorBlogCategory[]> {
  const rows = await db
    .select({ id: blogCategories.id, slug: blogCategories.slug, name: blogCategories.name, posts_count: sql<number>`count(${blogPostCategories.postId})::int` })
    .from(blogCategories)
    .leftJoin(blogPostCategories, eq(blogPostCategories.categoryId, blogCategories.id))
    .where(id === undefined ? undefined : eq(blogCategories.id, id))
    .groupBy(blogCategories.id)
    .orderBy(asc(blogCategories.name), asc(blogCategories.id));
  return rows.map((r) => ({ ...r, posts_count: Number(r.posts_count) }));
}

const field = (name: string, message: string) => new HttpError(400, message, [{ field: name, message }]);
const slugTaken = () => new HttpError(409, EDITOR_ERRORS.categorySlugTaken, [{ field: 'slug', message: EDITOR_ERRORS.categorySlugTaken }]);

export const categoryRoutes =
  ({ guardedResponses }: { guardedResponses: GuardedResponses }): FastifyPluginAsyncTypebox =>
  async (app) => {
    const db = () => app.database.db;
    const checked = (input: BlogCategoryInput) => {
      const name = plainText(input.name);
      if (!name) throw field('name', EDITOR_ERRORS.emptyTitle);
      const slug = input.slug ?? slugOf(name);
      if (!slug) throw field('slug', EDITOR_ERRORS.emptyTitle);
      return { name, slug };
    };
    const unique = async <T>(write: () => Promise<T>): Promise<T> => {
      try {
        return await write();
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
    };

    app.get(
      '/editor/blog/categories',
      { schema: { tags: ['editor'], summary: 'Blog categories with their number of posts (drafts too)', response: { 200: Type.Array(CategorySchema), ...guardedResponses } } },
      async () => loadEditorCategories(db()),
    );

    app.post(
      '/editor/blog/categories',
      { schema: { tags: ['editor'], summary: 'Create a blog category (slug from the name unless given)', body: CategoryInputSchema, response: { 201: CategorySchema, ...guardedResponses } } },
      async (request, reply) => {
        const { name, slug } = checked(request.body);
        const actor = staffOf(request);
        const id = await unique(() =>
          db().transaction(async (tx) => {
            const [row] = await tx.insert(blogCategories).values({ name, slug }).returning({ id: blogCategories.id });
            await recordAudit(tx, actor, 'blog-category', String(row!.id), 'create', { name, slug });
            return row!.id;
          }),
        );
        return reply.status(201).send((await loadEditorCategories(db(), id))[0]!);
      },
    );

    app.put(
      '/editor/blog/categories/:id',
      { schema: { tags: ['editor'], summary: 'Rename a blog category', params: IdParams, body: CategoryInputSchema, response: { 200: CategorySchema, ...guardedResponses } } },
      async (request) => {
        const { name, slug } = checked(request.body);
        const actor = staffOf(request);
        const { id } = request.params;
        await unique(() =>
          db().transaction(async (tx) => {
            const updated = await tx.update(blogCategories).set({ name, slug }).where(eq(blogCategories.id, id)).returning({ id: blogCategories.id });
            if (updated.length === 0) throw new HttpError(404, EDITOR_ERRORS.categoryNotFound);
            await recordAudit(tx, actor, 'blog-category', String(id), 'rename', { name, slug });
          }),
        );
        return (await loadEditorCategories(db(), id))[0]!;
      },
    );

    app.delete(
      '/editor/blog/categories/:id',
      {
        schema: {
          tags: ['editor'],
          summary: 'Delete a blog category; its posts move to move_to first (required when it has posts), in one transaction',
          params: IdParams,
          querystring: DeleteQuery,
          response: { 204: Type.Null(), ...guardedResponses },
        },
      },
      async (request, reply) => {
        const actor = staffOf(request);
        const { id } = request.params;
        const moveTo = request.query.move_to;
        if (moveTo === id) throw field('move_to', EDITOR_ERRORS.categoryMoveToSelf);
        await db().transaction(async (tx) => {
          // Both rows locked: a post cannot be put in either category while its posts move.
          const locked = await tx.execute<{ id: number }>(
            sql`select id from ${blogCategories} where id in (${id}, ${moveTo ?? id}) order by id for update`,
          );
          const found = locked.rows.map((r) => Number(r.id));
          if (!found.includes(id)) throw new HttpError(404, EDITOR_ERRORS.categoryNotFound);
          if (moveTo !== undefined && !found.includes(moveTo)) throw field('move_to', EDITOR_ERRORS.categoryNotFound);
          const posts = await tx.select({ postId: blogPostCategories.postId }).from(blogPostCategories).where(eq(blogPostCategories.categoryId, id));
          // Posts whose unpublished changes put them in the category count too, and move with the others.
          const pending = await postsPendingInCategory(tx, id);
          if ((posts.length || pending.length) && moveTo === undefined) throw field('move_to', EDITOR_ERRORS.categoryMoveNeeded);
          if (posts.length && moveTo !== undefined) {
            await tx
              .insert(blogPostCategories)
              .values(posts.map((p) => ({ postId: p.postId, categoryId: moveTo })))
              .onConflictDoNothing();
          }
          if (pending.length && moveTo !== undefined) await moveCategoryInPendingChanges(tx, id, moveTo);
          await tx.delete(blogCategories).where(eq(blogCategories.id, id));
          await recordAudit(tx, actor, 'blog-category', String(id), 'delete', { moved_to: moveTo ?? null, posts: posts.length });
        });
        return reply.status(204).send(null);
      },
    );
  };
