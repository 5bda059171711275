/**
 * Staff editor routes under /api/v1/editor/…: blog posts, polls, home layouts (banners) and static pages.
 * Every route needs a logged-in staff member (guard.ts) and, being mutating, the CSRF token. HTML is sanitised on
 * write (content/sanitize.ts), so what the site serves is always clean. Nothing is cached server-side and the read
 * routes send no long cache headers, so a change shows on the next request.
 *
 * Every save of existing content needs the version it is based on (If-Match or the body's `version`); a stale one is
 * a 409 naming who saved in between (content/history.ts). Each save stores a revision and an audit line in its
 * transaction. The workspace's other routes live in workspace.ts, staffAdmin.ts, categories.ts and pollResults.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type {
  RawCategory,
  BlogPostInput,
  EditorBlogPost,
  EditorHomeLayout,
  EditorPoll,
  EditorSession,
  EditorStaticPage,
  HomeLayoutInput,
  PollInput,
  RawSettings,
  StaticPageInput,
} from '@shop/contracts/types';
import { CONTENT_ROLES, type StaffRole } from '@shop/contracts/constants';
import { slug as slugOf } from '@shop/contracts/format';
import type { Db } from '../../db/index.js';
import { articles, blogCategories, blogPosts, homeLayouts, pollAnswers, pollOptions, pollQuestions, polls, staticPages } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { plainText, safeSettings, safeSrc, sanitizeHtml } from '../../content/sanitize.js';
import { checkStaffInput, ensureStaffAccount, StaffInputError } from '../../content/staff.js';
import { ConfigError } from '../../config.js';
import { isUniqueViolation } from '../../accounts/services.js';
import { LayoutNameParams } from '../home/index.js';
import { PageSlugParams, RawStaticPageSchema, toRawStaticPage } from '../pages/index.js';
import { PollSchema } from '../polls/index.js';
import { RawSettingsSchema, settingsFromSlots } from '../settings/index.js';
import { assertSameShape, DbId, errorResponses, Nullable, type SameShape } from '../shared/schema.js';
import { requireStaff, staffOf } from './guard.js';
import type { DbExecutor } from '../../accounts/mail.js';
import { EDITOR_ERRORS } from '../../content/texts.js';
import { HOME_LAYOUTS_LOCK } from '../../content/publication.js';
import { isLive, type PendingPage, type PendingPost } from '../../content/pendingChanges.js';
import { replacePostLinks } from '../../content/postLinks.js';
import { claimVersion, recordAudit, recordRevision, type Actor } from '../../content/history.js';
import { parseIfMatch, versionTag, type ContentType } from '../../content/versions.js';
import { loadEditorPoll, loadEditorPosts, snapshotOf } from './views.js';
import { layoutLinks, linkTarget, type LinkedContent } from '../../content/homeLinks.js';
import { documentStatus } from '../../server/documentStatus.js';
import { workspaceRoutes } from './workspace.js';
import { staffAdminRoutes } from './staffAdmin.js';
import { categoryRoutes } from './categories.js';
import { pollResultRoutes } from './pollResults.js';
import { editorProductRoutes } from './products.js';

export { EDITOR_ERRORS } from '../../content/texts.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may use an /editor route (default: CONTENT_ROLES, editors and admins). */
    staffRoles?: readonly StaffRole[];
  }
}


/** Slugs the blog routes use for themselves (GET /blog/posts, /blog/categories…). */
const RESERVED_SLUGS = new Set(['posts', 'post', 'categories', 'category']);

