/**
 * The editors' workspace over all content: GET /editor/content (one overview with status, last change and who made
 * it; filter, search, paging), one item, status changes (publish now, schedule, unpublish), revisions and restore;
 * GET /editor/audit for admins. Saves and restores go through the content's own save (index.ts), so every one of them
 * claims a version, stores a revision and an audit line.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type {
  AuditEntry,
  AuditPage,
  ContentItem,
  ContentPage,
  ContentRevision,
  ContentRevisionSummary,
  ContentStatusInput,
  ContentSummary,
  DiscardChangesInput,
} from '@shop/contracts/types';
import { ADMIN_ROLES, CONTENT_STATUSES, CONTENT_TYPES } from '@shop/contracts/constants';
import { auditLog, blogPosts, contentRevisions, customers, homeLayouts, polls, staticPages } from '../../db/schema.js';
import type { DbExecutor } from '../../accounts/mail.js';
import { HttpError } from '../../server/errors.js';
import { claimVersion, CONTENT_TABLES, keyValue, loadRevision, recordAudit, recordRevision, type Actor } from '../../content/history.js';
import { planStatus, versionTag, type ContentStatus, type ContentType, type StatusAction } from '../../content/versions.js';
import { EDITOR_ERRORS } from '../../content/texts.js';
import { HOME_LAYOUTS_LOCK } from '../../content/publication.js';
import { assertSameShape, Nullable, PageMetaSchema, type SameShape } from '../shared/schema.js';
import { pageMeta } from '../blog/load.js';
import { dropPendingChanges, foldPendingChanges } from '../../content/pendingChanges.js';
import { staffOf } from './guard.js';
import { publicationOf, snapshotOf } from './views.js';
import type { GuardedResponses, Saved } from './index.js';

export const CONTENT_PER_PAGE = 25;
const MAX_PAGE = 10_000;

const ContentTypeSchema = Type.Union([Type.Literal('blog-post'), Type.Literal('poll'), Type.Literal('home-layout'), Type.Literal('page')]);
const ContentStatusSchema = Type.Union([Type.Literal('draft'), Type.Literal('scheduled'), Type.Literal('published'), Type.Literal('unpublished')]);
// The schemas name the same values as @shop/contracts' lists (one place for each fact; checked here).
const sameValues = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));
if (!sameValues(CONTENT_TYPES, ContentTypeSchema.anyOf.map((s) => s.const)) || !sameValues(CONTENT_STATUSES, ContentStatusSchema.anyOf.map((s) => s.const))) {
  throw new Error('editor/workspace.ts: content types or statuses differ from @shop/contracts');
}
// The same characters as home layout names and page slugs (LayoutNameParams, PageSlugParams); ids are digits.
const KeySchema = Type.String({ minLength: 1, maxLength: 120, pattern: '^[a-z0-9-]+$' });
const ItemParams = Type.Object({ type: ContentTypeSchema, key: KeySchema });
const RevisionParams = Type.Object({ type: ContentTypeSchema, key: KeySchema, n: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Instant = Type.String({ format: 'date-time', maxLength: 40 });

const ContentSummarySchema = Type.Object({
  type: ContentTypeSchema,
  key: Type.String(),
  title: Type.String(),
  status: ContentStatusSchema,
  published_at: Nullable(Type.String()),
  publish_until: Nullable(Type.String()),
  updated_at: Type.String(),
  updated_by: Nullable(Type.String()),
  version: Type.Integer(),
  pending_changes: Type.Boolean({ description: 'Live content with saved changes shoppers do not see yet (posts, copy pages)' }),
});
const ContentPageSchema = Type.Object({ data: Type.Array(ContentSummarySchema), meta: PageMetaSchema });
const ContentItemSchema = Type.Intersect([ContentSummarySchema, Type.Object({ content: Type.Unknown() })]);
const ContentQuerySchema = Type.Object(
  {
    type: Type.Optional(ContentTypeSchema),
    status: Type.Optional(ContentStatusSchema),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
  },
  { additionalProperties: false },
);
// One object, not a union of three: the app's ajv removes additional properties while it tries each branch of a union,
// so `at` was gone by the time the 'schedule' branch was checked.
const StatusInputSchema = Type.Object(
  {
    action: Type.Union([Type.Literal('publish'), Type.Literal('schedule'), Type.Literal('unpublish')]),
    at: Type.Optional(Instant),
    until: Type.Optional(Nullable(Instant)),
    version: Version,
  },
  { additionalProperties: false },
);
const RevisionSummarySchema = Type.Object({ number: Type.Integer(), author: Nullable(Type.String()), created_at: Type.String() });
const RevisionSchema = Type.Object({ number: Type.Integer(), author: Nullable(Type.String()), created_at: Type.String(), snapshot: Type.Unknown() });
const RestoreInputSchema = Type.Object({ version: Version }, { additionalProperties: false });
const DiscardInputSchema = Type.Object({ version: Version }, { additionalProperties: false });
const AuditQuerySchema = Type.Object(
  {
    entity: Type.Optional(Type.String({ maxLength: 140, pattern: '^[a-z-]{1,20}(:[a-z0-9-]{1,120})?$', description: 'An entity type (blog-post) or type:key (blog-post:12)' })),
    actor: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
  },
  { additionalProperties: false },
);
const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  actor_id: Nullable(Type.Integer()),
  actor_name: Type.String(),
  entity_type: Type.String(),
  entity_key: Type.String(),
  action: Type.String(),
  detail: Type.Record(Type.String(), Type.Unknown()),
  created_at: Type.String(),
});
const AuditPageSchema = Type.Object({ data: Type.Array(AuditEntrySchema), meta: PageMetaSchema });

assertSameShape<SameShape<Static<typeof ContentSummarySchema>, ContentSummary>>();
assertSameShape<SameShape<Static<typeof ContentPageSchema>, ContentPage>>();
assertSameShape<SameShape<Static<typeof ContentItemSchema>, ContentItem>>();
assertSameShape<SameShape<Static<typeof StatusInputSchema>, ContentStatusInput>>();
assertSameShape<SameShape<Static<typeof DiscardInputSchema>, DiscardChangesInput>>();
assertSameShape<SameShape<Static<typeof RevisionSummarySchema>, ContentRevisionSummary>>();
assertSameShape<SameShape<Static<typeof RevisionSchema>, ContentRevision>>();
assertSameShape<SameShape<Static<typeof AuditEntrySchema>, AuditEntry>>();
assertSameShape<SameShape<Static<typeof AuditPageSchema>, AuditPage>>();

/**
 * All four kinds of content as rows of one shape, with the status computed as content/versions.ts contentStatus does
 * (a home layout's "published at" is its start, or its last change when it has no schedule).
 */
