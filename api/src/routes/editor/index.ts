/**
 * Staff editor routes under /api/v1/editor/…: blog posts, polls, home layouts (banners) and static pages.
 * Every route needs a logged-in staff member (guard.ts) and, being mutating, the CSRF token. HTML is sanitised on
 * write (content/sanitize.ts), so what the site serves is always clean. Nothing is cached server-side and the read
 * routes send no long cache headers, so a change shows on the next request.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { BlogPostInput, EditorBlogPost, EditorSession, HomeLayoutInput, PollInput, StaticPageInput } from '@shop/contracts/types';
import { slug as slugOf } from '@shop/contracts/format';
import type { Db } from '../../db/index.js';
import { articles, blogCategories, blogPostArticles, blogPostCategories, blogPosts, homeLayouts, pollAnswers, pollOptions, pollQuestions, polls, staticPages } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { plainText, safeSettings, safeSrc, sanitizeHtml } from '../../content/sanitize.js';
import { checkStaffInput, ensureStaffAccount, StaffInputError } from '../../content/staff.js';
import { ConfigError } from '../../config.js';
import { isUniqueViolation } from '../../accounts/services.js';
import { LayoutNameParams } from '../home/index.js';
import { PageSlugParams, RawStaticPageSchema, toRawStaticPage } from '../pages/index.js';
import { loadPolls, PollSchema, toPublic } from '../polls/index.js';
import { RawSettingsSchema, settingsFromSlots } from '../settings/index.js';
import { assertSameShape, DbId, errorResponses, Nullable, type SameShape } from '../shared/schema.js';
import { requireStaff } from './guard.js';

export const EDITOR_ERRORS = {
  slugTaken: 'Adressen (slug) er allerede i bruk av et annet innlegg.',
  slugReserved: 'Denne adressen (slug) er reservert.',
  emptyTitle: 'Tittelen kan ikke være tom.',
  emptyBody: 'Teksten kan ikke være tom etter rensing av HTML.',
  unknownArticle: 'Ukjent produkt',
  unknownCategory: 'Ukjent kategori',
  badImage: 'Bildet må være en https-adresse eller en adresse på nettstedet.',
  noCorrectOrTooFewOptions: 'Hvert spørsmål trenger minst to svaralternativer.',
  questionsLocked: 'Spørsmålene kan ikke endres etter at noen har svart.',
  postNotFound: 'Fant ikke innlegget.',
  pollNotFound: 'Fant ikke avstemningen.',
} as const;

/** Advisory lock key serializing home layout saves (any constant unique in this app; the seed uses its own). */
const HOME_LAYOUTS_LOCK = 0x686f6d65; // "home"

/** Slugs the blog routes use for themselves (GET /blog/posts, /blog/categories…). */
const RESERVED_SLUGS = new Set(['posts', 'post', 'categories', 'category']);

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const ImageUrl = Nullable(Type.String({ maxLength: 500 }));

const BlogPostInputSchema = Type.Object(
  {
    title: Text(200),
    slug: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' })),
    body: Text(100_000),
    featured_image: Type.Optional(ImageUrl),
    main_article_id: Type.Optional(Nullable(DbId())),
    related_article_ids: Type.Optional(Type.Array(DbId(), { maxItems: 24 })),
    category_ids: Type.Optional(Type.Array(DbId(), { maxItems: 20 })),
    published: Type.Boolean(),
  },
  { additionalProperties: false },
);
const EditorBlogPostSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  body: Type.String(),
  featured_image: Nullable(Type.String()),
  main_article_id: Nullable(Type.Integer()),
  related_article_ids: Type.Array(Type.Integer()),
  category_ids: Type.Array(Type.Integer()),
  published_at: Nullable(Type.String()),
});
const PollInputSchema = Type.Object(
  {
    name: Text(200),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    banner_desktop: Type.Optional(ImageUrl),
    banner_mobile: Type.Optional(ImageUrl),
    active: Type.Boolean(),
    prize_draw: Type.Optional(Type.Boolean({ description: 'Logged-in customers only may answer (default false; kept when left out)' })),
    questions: Type.Optional(
      Type.Array(
        Type.Object(
          {
            text: Text(500),
            options: Type.Array(Type.Object({ text: Text(300), correct: Type.Boolean() }, { additionalProperties: false }), { minItems: 2, maxItems: 12 }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 50 },
      ),
    ),
  },
  { additionalProperties: false },
);
const EditorPollSchema = Type.Intersect([PollSchema, Type.Object({ active: Type.Boolean() })]);
const HomeLayoutInputSchema = Type.Object({ slots: Type.Record(Type.String(), Type.Unknown()), published: Type.Boolean() }, { additionalProperties: false });
const StaticPageInputSchema = Type.Object({ title: Text(200), body: Text(200_000) }, { additionalProperties: false });
const EditorSessionSchema = Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String() });