const PENDING_DESCRIPTION =
  'Live content only: keep what shoppers see and store this save as pending changes (POST /editor/content/{type}/{key}/status publish puts them live, …/discard drops them). Otherwise the save is the content';
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
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version this save is based on (or If-Match)' })),
    pending: Type.Optional(Type.Boolean({ description: PENDING_DESCRIPTION })),
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
  version: Type.Integer(),
  pending_changes: Type.Boolean({ description: 'The fields are saved changes to a live post that shoppers do not see yet' }),
});
const PollInputSchema = Type.Object(
  {
    name: Text(200),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    banner_desktop: Type.Optional(ImageUrl),
    banner_mobile: Type.Optional(ImageUrl),
    active: Type.Boolean(),
    prize_draw: Type.Optional(Type.Boolean({ description: 'Logged-in customers only may answer (default false; kept when left out)' })),
    published: Type.Optional(
      Type.Boolean({ description: 'On create only: live at once. Left out, a new poll is a draft; its status changes go through POST /editor/content/poll/{id}/status' }),
    ),
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
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version this save is based on (or If-Match)' })),
  },
  { additionalProperties: false },
);
const { questions: _publicQuestions, ...pollFields } = PollSchema.properties;
const EditorPollSchema = Type.Object({
  ...pollFields,
  version: Type.Integer(),
  questions: Type.Array(
    Type.Object({
      id: Type.Integer(),
      poll_id: Type.Integer(),
      text: Type.String(),
      options: Type.Array(Type.Object({ id: Type.Integer(), question_id: Type.Integer(), text: Type.String(), correct: Type.Boolean() })),
    }),
  ),
});
const HomeLayoutInputSchema = Type.Object(
  { slots: Type.Record(Type.String(), Type.Unknown()), published: Type.Boolean(), version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })) },
  { additionalProperties: false },
);
const StaticPageInputSchema = Type.Object(
  {
    title: Text(200),
    body: Text(200_000),
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    pending: Type.Optional(Type.Boolean({ description: PENDING_DESCRIPTION })),
  },
  { additionalProperties: false },
);
const EditorSessionSchema = Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String(), role: Type.String() });

assertSameShape<SameShape<Static<typeof BlogPostInputSchema>, BlogPostInput>>();
assertSameShape<SameShape<Static<typeof EditorBlogPostSchema>, EditorBlogPost>>();
assertSameShape<SameShape<Static<typeof PollInputSchema>, PollInput>>();
assertSameShape<SameShape<Static<typeof StaticPageInputSchema>, StaticPageInput>>();
assertSameShape<SameShape<Static<typeof EditorSessionSchema>, EditorSession>>();
assertSameShape<SameShape<Static<typeof EditorPollSchema>, EditorPoll>>();
// HomeLayoutInput.slots is an open JSON object: the schema's Record<string, unknown> is the same type.
assertSameShape<SameShape<Static<typeof HomeLayoutInputSchema>, HomeLayoutInput>>();

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
/**
 * A 409: a slug taken, questions locked, or an edit conflict — then with the current version, who saved it and when,
 * and its snapshot (EditConflict) so the editor can compare.
 */
const ConflictSchema = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  current_version: Type.Optional(Type.Integer()),
  changed_by: Type.Optional(Nullable(Type.String())),
  changed_at: Type.Optional(Type.String()),
  current: Type.Optional(Type.Unknown()),
});
export const guardedResponses = {
  401: Type.Ref('ErrorBody'),
  403: Type.Ref('ErrorBody'),
  409: ConflictSchema,
  428: Type.Ref('ErrorBody'),
  ...errorResponses,
};
export type GuardedResponses = typeof guardedResponses;

const field = (name: string, message: string) => new HttpError(400, `${message}.`, [{ field: name, message }]);

function checkImage(name: string, value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  const safe = safeSrc(value);
  if (!safe) throw field(name, EDITOR_ERRORS.badImage);
  return safe;
}