function contentRows(now: Date): SQL {
  return sql`
    with items as (
      select 'blog-post' as type, id::text as key, coalesce(pending->>'title', title) as title, published_at, unpublished_at, null::timestamptz as publish_until,
        updated_at, updated_by, version, pending is not null as pending_changes from ${blogPosts}
      union all
      select 'poll', id::text, name, published_at, unpublished_at, null::timestamptz, updated_at, updated_by, version, false from ${polls}
      union all
      select 'home-layout', name, name, case when published then coalesce(publish_from, updated_at) end, unpublished_at, publish_until, updated_at, updated_by, version, false
        from ${homeLayouts}
      union all
      select 'page', slug, coalesce(pending->>'title', title), published_at, unpublished_at, null::timestamptz, updated_at, updated_by, version, pending is not null
        from ${staticPages}
    )
    select items.*,
      case
        when published_at is null then case when unpublished_at is null then 'draft' else 'unpublished' end
        when published_at > ${now} then 'scheduled'
        when publish_until is not null and publish_until <= ${now} then 'unpublished'
        else 'published'
      end as status,
      nullif(trim(c.first_name || ' ' || c.last_name), '') as updated_by_name
    from items left join ${customers} c on c.id = items.updated_by`;
}

type ContentRow = {
  type: ContentType;
  key: string;
  title: string;
  status: ContentStatus;
  published_at: string | Date | null;
  publish_until: string | Date | null;
  updated_at: string | Date;
  updated_by_name: string | null;
  version: number;
  pending_changes: boolean;
};

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

const toSummary = (row: ContentRow): ContentSummary => ({
  type: row.type,
  key: row.key,
  title: row.title,
  status: row.status,
  published_at: iso(row.published_at),
  publish_until: iso(row.publish_until),
  updated_at: iso(row.updated_at)!,
  updated_by: row.updated_by_name,
  version: Number(row.version),
  pending_changes: row.pending_changes === true,
});