assertSameShape<SameShape<Static<typeof BlogPostInputSchema>, BlogPostInput>>();
assertSameShape<SameShape<Static<typeof EditorBlogPostSchema>, EditorBlogPost>>();
assertSameShape<SameShape<Static<typeof PollInputSchema>, PollInput>>();
assertSameShape<SameShape<Static<typeof StaticPageInputSchema>, StaticPageInput>>();
assertSameShape<SameShape<Static<typeof EditorSessionSchema>, EditorSession>>();
// HomeLayoutInput.slots is an open JSON object: the schema's Record<string, unknown> is the same type.
assertSameShape<SameShape<Static<typeof HomeLayoutInputSchema>, HomeLayoutInput>>();

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const guardedResponses = { 401: Type.Ref('ErrorBody'), 403: Type.Ref('ErrorBody'), 409: Type.Ref('ErrorBody'), ...errorResponses };

const field = (name: string, message: string) => new HttpError(400, `${message}.`, [{ field: name, message }]);

function checkImage(name: string, value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  const safe = safeSrc(value);
  if (!safe) throw field(name, EDITOR_ERRORS.badImage);
  return safe;
}

async function checkIds(db: Db, table: typeof articles | typeof blogCategories, ids: number[], name: string, message: string): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, unique));
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw field(name, `${message}: ${missing.join(', ')}`);
}

async function loadEditorPosts(db: Db, ids?: number[]): Promise<EditorBlogPost[]> {
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
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    body: r.body,
    featured_image: r.featuredImage,
    main_article_id: r.mainArticleId,
    related_article_ids: arts.filter((a) => a.postId === r.id).map((a) => a.articleId),
    category_ids: cats.filter((c) => c.postId === r.id).map((c) => c.categoryId),
    published_at: r.publishedAt?.toISOString() ?? null,
  }));
}