async function checkIds(db: Db | DbExecutor, table: typeof articles | typeof blogCategories, ids: number[], name: string, message: string): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, unique));
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw field(name, `${message}: ${missing.join(', ')}`);
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
  // learn nothing about an editor route's input, and nothing of theirs is parsed further or written. A route's
  // config.staffRoles narrows who may act (staff accounts, the audit log: admins).
  app.addHook('preValidation', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await requireStaff(db(), request, request.routeOptions.config.staffRoles ?? CONTENT_ROLES);
  });

  app.get(
    '/editor/session',
    { schema: { tags: ['editor'], summary: 'The logged-in staff member (401 not logged in, 403 not staff)', response: { 200: EditorSessionSchema, ...guardedResponses } } },
    async (request) => staffOf(request),
  );

  /** Revision and audit line of a save, in its transaction (the revision number is the version the save made). */
  const finishSave = async (tx: DbExecutor, type: ContentType, key: string, version: number, actor: Actor, now: Date, action: string) => {
    await recordRevision(tx, type, key, version, await snapshotOf(tx, type, key), actor, now);
    await recordAudit(tx, actor, type, key, action, { version }, now);
  };
  const claim = (tx: DbExecutor, type: ContentType, key: string, expected: number | null, actor: Actor, now: Date) =>
    claimVersion(tx, type, key, expected, actor, now, (inner) => snapshotOf(inner, type, key));

  // ── blog ──
  /** `published: 'keep'` (a restore) leaves the post's status as it is. */
  type PostWrite = Omit<BlogPostInput, 'published' | 'version'> & { published: boolean | 'keep' };
  const writePost = async (input: PostWrite, id: number | null, expected: number | null, actor: Actor, action = id === null ? 'create' : 'update'): Promise<Saved> => {
    // An unknown post is 404 before anything about its input (a taken slug would otherwise answer 409).
    if (id !== null) {
      const [exists] = await db().select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id));
      if (!exists) throw new HttpError(404, EDITOR_ERRORS.postNotFound);
    }
    const title = plainText(input.title);
    if (!title) throw field('title', EDITOR_ERRORS.emptyTitle);
    const body = sanitizeHtml(input.body);
    // An image or a product card alone is content too.
    if (!plainText(body) && !/<img |<div data-product-card=/.test(body)) throw field('body', EDITOR_ERRORS.emptyBody);
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
        let version = 1;
        if (postId === null) {
          const [row] = await tx
            .insert(blogPosts)
            .values({ slug, title, body, featuredImage, mainArticleId, publishedAt: input.published === true ? now : null, createdAt: now, updatedAt: now, updatedBy: actor.id })
            .returning({ id: blogPosts.id });
          postId = row!.id;
        } else {
          // First: of two saves based on the same version, the second stops here with a 409.
          version = await claim(tx, 'blog-post', String(postId), expected, actor, now);
          const [old] = await tx
            .select({ publishedAt: blogPosts.publishedAt, unpublishedAt: blogPosts.unpublishedAt, slug: blogPosts.slug })
            .from(blogPosts)
            .where(eq(blogPosts.id, postId));
          if (!old) throw new HttpError(404, EDITOR_ERRORS.postNotFound);
          // Changes to a live post saved as pending: shoppers keep the published columns and links (pendingChanges.ts).
          if (input.pending && isLive(old.publishedAt, now)) {
            if (slug !== old.slug) throw field('slug', EDITOR_ERRORS.pendingSlug);
            const pending: PendingPost = { title, body, featured_image: featuredImage, main_article_id: mainArticleId, related_article_ids: related, category_ids: categories };
            await tx.update(blogPosts).set({ pending }).where(eq(blogPosts.id, postId));
            await finishSave(tx, 'blog-post', String(postId), version, actor, now, 'save-pending');
            return { key: String(postId), version };
          }
          // Re-saving a published (or scheduled) post keeps its date (the list order stays put); unpublishing clears it.
          const publication =
            input.published === 'keep'
              ? old
              : input.published
                ? { publishedAt: old.publishedAt ?? now, unpublishedAt: null }
                : { publishedAt: null, unpublishedAt: old.publishedAt ? now : old.unpublishedAt };
          await tx.update(blogPosts).set({ slug, title, body, featuredImage, mainArticleId, ...publication, updatedAt: now, pending: null }).where(eq(blogPosts.id, postId));
        }
        await replacePostLinks(tx, postId, categories, related);
        await finishSave(tx, 'blog-post', String(postId), version, actor, now, action);
        return { key: String(postId), version };
      });
    } catch (error) {
      if (isUniqueViolation(error) && (error as { cause?: { constraint?: string } }).cause?.constraint === 'blog_posts_slug_uq') throw slugTaken();
      throw error;
    }
  };
  const editorPost = async (saved: Saved, reply: FastifyReply) => {
    const [post] = await loadEditorPosts(db(), [Number(saved.key)]);
    reply.header('etag', versionTag(saved.version));
    return post!;
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
      const saved = await writePost(request.body, null, null, staffOf(request));
      return reply.status(201).send(await editorPost(saved, reply));
    },
  );

  app.put(
    '/editor/blog/posts/:id',
    {
      schema: {
        tags: ['editor'],
        summary: 'Change, publish or unpublish a blog post; needs the version it is based on (If-Match or version): 409 when someone saved in between',
        params: IdParams,
        body: BlogPostInputSchema,
        response: { 200: EditorBlogPostSchema, ...guardedResponses },
      },
    },
    async (request, reply) => {
      const saved = await writePost(request.body, request.params.id, expectedVersion(request, request.body.version), staffOf(request));
      return editorPost(saved, reply);
    },
  );

  // ── polls ──
  const writePoll = async (input: Omit<PollInput, 'version'>, id: number | null, expected: number | null, actor: Actor, action = id === null ? 'create' : 'update'): Promise<Saved> => {
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
    const now = new Date();
    return db().transaction(async (tx) => {
      let pollId = id;
      let version = 1;
      if (pollId === null) {
        // A new poll is a draft unless the editor publishes it with the save (the column's default is for the seed).
        const publishedAt = input.published === true ? now : null;
        const [row] = await tx.insert(polls).values({ ...values, publishedAt, updatedAt: now, updatedBy: actor.id }).returning({ id: polls.id });
        pollId = row!.id;
      } else {
        version = await claim(tx, 'poll', String(pollId), expected, actor, now);
        await tx.update(polls).set(values).where(eq(polls.id, pollId));
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
      await finishSave(tx, 'poll', String(pollId), version, actor, now, action);
      return { key: String(pollId), version };
    });
  };
  const editorPoll = async (saved: Saved, reply: FastifyReply) => {
    const poll = await loadEditorPoll(db(), Number(saved.key));
    if (!poll) throw new HttpError(404, EDITOR_ERRORS.pollNotFound);
    reply.header('etag', versionTag(saved.version));
    return poll;
  };

  app.post(
    '/editor/polls',
    { schema: { tags: ['editor'], summary: 'Create a poll or quiz', body: PollInputSchema, response: { 201: EditorPollSchema, ...guardedResponses } } },
    async (request, reply) => reply.status(201).send(await editorPoll(await writePoll(request.body, null, null, staffOf(request)), reply)),
  );

  app.put(
    '/editor/polls/:id',
    {
      schema: {
        tags: ['editor'],
        summary: 'Change a poll; open or close it; needs the version it is based on (If-Match or version): 409 when someone saved in between',
        params: IdParams,
        body: PollInputSchema,
        response: { 200: EditorPollSchema, ...guardedResponses },
      },
    },
    async (request, reply) => editorPoll(await writePoll(request.body, request.params.id, expectedVersion(request, request.body.version), staffOf(request)), reply),
  );

  // ── home layouts (banners) ──
  /** Whether content a link names by key is there (any status: a campaign may link to a post scheduled with it). */
  const contentExists = async (content: LinkedContent): Promise<boolean> => {
    const rows =
      content.type === 'blog-post'
        ? await db().select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, content.slug)).limit(1)
        : content.type === 'blog-category'
          ? await db().select({ id: blogCategories.id }).from(blogCategories).where(eq(blogCategories.slug, content.slug)).limit(1)
          : await db().select({ id: polls.id }).from(polls).where(eq(polls.id, content.id)).limit(1);
    return rows.length > 0;
  };
  /**
   * Every banner link must open a page of this shop that exists (content/homeLinks.ts): what the shop's page document
   * would answer (route table, category tree, article), then the post, blog category or poll it names. All refusals
   * at once, each at its slot's field.
   */
  const checkLayoutLinks = async (settings: RawSettings): Promise<void> => {
    const links = layoutLinks(settings);
    if (links.length === 0) return;
    // The tree the page documents use (GET /categories through the route, so from its answer store when fresh); if it
    // cannot be read, category links get the benefit of the doubt, as the page documents give them.
    const response = await app.inject({ method: 'GET', url: '/api/v1/categories', headers: { accept: 'application/json' } });
    const tree = response.statusCode === 200 ? (response.json() as RawCategory[]) : null;
    const problems: Array<{ field: string; message: string }> = [];
    for (const { field: name, href } of links) {
      const target = linkTarget(href);
      if (target.kind === 'outside') problems.push({ field: name, message: EDITOR_ERRORS.linkOutside(href) });
      else if ((await documentStatus(app, target.path, tree)) === 404 || (target.content && !(await contentExists(target.content))))
        problems.push({ field: name, message: EDITOR_ERRORS.linkMissing(href) });
    }
    if (problems.length) throw new HttpError(400, `${problems.map((p) => p.message).join('. ')}.`, problems);
  };

  /** `published: 'keep'` (a restore) leaves whether and when the layout is live as it is. */
  const writeLayout = async (name: string, slots: Record<string, unknown>, published: boolean | 'keep', expected: number | null, actor: Actor, action?: string): Promise<Saved> => {
    // Stored normalised: only slots the site can show, with checked image URLs.
    const normalised = safeSettings(settingsFromSlots(slots));
    await checkLayoutLinks(normalised);
    const now = new Date();
    return db().transaction(async (tx) => {
      // One home-layout save at a time: two saves that publish (each unpublishing the other rows, then writing its
      // own) deadlocked on PostgreSQL — a 500 after a second's wait (found by test/security's concurrent fuzzing).
      await tx.execute(sql`select pg_advisory_xact_lock(${HOME_LAYOUTS_LOCK})`);
      const [old] = await tx.select().from(homeLayouts).where(eq(homeLayouts.name, name));
      let version = 1;
      if (!old) {
        if (published === true) await unpublishOtherBaseLayouts(tx, name, now);
        await tx.insert(homeLayouts).values({ name, published: published === true, slots: normalised, updatedAt: now, updatedBy: actor.id });
      } else {
        version = await claim(tx, 'home-layout', name, expected, actor, now);
        const live = published === 'keep' ? old.published : published;
        // Publishing an unscheduled layout makes it the home page: the other unscheduled ones step down (a scheduled
        // campaign layout keeps its window).
        if (live && !old.publishFrom) await unpublishOtherBaseLayouts(tx, name, now);
        const schedule = live ? {} : { publishFrom: null, publishUntil: null, unpublishedAt: old.published ? now : old.unpublishedAt };
        await tx.update(homeLayouts).set({ published: live, slots: normalised, ...schedule }).where(eq(homeLayouts.name, name));
      }
      await finishSave(tx, 'home-layout', name, version, actor, now, action ?? (old ? 'update' : 'create'));
      return { key: name, version };
    });
  };

  app.put(
    '/editor/home/:name',
    {
      schema: {
        tags: ['editor'],
        summary: 'Save a home layout (banner slots); published: true makes it the live home page. Changing an existing layout needs its version (If-Match or version)',
        params: LayoutNameParams,
        body: HomeLayoutInputSchema,
        response: { 200: RawSettingsSchema, ...guardedResponses },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const saved = await writeLayout(name, request.body.slots, request.body.published, expectedVersion(request, request.body.version), staffOf(request));
      reply.header('etag', versionTag(saved.version));
      const [row] = await db().select({ slots: homeLayouts.slots }).from(homeLayouts).where(eq(homeLayouts.name, name));
      return row!.slots as RawSettings;
    },
  );

  // ── static pages ──
  const writePage = async (slug: string, input: { title: string; body: string; pending?: boolean }, expected: number | null, actor: Actor, action?: string): Promise<Saved> => {
    const title = plainText(input.title);
    if (!title) throw field('title', EDITOR_ERRORS.emptyTitle);
    const body = sanitizeHtml(input.body);
    if (!plainText(body)) throw field('body', EDITOR_ERRORS.emptyBody);
    const now = new Date();
    return db().transaction(async (tx) => {
      // A new page is created; two editors creating the same page at once: the second finds it and needs its version.
      const created = await tx
        .insert(staticPages)
        .values({ slug, title, body, updatedAt: now, updatedBy: actor.id })
        .onConflictDoNothing({ target: staticPages.slug })
        .returning({ slug: staticPages.slug });
      let version = 1;
      let saved = action ?? (created.length ? 'create' : 'update');
      if (created.length === 0) {
        version = await claim(tx, 'page', slug, expected, actor, now);
        const [old] = await tx.select({ publishedAt: staticPages.publishedAt }).from(staticPages).where(eq(staticPages.slug, slug));
        // Changes to a live page saved as pending: shoppers keep the published text (pendingChanges.ts).
        if (input.pending && isLive(old?.publishedAt ?? null, now)) {
          const pending: PendingPage = { title, body };
          await tx.update(staticPages).set({ pending }).where(eq(staticPages.slug, slug));
          saved = 'save-pending';
        } else await tx.update(staticPages).set({ title, body, pending: null }).where(eq(staticPages.slug, slug));
      }
      await finishSave(tx, 'page', slug, version, actor, now, saved);
      return { key: slug, version };
    });
  };

  app.put(
    '/editor/pages/:slug',
    {
      schema: {
        tags: ['editor'],
        summary: 'Write a static copy page (HTML sanitised); the answer is the page as shoppers see it (a pending save leaves it as it was). Changing an existing page needs its version (If-Match or version)',
        params: PageSlugParams,
        body: StaticPageInputSchema,
        response: { 200: RawStaticPageSchema, ...guardedResponses },
      },
    },
    async (request, reply) => {
      const saved = await writePage(request.params.slug, request.body, expectedVersion(request, request.body.version), staffOf(request));
      reply.header('etag', versionTag(saved.version));
      const [row] = await db().select().from(staticPages).where(eq(staticPages.slug, request.params.slug));
      return toRawStaticPage(db(), row!);
    },
  );

  // ── the workspace: overview, status, revisions (restore goes through the saves above), audit, staff, categories ──
  const restore = async (type: ContentType, key: string, snapshot: unknown, expected: number, actor: Actor): Promise<Saved> => {
    switch (type) {
      case 'blog-post': {
        const post = snapshot as EditorBlogPost;
        const { title, slug, body, featured_image, main_article_id, related_article_ids, category_ids } = post;
        return writePost({ title, slug, body, featured_image, main_article_id, related_article_ids, category_ids, published: 'keep' }, Number(key), expected, actor, 'restore');
      }
      case 'poll': {
        const poll = snapshot as EditorPoll;
        const [current] = await db().select({ active: polls.active }).from(polls).where(eq(polls.id, Number(key)));
        if (!current) throw new HttpError(404, EDITOR_ERRORS.pollNotFound);
        const [answered] = await db().select({ n: count() }).from(pollAnswers).where(eq(pollAnswers.pollId, Number(key)));
        // Once answered, the questions stay (answers point at them); the rest of the poll is restored.
        const questions = Number(answered?.n ?? 0) > 0 ? undefined : poll.questions.map((q) => ({ text: q.text, options: q.options.map((o) => ({ text: o.text, correct: o.correct })) }));
        return writePoll(
          { name: poll.name, description: poll.description, banner_desktop: poll.banner_desktop, banner_mobile: poll.banner_mobile, active: current.active, prize_draw: poll.prize_draw, ...(questions ? { questions } : {}) },
          Number(key),
          expected,
          actor,
          'restore',
        );
      }
      case 'home-layout':
        return writeLayout(key, (snapshot as EditorHomeLayout).slots, 'keep', expected, actor, 'restore');
      case 'page': {
        const page = snapshot as EditorStaticPage;
        return writePage(key, { title: page.title, body: page.body }, expected, actor, 'restore');
      }
    }
  };
  await app.register(workspaceRoutes({ restore, expectedVersion, guardedResponses }));
  await app.register(staffAdminRoutes({ guardedResponses }));
  await app.register(categoryRoutes({ guardedResponses }));
  await app.register(pollResultRoutes({ guardedResponses, expectedVersion }));
  await app.register(editorProductRoutes({ guardedResponses }));
};

/** A save's outcome: the content's key and the version (= revision number) it made. */
export interface Saved {
  key: string;
  version: number;
}

async function unpublishOtherBaseLayouts(tx: DbExecutor, name: string, now: Date): Promise<void> {
  await tx
    .update(homeLayouts)
    .set({ published: false, unpublishedAt: now, updatedAt: now })
    .where(and(ne(homeLayouts.name, name), eq(homeLayouts.published, true), isNull(homeLayouts.publishFrom)));
}

/**
 * The version a write is based on: If-Match, else the body's `version`; null when neither is given (a 428 for
 * changing existing content). A malformed If-Match is a 400.
 */
export function expectedVersion(request: FastifyRequest, bodyVersion: number | undefined): number | null {
  const header = parseIfMatch(request.headers['if-match']);
  if (!header.ok) throw new HttpError(400, header.message, [{ field: 'If-Match', message: header.message }]);
  return header.version ?? bodyVersion ?? null;
}