/** `%`, `_` and `\` in a search are themselves, not patterns. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listContent(
  db: DbExecutor,
  query: { type?: ContentType; status?: ContentStatus; q?: string; key?: string; page?: number },
  now: Date,
): Promise<ContentPage> {
  const conditions: SQL[] = [];
  if (query.type) conditions.push(sql`type = ${query.type}`);
  if (query.key !== undefined) conditions.push(sql`key = ${query.key}`);
  if (query.status) conditions.push(sql`status = ${query.status}`);
  const q = query.q?.trim();
  if (q) conditions.push(sql`(title ilike ${likePattern(q)} or key ilike ${likePattern(q)})`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const page = query.page ?? 1;
  const [counted, listed] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${contentRows(now)}) x ${where}`),
    db.execute<ContentRow>(
      sql`select * from (${contentRows(now)}) x ${where} order by updated_at desc, type, key limit ${CONTENT_PER_PAGE} offset ${(page - 1) * CONTENT_PER_PAGE}`,
    ),
  ]);
  return { data: listed.rows.map(toSummary), meta: pageMeta(Number(counted.rows[0]?.n ?? 0), page, CONTENT_PER_PAGE) };
}

async function summaryOr404(db: DbExecutor, type: ContentType, key: string, now: Date): Promise<ContentSummary> {
  const [summary] = (await listContent(db, { type, key }, now)).data;
  if (!summary) throw new HttpError(404, CONTENT_TABLES[type].notFound);
  return summary;
}

export interface WorkspaceDeps {
  restore(type: ContentType, key: string, snapshot: unknown, expected: number, actor: Actor): Promise<Saved>;
  expectedVersion(request: FastifyRequest, bodyVersion: number | undefined): number | null;
  guardedResponses: GuardedResponses;
}

export const workspaceRoutes =
  ({ restore, expectedVersion, guardedResponses }: WorkspaceDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const db = () => app.database.db;

    app.get(
      '/editor/content',
      {
        schema: {
          tags: ['editor'],
          summary: `Every blog post, poll, home layout and copy page with status, last change and who made it; newest change first, ${CONTENT_PER_PAGE} a page`,
          querystring: ContentQuerySchema,
          response: { 200: ContentPageSchema, ...guardedResponses },
        },
      },
      async (request) => listContent(db(), request.query, new Date()),
    );

    app.get(
      '/editor/content/:type/:key',
      { schema: { tags: ['editor'], summary: "One piece of content: its summary and the editor's view (ETag: its version)", params: ItemParams, response: { 200: ContentItemSchema, ...guardedResponses } } },
      async (request, reply) => {
        const { type, key } = request.params;
        const summary = await summaryOr404(db(), type, key, new Date());
        reply.header('etag', versionTag(summary.version));
        return { ...summary, content: await snapshotOf(db(), type, key) };
      },
    );

    app.post(
      '/editor/content/:type/:key/status',
      {
        schema: {
          tags: ['editor'],
          summary:
            'Publish now, schedule (an ISO instant; home layouts also until) or unpublish (off the site at once: the public API answers 404). ' +
            'Needs the version (If-Match or version): 409 when someone saved in between',
          params: ItemParams,
          body: StatusInputSchema,
          response: { 200: ContentSummarySchema, ...guardedResponses },
        },
      },
      async (request, reply) => {
        const { type, key } = request.params;
        const body = request.body;
        const actor = staffOf(request);
        const expected = expectedVersion(request, body.version);
        if (body.action === 'schedule' && !body.at) throw new HttpError(400, EDITOR_ERRORS.scheduleNeedsTime, [{ field: 'at', message: EDITOR_ERRORS.scheduleNeedsTime }]);
        const change: StatusAction =
          body.action === 'schedule' ? { action: 'schedule', at: new Date(body.at!), until: body.until ? new Date(body.until) : null } : { action: body.action };
        const now = new Date();
        await db().transaction(async (tx) => {
          if (type === 'home-layout') await tx.execute(sql`select pg_advisory_xact_lock(${HOME_LAYOUTS_LOCK})`);
          const current = await publicationOf(tx, type, key);
          if (!current) throw new HttpError(404, CONTENT_TABLES[type].notFound);
          const plan = planStatus(type, change, current, now);
          if (!plan.ok) throw new HttpError(400, `${plan.message}`, [{ field: plan.field, message: plan.message }]);
          const version = await claimVersion(tx, type, key, expected, actor, now, (inner) => snapshotOf(inner, type, key));
          await applyPublication(tx, type, key, plan.publication, now);
          // Pending changes to live content go with any status change: published with it, or kept as the item when
          // it leaves the site (only live content keeps changes apart from what shoppers see).
          await foldPendingChanges(tx, type, key);
          await recordRevision(tx, type, key, version, await snapshotOf(tx, type, key), actor, now);
          await recordAudit(tx, actor, type, key, change.action, { version, ...(change.action === 'schedule' ? { at: change.at.toISOString(), until: change.until?.toISOString() ?? null } : {}) }, now);
        });
        // Cached public answers go at once (this write starts a new cache generation, in every process with Redis);
        // a scheduled instant is also marked so the caches empty when it comes.
        const publication = await publicationOf(db(), type, key);
        for (const instant of [publication?.publishedAt, publication?.publishUntil]) {
          if (instant && instant.getTime() > now.getTime()) app.httpCache.purgeAt(instant);
        }
        const summary = await summaryOr404(db(), type, key, new Date());
        reply.header('etag', versionTag(summary.version));
        return summary;
      },
    );

    app.post(
      '/editor/content/:type/:key/discard',
      {
        schema: {
          tags: ['editor'],
          summary: 'Drop the pending changes of a live post or copy page (shoppers saw the published text all along). Needs the version: 409 when someone saved in between or there are none',
          params: ItemParams,
          body: DiscardInputSchema,
          response: { 200: ContentSummarySchema, ...guardedResponses },
        },
      },
      async (request, reply) => {
        const { type, key } = request.params;
        const actor = staffOf(request);
        const expected = expectedVersion(request, request.body.version);
        const now = new Date();
        await db().transaction(async (tx) => {
          if (!(await publicationOf(tx, type, key))) throw new HttpError(404, CONTENT_TABLES[type].notFound);
          const version = await claimVersion(tx, type, key, expected, actor, now, (inner) => snapshotOf(inner, type, key));
          if (!(await dropPendingChanges(tx, type, key))) throw new HttpError(409, EDITOR_ERRORS.noPendingChanges);
          await recordRevision(tx, type, key, version, await snapshotOf(tx, type, key), actor, now);
          await recordAudit(tx, actor, type, key, 'discard-pending', { version }, now);
        });
        const summary = await summaryOr404(db(), type, key, new Date());
        reply.header('etag', versionTag(summary.version));
        return summary;
      },
    );

    app.get(
      '/editor/content/:type/:key/revisions',
      { schema: { tags: ['editor'], summary: 'The saves of one piece of content, newest first (at most 200)', params: ItemParams, response: { 200: Type.Array(RevisionSummarySchema), ...guardedResponses } } },
      async (request) => {
        const { type, key } = request.params;
        if (keyValue(type, key) === null || !(await publicationOf(db(), type, key))) throw new HttpError(404, CONTENT_TABLES[type].notFound);
        const rows = await db()
          .select({ number: contentRevisions.number, firstName: customers.firstName, lastName: customers.lastName, createdAt: contentRevisions.createdAt })
          .from(contentRevisions)
          .leftJoin(customers, eq(customers.id, contentRevisions.authorId))
          .where(and(eq(contentRevisions.entityType, type), eq(contentRevisions.entityKey, key)))
          .orderBy(desc(contentRevisions.number))
          .limit(200);
        return rows.map((r) => ({ number: r.number, author: nameOf(r.firstName, r.lastName), created_at: r.createdAt.toISOString() }));
      },
    );

    app.get(
      '/editor/content/:type/:key/revisions/:n',
      { schema: { tags: ['editor'], summary: 'One saved revision with its full snapshot', params: RevisionParams, response: { 200: RevisionSchema, ...guardedResponses } } },
      async (request) => {
        const { type, key, n } = request.params;
        const row = await loadRevision(db(), type, key, n);
        if (!row) throw new HttpError(404, EDITOR_ERRORS.revisionNotFound);
        const [author] = row.authorId === null ? [] : await db().select({ firstName: customers.firstName, lastName: customers.lastName }).from(customers).where(eq(customers.id, row.authorId));
        return { number: row.number, author: author ? nameOf(author.firstName, author.lastName) : null, created_at: row.createdAt.toISOString(), snapshot: row.snapshot };
      },
    );

    app.post(
      '/editor/content/:type/:key/revisions/:n/restore',
      {
        schema: {
          tags: ['editor'],
          summary: "Restore revision n: a new save (and revision) with its content; the status stays. Needs the current version: 409 when someone saved in between",
          params: RevisionParams,
          body: RestoreInputSchema,
          response: { 200: ContentItemSchema, ...guardedResponses },
        },
      },
      async (request, reply) => {
        const { type, key, n } = request.params;
        const row = await loadRevision(db(), type, key, n);
        if (!row) throw new HttpError(404, EDITOR_ERRORS.revisionNotFound);
        const expected = expectedVersion(request, request.body.version);
        const saved = await restore(type, key, row.snapshot, expected ?? request.body.version, staffOf(request));
        reply.header('etag', versionTag(saved.version));
        return { ...(await summaryOr404(db(), type, key, new Date())), content: await snapshotOf(db(), type, key) };
      },
    );

    app.get(
      '/editor/audit',
      {
        config: { staffRoles: ADMIN_ROLES },
        schema: { tags: ['editor'], summary: 'The audit log, newest first, 50 a page (admins only)', querystring: AuditQuerySchema, response: { 200: AuditPageSchema, ...guardedResponses } },
      },
      async (request) => {
        const { entity, actor, page = 1 } = request.query;
        const [entityType, entityKey] = entity ? entity.split(':') : [];
        const where = and(
          entityType ? eq(auditLog.entityType, entityType) : undefined,
          entityKey ? eq(auditLog.entityKey, entityKey) : undefined,
          actor ? eq(auditLog.actorId, actor) : undefined,
        );
        const perPage = 50;
        const [[counted], rows] = await Promise.all([
          db().select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
          db().select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(perPage).offset((page - 1) * perPage),
        ]);
        return {
          data: rows.map((r) => ({
            id: r.id,
            actor_id: r.actorId,
            actor_name: r.actorName,
            entity_type: r.entityType,
            entity_key: r.entityKey,
            action: r.action,
            detail: r.detail as Record<string, unknown>,
            created_at: r.createdAt.toISOString(),
          })),
          meta: pageMeta(Number(counted?.n ?? 0), page, perPage),
        };
      },
    );
  };

const nameOf = (first: string | null, last: string | null): string | null => `${first ?? ''} ${last ?? ''}`.trim() || null;

/** Writes what a status change decided (content/versions.ts planStatus) to the content's row. */
async function applyPublication(tx: DbExecutor, type: ContentType, key: string, p: { publishedAt: Date | null; unpublishedAt: Date | null; publishUntil: Date | null }, now: Date) {
  const value = keyValue(type, key)!;
  switch (type) {
    case 'blog-post':
      await tx.update(blogPosts).set({ publishedAt: p.publishedAt, unpublishedAt: p.unpublishedAt }).where(eq(blogPosts.id, value as number));
      return;
    case 'poll':
      await tx.update(polls).set({ publishedAt: p.publishedAt, unpublishedAt: p.unpublishedAt }).where(eq(polls.id, value as number));
      return;
    case 'page':
      await tx.update(staticPages).set({ publishedAt: p.publishedAt, unpublishedAt: p.unpublishedAt }).where(eq(staticPages.slug, key));
      return;
    case 'home-layout': {
      const live = p.publishedAt !== null;
      const scheduled = live && p.publishedAt!.getTime() > now.getTime() ? p.publishedAt : null;
      // Published now without a window: the home page; the other unscheduled layouts step down.
      if (live && !scheduled && !p.publishUntil) {
        await tx
          .update(homeLayouts)
          .set({ published: false, unpublishedAt: now })
          .where(and(ne(homeLayouts.name, key), eq(homeLayouts.published, true), sql`${homeLayouts.publishFrom} is null`));
      }
      await tx.update(homeLayouts).set({ published: live, publishFrom: scheduled, publishUntil: p.publishUntil, unpublishedAt: p.unpublishedAt }).where(eq(homeLayouts.name, key));
      return;
    }
  }
}