export const editorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.database.db;

  // STAFF_EMAIL/STAFF_PASSWORD: the operator's staff account, created or updated once the app is ready.
  const staffEmail = process.env.STAFF_EMAIL;
  const staffPassword = process.env.STAFF_PASSWORD;
  if (staffEmail && staffPassword) {
    // A mistyped address or a short password stops the start with one clear line (main.ts prints ConfigError),
    // before anything is served, instead of a stack trace from the ready hook.
    try {
      checkStaffInput(staffEmail, staffPassword);
    } catch (error) {
      if (error instanceof StaffInputError) throw new ConfigError(`STAFF_EMAIL/STAFF_PASSWORD: ${error.message}`);
      throw error;
    }
    app.addHook('onReady', async () => {
      const result = await ensureStaffAccount(db(), staffEmail, staffPassword);
      app.log.info({ customerId: result.id }, `staff account ${result.created ? 'created' : 'updated'} from STAFF_EMAIL`);
    });
  } else if (staffEmail || staffPassword) {
    app.log.warn('STAFF_EMAIL and STAFF_PASSWORD must both be set to create the staff account; no staff account was created');
  }

  // The guard runs before the input is validated (preValidation; after the app's CSRF check): visitors and customers
  // learn nothing about an editor route's input, and nothing of theirs is parsed further or written.
  app.addHook('preValidation', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await requireStaff(db(), request);
  });

  app.get(
    '/editor/session',
    { schema: { tags: ['editor'], summary: 'The logged-in staff member (401 not logged in, 403 not staff)', response: { 200: EditorSessionSchema, ...guardedResponses } } },
    async (request) => requireStaff(db(), request),
  );

  // ── blog ──
  const writePost = async (input: BlogPostInput, id: number | null): Promise<number> => {
    // An unknown post is 404 before anything about its input (a taken slug would otherwise answer 409).
    if (id !== null) {
      const [exists] = await db().select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id));
      if (!exists) throw new HttpError(404, EDITOR_ERRORS.postNotFound);
    }
    const title = plainText(input.title);
    if (!title) throw field('title', EDITOR_ERRORS.emptyTitle);
    const body = sanitizeHtml(input.body);
    if (!plainText(body) && !/<img /.test(body)) throw field('body', EDITOR_ERRORS.emptyBody);
    const slug = input.slug ?? slugOf(title);
    if (!slug) throw field('slug', EDITOR_ERRORS.emptyTitle);
    if (RESERVED_SLUGS.has(slug)) throw field('slug', EDITOR_ERRORS.slugReserved);
    const featuredImage = checkImage('featured_image', input.featured_image);
    const related = [...new Set(input.related_article_ids ?? [])];
    const categories = [...new Set(input.category_ids ?? [])];
    const mainArticleId = input.main_article_id ?? null;
    await checkIds(db(), articles, mainArticleId ? [mainArticleId, ...related] : related, 'related_article_ids', EDITOR_ERRORS.unknownArticle);
    await checkIds(db(), blogCategories, categories, 'category_ids', EDITOR_ERRORS.unknownCategory);
    const taken = await db()
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(eq(blogPosts.slug, slug));
    const slugTaken = () => new HttpError(409, EDITOR_ERRORS.slugTaken, [{ field: 'slug', message: EDITOR_ERRORS.slugTaken }]);
    if (taken.some((t) => t.id !== id)) throw slugTaken();

    const now = new Date();
    // The check above cannot see a post saved with the same slug at the same moment: then the unique index decides,
    // and the loser gets the same 409 (found by test/security's concurrent fuzzing; it was a 500).
    try {
      return await db().transaction(async (tx) => {
        let postId = id;
        let publishedAt: Date | null = input.published ? now : null;
        if (postId === null) {
          const [row] = await tx
            .insert(blogPosts)
            .values({ slug, title, body, featuredImage, mainArticleId, publishedAt, createdAt: now, updatedAt: now })
            .returning({ id: blogPosts.id });
          postId = row!.id;
        } else {
          const [old] = await tx.select({ publishedAt: blogPosts.publishedAt }).from(blogPosts).where(eq(blogPosts.id, postId));
          if (!old) throw new HttpError(404, EDITOR_ERRORS.postNotFound);
          // Re-saving a published post keeps its date (the list order stays put); unpublishing clears it.
          if (input.published && old.publishedAt) publishedAt = old.publishedAt;
          await tx.update(blogPosts).set({ slug, title, body, featuredImage, mainArticleId, publishedAt, updatedAt: now }).where(eq(blogPosts.id, postId));
          await tx.delete(blogPostCategories).where(eq(blogPostCategories.postId, postId));
          await tx.delete(blogPostArticles).where(eq(blogPostArticles.postId, postId));
        }
        if (categories.length) await tx.insert(blogPostCategories).values(categories.map((categoryId) => ({ postId: postId!, categoryId })));
        if (related.length) await tx.insert(blogPostArticles).values(related.map((articleId, i) => ({ postId: postId!, articleId, sort: i + 1 })));
        return postId;
      });
    } catch (error) {
      if (isUniqueViolation(error) && (error as { cause?: { constraint?: string } }).cause?.constraint === 'blog_posts_slug_uq') throw slugTaken();
      throw error;
    }
  };

  app.get(
    '/editor/blog/posts',
    { schema: { tags: ['editor'], summary: 'Every blog post, drafts included', response: { 200: Type.Array(EditorBlogPostSchema), ...guardedResponses } } },
    async () => loadEditorPosts(db()),
  );

  app.post(
    '/editor/blog/posts',
    { schema: { tags: ['editor'], summary: 'Write a blog post (HTML sanitised)', body: BlogPostInputSchema, response: { 201: EditorBlogPostSchema, ...guardedResponses } } },
    async (request, reply) => {
      const id = await writePost(request.body, null);
      const [post] = await loadEditorPosts(db(), [id]);
      return reply.status(201).send(post!);
    },
  );

  app.put(
    '/editor/blog/posts/:id',
    {
      schema: { tags: ['editor'], summary: 'Change, publish or unpublish a blog post', params: IdParams, body: BlogPostInputSchema, response: { 200: EditorBlogPostSchema, ...guardedResponses } },
    },
    async (request) => {
      const id = await writePost(request.body, request.params.id);
      const [post] = await loadEditorPosts(db(), [id]);
      return post!;
    },
  );

  // ── polls ──
  const writePoll = async (input: PollInput, id: number | null): Promise<number> => {
    const name = plainText(input.name);
    if (!name) throw field('name', EDITOR_ERRORS.emptyTitle);
    if (id === null && !input.questions) throw field('questions', 'mangler');
    const values = {
      name,
      description: input.description ? plainText(input.description) || null : null,
      bannerDesktop: checkImage('banner_desktop', input.banner_desktop),
      bannerMobile: checkImage('banner_mobile', input.banner_mobile),
      active: input.active,
      ...(input.prize_draw === undefined ? {} : { prizeDraw: input.prize_draw }),
    };
    const questions = input.questions?.map((q) => ({ text: plainText(q.text), options: q.options.map((o) => ({ text: plainText(o.text), correct: o.correct })) }));
    for (const [i, q] of (questions ?? []).entries()) {
      if (!q.text) throw field(`questions.${i}.text`, EDITOR_ERRORS.emptyTitle);
      if (q.options.filter((o) => o.text).length < 2) throw field(`questions.${i}.options`, EDITOR_ERRORS.noCorrectOrTooFewOptions);
    }
    return db().transaction(async (tx) => {
      let pollId = id;
      if (pollId === null) {
        const [row] = await tx.insert(polls).values(values).returning({ id: polls.id });
        pollId = row!.id;
      } else {
        const updated = await tx.update(polls).set(values).where(eq(polls.id, pollId)).returning({ id: polls.id });
        if (updated.length === 0) throw new HttpError(404, EDITOR_ERRORS.pollNotFound);
        if (questions) {
          const [answered] = await tx.select({ n: count() }).from(pollAnswers).where(eq(pollAnswers.pollId, pollId));
          if (Number(answered?.n ?? 0) > 0) throw new HttpError(409, EDITOR_ERRORS.questionsLocked);
          await tx.delete(pollQuestions).where(eq(pollQuestions.pollId, pollId));
        }
      }
      for (const [i, q] of (questions ?? []).entries()) {
        const [question] = await tx.insert(pollQuestions).values({ pollId, text: q.text, sort: i + 1 }).returning({ id: pollQuestions.id });
        await tx.insert(pollOptions).values(
          q.options.filter((o) => o.text).map((o, j) => ({ questionId: question!.id, text: o.text, correct: o.correct, sort: j + 1 })),
        );
      }
      return pollId;
    });
  };
  const editorPoll = async (id: number) => {
    const [poll] = await loadPolls(db(), [id]);
    if (!poll) throw new HttpError(404, EDITOR_ERRORS.pollNotFound);
    return { ...toPublic(poll), active: poll.active };
  };

  app.post(
    '/editor/polls',
    { schema: { tags: ['editor'], summary: 'Create a poll or quiz', body: PollInputSchema, response: { 201: EditorPollSchema, ...guardedResponses } } },
    async (request, reply) => reply.status(201).send(await editorPoll(await writePoll(request.body, null))),
  );

  app.put(
    '/editor/polls/:id',
    { schema: { tags: ['editor'], summary: 'Change a poll; open or close it', params: IdParams, body: PollInputSchema, response: { 200: EditorPollSchema, ...guardedResponses } } },
    async (request) => editorPoll(await writePoll(request.body, request.params.id)),
  );

  // ── home layouts (banners) ──
  app.put(
    '/editor/home/:name',
    {
      schema: {
        tags: ['editor'],
        summary: 'Save a home layout (banner slots); published: true makes it the live home page',
        params: LayoutNameParams,
        body: HomeLayoutInputSchema,
        response: { 200: RawSettingsSchema, ...guardedResponses },
      },
    },
    async (request) => {
      const { name } = request.params;
      // Stored normalised: only slots the site can show, with checked image URLs.
      const normalised = safeSettings(settingsFromSlots(request.body.slots));
      const now = new Date();
      await db().transaction(async (tx) => {
        // One home-layout save at a time: two saves that publish (each unpublishing the other rows, then writing its
        // own) deadlocked on PostgreSQL — a 500 after a second's wait (found by test/security's concurrent fuzzing).
        await tx.execute(sql`select pg_advisory_xact_lock(${HOME_LAYOUTS_LOCK})`);
        if (request.body.published) await tx.update(homeLayouts).set({ published: false, updatedAt: now }).where(ne(homeLayouts.name, name));
        await tx
          .insert(homeLayouts)
          .values({ name, published: request.body.published, slots: normalised, updatedAt: now })
          .onConflictDoUpdate({ target: homeLayouts.name, set: { published: request.body.published, slots: normalised, updatedAt: now } });
      });
      return normalised;
    },
  );

  // ── static pages ──
  app.put(
    '/editor/pages/:slug',
    {
      schema: { tags: ['editor'], summary: 'Write a static copy page (HTML sanitised)', params: PageSlugParams, body: StaticPageInputSchema, response: { 200: RawStaticPageSchema, ...guardedResponses } },
    },
    async (request) => {
      const title = plainText(request.body.title);
      if (!title) throw field('title', EDITOR_ERRORS.emptyTitle);
      const body = sanitizeHtml(request.body.body);
      if (!plainText(body)) throw field('body', EDITOR_ERRORS.emptyBody);
      const now = new Date();
      const [row] = await db()
        .insert(staticPages)
        .values({ slug: request.params.slug, title, body, updatedAt: now })
        .onConflictDoUpdate({ target: staticPages.slug, set: { title, body, updatedAt: now } })
        .returning();
      return toRawStaticPage(row!);
    },
  );
};
