/**
 * Pending changes (issue 23, "preview before publishing"): an editor saves changes to a live post or copy page without
 * shoppers seeing them (`pending: true`), previews them at the real address, then publishes them (a status change) or
 * discards them. Shoppers' reads, the cache and the links of the post stay as published until then; every step is a
 * version and a revision, and a stale one is a 409 like any save.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { ContentItem, ContentPage, ContentSummary, EditConflict, EditorBlogPost, EditorStaticPage, RawBlogPost, RawStaticPage } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import { ensureStaffAccount } from '../../src/content/staff.js';
import { EDITOR_ERRORS } from '../../src/content/texts.js';
import { TEKSTIL_VISIBLE } from '../support/fixtures.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';

const DAY = 86_400_000;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Headers = Record<string, string>;
const PREVIEW = '?forhandsvisning=1';

describe.each(testDatabaseKinds())('pending changes to live content on %s', (kind) => {
  const t = useTestApp(kind);
  let editor: Headers;
  let categories: [number, number];
  const [first, second] = TEKSTIL_VISIBLE.map((a) => a.id) as [number, number];

  const newSession = async (customerId: number): Promise<Headers> => {
    const cookie = randomBytes(24).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    await t().db.insert(s.sessions).values({ id: hashSessionId(cookie), csrfToken: csrf, customerId, expiresAt: new Date(Date.now() + DAY) });
    return { cookie: `sid=${cookie}`, 'x-csrf-token': csrf };
  };
  const call = (method: Method, url: string, headers: Headers = {}, body?: unknown) =>
    t().app.inject({ method, url: `/api/v1${url}`, headers, ...(body === undefined ? {} : { payload: body as object }) });
  const ok = async <T,>(method: Method, url: string, body?: unknown, status = 200): Promise<T> => {
    const res = await call(method, url, editor, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
  const shopperPost = async (slug: string) => (await call('GET', `/blog/${slug}`)).json<RawBlogPost>();
  const lastAudit = async (key: string) =>
    (await t().db.select({ action: s.auditLog.action }).from(s.auditLog).where(and(eq(s.auditLog.entityKey, key))).orderBy(desc(s.auditLog.id)).limit(1))[0]?.action;

  /** A live post with one category and one related product, as an editor made it. */
  const livePost = async (slug: string): Promise<EditorBlogPost> =>
    ok<EditorBlogPost>(
      'POST',
      '/editor/blog/posts',
      { title: `Publisert ${slug}`, slug, body: '<p>Slik det står nå.</p>', related_article_ids: [first], category_ids: [categories[0]], published: true },
      201,
    );
  const input = (post: EditorBlogPost, change: Partial<EditorBlogPost> & { pending?: boolean }) => {
    const { title, slug, body, featured_image, main_article_id, related_article_ids, category_ids, version } = { ...post, ...change };
    return { title, slug, body, featured_image, main_article_id, related_article_ids, category_ids, version, published: true, ...(change.pending ? { pending: true } : {}) };
  };

  beforeAll(async () => {
    const db = t().db;
    editor = await newSession((await ensureStaffAccount(db, 'kari.utkast@staut.no', 'redaktorpassord')).id);
    const rows = await db
      .insert(s.blogCategories)
      .values([
        { slug: 'utkast-tur', name: 'Tur' },
        { slug: 'utkast-barn', name: 'Barn' },
      ])
      .returning({ id: s.blogCategories.id });
    categories = rows.map((r) => r.id) as [number, number];
  });

  it('a pending save of a live post: shoppers keep the published post and its links, the editor and the preview see the change', async () => {
    const post = await livePost('ventende-endring');
    const before = await shopperPost('ventende-endring');
    const saved = await ok<EditorBlogPost>(
      'PUT',
      `/editor/blog/posts/${post.id}`,
      input(post, { title: 'Ny tittel', body: '<p>Ny tekst.</p>', related_article_ids: [second], category_ids: [categories[1]], pending: true }),
    );
    expect(saved).toMatchObject({ title: 'Ny tittel', body: '<p>Ny tekst.</p>', related_article_ids: [second], category_ids: [categories[1]], pending_changes: true, version: 2 });
    expect(saved.published_at).toBe(post.published_at);

    const shopper = await shopperPost('ventende-endring');
    expect(shopper).toEqual(before);
    expect(shopper.title).toBe('Publisert ventende-endring');
    expect(shopper.related_articles.map((a) => a.ArticleID)).toEqual([first]);
    expect(shopper.categories.map((c) => c.id)).toEqual([categories[0]]);
    // The blog's list and category pages too.
    const listed = (await call('GET', '/blog/posts?per_page=100')).json<{ data: RawBlogPost[] }>().data.find((p) => p.id === post.id);
    expect(listed?.title).toBe('Publisert ventende-endring');

    const preview = (await call('GET', `/blog/ventende-endring${PREVIEW}`, editor)).json<RawBlogPost>();
    expect(preview).toMatchObject({ title: 'Ny tittel', body: '<p>Ny tekst.</p>', preview: { status: 'published', pending_changes: true } });
    expect(preview.related_articles.map((a) => a.ArticleID)).toEqual([second]);
    expect(preview.categories.map((c) => c.id)).toEqual([categories[1]]);

    const item = await ok<ContentItem>('GET', `/editor/content/blog-post/${post.id}`);
    expect(item).toMatchObject({ title: 'Ny tittel', status: 'published', pending_changes: true, version: 2 });
    const overview = await ok<ContentPage>('GET', '/editor/content?type=blog-post&q=Ny%20tittel');
    expect(overview.data.map((row) => [row.title, row.pending_changes])).toEqual([['Ny tittel', true]]);
    expect(await lastAudit(String(post.id))).toBe('save-pending');
    const revision = await ok<{ snapshot: EditorBlogPost }>('GET', `/editor/content/blog-post/${post.id}/revisions/2`);
    expect(revision.snapshot).toMatchObject({ title: 'Ny tittel', pending_changes: true });
  });

  it('"Publiser endringene" (status publish) puts them live with their links and keeps the publication date', async () => {
    const post = await livePost('publiser-endring');
    const pending = await ok<EditorBlogPost>('PUT', `/editor/blog/posts/${post.id}`, input(post, { title: 'Publisert nå', related_article_ids: [second, first], category_ids: categories, pending: true }));
    const published = await ok<ContentSummary>('POST', `/editor/content/blog-post/${post.id}/status`, { action: 'publish', version: pending.version });
    expect(published).toMatchObject({ title: 'Publisert nå', status: 'published', pending_changes: false, version: 3, published_at: post.published_at });
    const shopper = await shopperPost('publiser-endring');
    expect(shopper.title).toBe('Publisert nå');
    expect(shopper.related_articles.map((a) => a.ArticleID)).toEqual([second, first]);
    expect(shopper.categories.map((c) => c.id)).toEqual(categories);
    const [row] = await t().db.select({ pending: s.blogPosts.pending }).from(s.blogPosts).where(eq(s.blogPosts.id, post.id));
    expect(row?.pending).toBeNull();
  });

  it('discarding drops them: the editor is back at the published post; twice, or from a stale version, is a 409', async () => {
    const post = await livePost('forkast-endring');
    const pending = await ok<EditorBlogPost>('PUT', `/editor/blog/posts/${post.id}`, input(post, { title: 'Blir forkastet', pending: true }));
    const stale = await call('POST', `/editor/content/blog-post/${post.id}/discard`, editor, { version: post.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<EditConflict>().current_version).toBe(pending.version);

    const discarded = await ok<ContentSummary>('POST', `/editor/content/blog-post/${post.id}/discard`, { version: pending.version });
    expect(discarded).toMatchObject({ title: 'Publisert forkast-endring', pending_changes: false, version: 3 });
    const item = await ok<ContentItem>('GET', `/editor/content/blog-post/${post.id}`);
    expect(item.content).toMatchObject({ title: 'Publisert forkast-endring', related_article_ids: [first], pending_changes: false });
    expect((await call('GET', `/blog/forkast-endring${PREVIEW}`, editor)).json<RawBlogPost>().preview?.pending_changes).toBe(false);
    expect(await lastAudit(String(post.id))).toBe('discard-pending');

    const again = await call('POST', `/editor/content/blog-post/${post.id}/discard`, editor, { version: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EDITOR_ERRORS.noPendingChanges);
    // Nothing was claimed by the refused discard.
    expect((await ok<ContentItem>('GET', `/editor/content/blog-post/${post.id}`)).version).toBe(3);
  });

  it('a live address does not change in pending changes; "Lagre og publiser" writes the post and clears them', async () => {
    const post = await livePost('fast-adresse');
    const moved = await call('PUT', `/editor/blog/posts/${post.id}`, editor, input(post, { slug: 'ny-adresse', pending: true }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([{ field: 'slug', message: EDITOR_ERRORS.pendingSlug }]);
    expect((await ok<ContentItem>('GET', `/editor/content/blog-post/${post.id}`)).version).toBe(1);

    const pending = await ok<EditorBlogPost>('PUT', `/editor/blog/posts/${post.id}`, input(post, { title: 'Venter', pending: true }));
    const live = await ok<EditorBlogPost>('PUT', `/editor/blog/posts/${post.id}`, input(pending, { title: 'Rett ut', slug: 'ny-adresse' }));
    expect(live).toMatchObject({ title: 'Rett ut', slug: 'ny-adresse', pending_changes: false, version: 3 });
    expect((await shopperPost('ny-adresse')).title).toBe('Rett ut');
  });

  it('content that is not live has no pending changes: the save is the post; leaving the site takes the changes along', async () => {
    const draft = await ok<EditorBlogPost>('POST', '/editor/blog/posts', { title: 'Et utkast', slug: 'et-utkast', body: '<p>Utkast.</p>', published: false }, 201);
    const saved = await ok<EditorBlogPost>('PUT', `/editor/blog/posts/${draft.id}`, { ...input(draft, { title: 'Utkast, endret', pending: true }), published: false });
    expect(saved).toMatchObject({ title: 'Utkast, endret', pending_changes: false });
    const [row] = await t().db.select({ title: s.blogPosts.title, pending: s.blogPosts.pending }).from(s.blogPosts).where(eq(s.blogPosts.id, draft.id));
    expect(row).toEqual({ title: 'Utkast, endret', pending: null });

    // A live post with pending changes is unpublished: off the site at once, and the changes are now the post.
    const post = await livePost('avpubliseres');
    const pending = await ok<EditorBlogPost>('PUT', `/editor/blog/posts/${post.id}`, input(post, { title: 'Endret før avpublisering', pending: true }));
    await ok('POST', `/editor/content/blog-post/${post.id}/status`, { action: 'unpublish', version: pending.version });
    expect((await call('GET', '/blog/avpubliseres')).statusCode).toBe(404);
    const item = await ok<ContentItem>('GET', `/editor/content/blog-post/${post.id}`);
    expect(item).toMatchObject({ status: 'unpublished', pending_changes: false, title: 'Endret før avpublisering' });
    // Published again, shoppers get what the editor saw.
    await ok('POST', `/editor/content/blog-post/${post.id}/status`, { action: 'publish', version: item.version });
    expect((await shopperPost('avpubliseres')).title).toBe('Endret før avpublisering');
  });

  it('two editors: a pending save based on an old version is refused like any save', async () => {
    const post = await livePost('to-redaktorer');
    await ok('PUT', `/editor/blog/posts/${post.id}`, input(post, { title: 'Den første', pending: true }));
    const second = await call('PUT', `/editor/blog/posts/${post.id}`, editor, input(post, { title: 'Den andre', pending: true }));
    expect(second.statusCode).toBe(409);
    expect(second.json<EditConflict>().current).toMatchObject({ title: 'Den første', pending_changes: true });
  });

  it('a copy page: pending text waits for publishing; shoppers read the published page until then', async () => {
    await t().db.insert(s.staticPages).values({ slug: 'leveringsvilkar', title: 'Leveringsvilkår', body: '<p>Levering på 2–4 dager.</p>', publishedAt: new Date(Date.now() - DAY) });
    const page = (await ok<ContentItem>('GET', '/editor/content/page/leveringsvilkar'));
    expect(page.pending_changes).toBe(false);
    const answer = await ok<RawStaticPage>('PUT', '/editor/pages/leveringsvilkar', { title: 'Leveringsvilkår', body: '<p>Levering på 1–3 dager.</p>', version: page.version, pending: true });
    expect(answer.body).toBe('<p>Levering på 2–4 dager.</p>');
    expect((await call('GET', '/pages/leveringsvilkar')).json<RawStaticPage>().body).toBe('<p>Levering på 2–4 dager.</p>');
    const preview = (await call('GET', `/pages/leveringsvilkar${PREVIEW}`, editor)).json<RawStaticPage>();
    expect(preview).toMatchObject({ body: '<p>Levering på 1–3 dager.</p>', preview: { status: 'published', pending_changes: true } });
    const item = await ok<ContentItem>('GET', '/editor/content/page/leveringsvilkar');
    expect(item).toMatchObject({ pending_changes: true, content: { body: '<p>Levering på 1–3 dager.</p>', pending_changes: true } satisfies Partial<EditorStaticPage> });

    await ok('POST', '/editor/content/page/leveringsvilkar/status', { action: 'publish', version: item.version });
    expect((await call('GET', '/pages/leveringsvilkar')).json<RawStaticPage>().body).toBe('<p>Levering på 1–3 dager.</p>');
    expect((await ok<ContentItem>('GET', '/editor/content/page/leveringsvilkar')).pending_changes).toBe(false);
  });

  it('deleting a blog category that only pending changes use needs a category to move to, and moves them', async () => {
    const [category] = await t().db.insert(s.blogCategories).values({ slug: 'utkast-kortvarig', name: 'Kortvarig' }).returning({ id: s.blogCategories.id });
    const post = await livePost('kategori-flyttes');
    const pending = await ok<EditorBlogPost>('PUT', `/editor/blog/posts/${post.id}`, input(post, { category_ids: [category!.id], pending: true }));
    const refused = await call('DELETE', `/editor/blog/categories/${category!.id}`, editor);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'move_to', message: EDITOR_ERRORS.categoryMoveNeeded }]);
    expect((await call('DELETE', `/editor/blog/categories/${category!.id}?move_to=${categories[1]}`, editor)).statusCode).toBe(204);
    const item = await ok<ContentItem>('GET', `/editor/content/blog-post/${post.id}`);
    expect(item.content).toMatchObject({ category_ids: [categories[1]], pending_changes: true });
    await ok('POST', `/editor/content/blog-post/${post.id}/status`, { action: 'publish', version: pending.version });
    expect((await shopperPost('kategori-flyttes')).categories.map((c) => c.id)).toEqual([categories[1]]);
  });

  it('polls and home layouts have no pending changes to discard', async () => {
    const [poll] = await t().db.insert(s.polls).values({ name: 'Uten utkast', active: true, publishedAt: new Date() }).returning({ id: s.polls.id });
    const res = await call('POST', `/editor/content/poll/${poll!.id}/discard`, editor, { version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EDITOR_ERRORS.noPendingChanges);
    expect((await call('POST', '/editor/content/poll/99999/discard', editor, { version: 1 })).statusCode).toBe(404);
  });
});
