/**
 * Issue 23's content API on every test database: edit conflicts (If-Match/version, 409 naming who saved, exactly one
 * of two concurrent saves wins), revisions and restore, status and scheduling (live at the instant, unpublish hides
 * at once, caches included), the overview, roles and staff accounts (invite, deactivate), the audit log, blog
 * categories, and poll results/CSV.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type {
  AuditPage,
  ContentItem,
  ContentPage,
  ContentRevision,
  ContentRevisionSummary,
  ContentSummary,
  EditConflict,
  EditorBlogCategory,
  EditorBlogPost,
  EditorPoll,
  PollResults,
  RawBlogPost,
  RawPaginated,
  RawSettings,
  StaffAccount,
} from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import { ensureStaffAccount } from '../../src/content/staff.js';
import { EDITOR_ERRORS, EDITOR_TEXTS, STAFF_TEXTS } from '../../src/content/texts.js';
import { CSV_BOM } from '../../src/content/csv.js';
import { sessionCookieOf, useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';

const DAY = 86_400_000;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Headers = Record<string, string>;

describe.each(testDatabaseKinds())('content workspace on %s', (kind) => {
  const t = useTestApp(kind);
  const ids = { editor: 0, editor2: 0, admin: 0, shop: 0, service: 0 };

  const newSession = async (customerId: number | null = null): Promise<Headers> => {
    const cookie = randomBytes(24).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    await t().db.insert(s.sessions).values({ id: hashSessionId(cookie), csrfToken: csrf, customerId, expiresAt: new Date(Date.now() + DAY) });
    return { cookie: `sid=${cookie}`, 'x-csrf-token': csrf };
  };
  const call = (method: Method, url: string, headers: Headers, body?: unknown) =>
    t().app.inject({ method, url: `/api/v1${url}`, headers, ...(body === undefined ? {} : { payload: body as object }) });
  const ok = async <T = unknown>(method: Method, url: string, headers: Headers, body?: unknown, status = 200): Promise<T> => {
    const res = await call(method, url, headers, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
  const publicGet = (url: string) => t().app.inject({ method: 'GET', url: `/api/v1${url}` });

  let editor: Headers;
  let editor2: Headers;
  let admin: Headers;
  const post = (title: string, extra: object = {}) => ({ title, body: `<p>${title}</p>`, published: true, ...extra });

  beforeAll(async () => {
    const db = t().db;
    ids.editor = (await ensureStaffAccount(db, 'kari@staut.no', 'redaktorpassord')).id;
    ids.editor2 = (await ensureStaffAccount(db, 'ola@staut.no', 'redaktorpassord')).id;
    ids.admin = (await ensureStaffAccount(db, 'sjef@staut.no', 'adminpassord1', 'admin')).id;
    ids.service = (await ensureStaffAccount(db, 'kundeservice@staut.no', 'kundeservice1', 'customer-service')).id;
    await db.update(s.customers).set({ firstName: 'Kari', lastName: 'Nordmann' }).where(eq(s.customers.id, ids.editor));
    await db.update(s.customers).set({ firstName: 'Ola', lastName: 'Hansen' }).where(eq(s.customers.id, ids.editor2));
    editor = await newSession(ids.editor);
    editor2 = await newSession(ids.editor2);
    admin = await newSession(ids.admin);
  });

  it('documents the workspace routes at /api/docs under the editor tag, the 409 with the current version', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/docs/json' });
    type Operation = { tags?: string[]; responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }> };
    const paths = res.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    for (const [path, method] of [
      ['/api/v1/editor/content', 'get'],
      ['/api/v1/editor/content/{type}/{key}', 'get'],
      ['/api/v1/editor/content/{type}/{key}/status', 'post'],
      ['/api/v1/editor/content/{type}/{key}/discard', 'post'],
      ['/api/v1/editor/content/{type}/{key}/revisions', 'get'],
      ['/api/v1/editor/content/{type}/{key}/revisions/{n}', 'get'],
      ['/api/v1/editor/content/{type}/{key}/revisions/{n}/restore', 'post'],
      ['/api/v1/editor/audit', 'get'],
      ['/api/v1/editor/staff', 'get'],
      ['/api/v1/editor/staff/invites', 'post'],
      ['/api/v1/editor/staff/{id}', 'put'],
      ['/api/v1/editor/staff/{id}/invitation', 'delete'],
      ['/api/v1/staff-invites/accept', 'post'],
      ['/api/v1/editor/blog/categories/{id}', 'delete'],
      ['/api/v1/editor/polls/{id}/open', 'post'],
      ['/api/v1/editor/polls/{id}/results', 'get'],
      ['/api/v1/editor/polls/{id}/answers.csv', 'get'],
    ] as const) {
      expect(paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['editor']);
    }
    const conflict = paths['/api/v1/editor/blog/posts/{id}']!.put!.responses!['409']!.content!['application/json']!.schema!.properties!;
    expect(Object.keys(conflict)).toEqual(expect.arrayContaining(['message', 'current_version', 'changed_by', 'changed_at', 'current']));
  });

  describe('edit conflicts', () => {
    it('a save without a version is refused (428), a stale one is 409 naming who saved and when, with the current version', async () => {
      const created = await ok<EditorBlogPost>('POST', '/editor/blog/posts', editor, post('Konflikt'), 201);
      expect(created.version).toBe(1);
      const missing = await call('PUT', `/editor/blog/posts/${created.id}`, editor, post('Uten versjon'));
      expect(missing.statusCode).toBe(428);
      expect(missing.json().message).toBe(EDITOR_ERRORS.versionRequired);

      const first = await call('PUT', `/editor/blog/posts/${created.id}`, { ...editor2, 'if-match': '"1"' }, post('Olas versjon'));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers.etag).toBe('"2"');
      expect(first.json<EditorBlogPost>().version).toBe(2);

      const stale = await call('PUT', `/editor/blog/posts/${created.id}`, editor, post('Karis versjon', { version: 1 }));
      expect(stale.statusCode).toBe(409);
      const conflict = stale.json<EditConflict>();
      expect(conflict.message).toMatch(/^Innlegget er endret av Ola Hansen kl\. \d\d:\d\d \(\d\d\.\d\d\.\d{4}\)/);
      expect(conflict.current_version).toBe(2);
      expect(conflict.changed_by).toBe('Ola Hansen');
      expect(Math.abs(Date.parse(conflict.changed_at) - Date.now())).toBeLessThan(60_000);
      expect(conflict.current).toMatchObject({ id: created.id, title: 'Olas versjon', version: 2 });
      // Nothing of the refused save was kept.
      const [row] = await t().db.select().from(s.blogPosts).where(eq(s.blogPosts.id, created.id));
      expect(row).toMatchObject({ title: 'Olas versjon', version: 2 });
      expect((await call('PUT', `/editor/blog/posts/${created.id}`, { ...editor, 'if-match': 'abc' }, post('x'))).statusCode).toBe(400);
    });

    it.each([
      ['blog post', 'blog-post'],
      ['copy page', 'page'],
      ['home layout', 'home-layout'],
      ['poll', 'poll'],
    ] as const)('%s: two saves based on the same version at once — exactly one wins, the other is 409', async (_name, type) => {
      const unique = randomBytes(4).toString('hex');
      let url: string;
      let body: (n: number) => object;
      if (type === 'blog-post') {
        const created = await ok<EditorBlogPost>('POST', '/editor/blog/posts', editor, post(`Samtidig ${unique}`), 201);
        url = `/editor/blog/posts/${created.id}`;
        body = (n) => post(`Samtidig ${unique}`, { body: `<p>Lagring ${n}</p>`, version: 1 });
      } else if (type === 'page') {
        url = `/editor/pages/side-${unique}`;
        await ok('PUT', url, editor, { title: 'Side', body: '<p>Første</p>' });
        body = (n) => ({ title: 'Side', body: `<p>Lagring ${n}</p>`, version: 1 });
      } else if (type === 'home-layout') {
        url = `/editor/home/oppsett-${unique}`;
        await ok('PUT', url, editor, { published: false, slots: {} });
        body = (n) => ({ published: false, slots: { topBanner: { image: '/api/v1/images/banners/x.svg', title: `Lagring ${n}` } }, version: 1 });
      } else {
        const created = await ok<EditorPoll>('POST', '/editor/polls', editor, { name: 'Samtidig', active: true, questions: [{ text: 'Ja?', options: [{ text: 'Ja', correct: true }, { text: 'Nei', correct: false }] }] }, 201);
        url = `/editor/polls/${created.id}`;
        body = (n) => ({ name: `Lagring ${n}`, active: true, version: 1 });
      }
      const results = await Promise.all([call('PUT', url, editor, body(1)), call('PUT', url, editor2, body(2))]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!.json<EditConflict>();
      expect(loser.current_version).toBe(2);
      expect(['Kari Nordmann', 'Ola Hansen']).toContain(loser.changed_by);
    });
  });

  describe('revisions', () => {
    it('every save is a revision with a full snapshot; restoring n makes a new revision equal to n, status untouched', async () => {
      const created = await ok<EditorBlogPost>('POST', '/editor/blog/posts', editor, post('Historikk', { category_ids: [] }), 201);
      const url = `/editor/content/blog-post/${created.id}`;
      await ok('PUT', `/editor/blog/posts/${created.id}`, editor2, post('Historikk', { body: '<p>Andre utgave</p>', version: 1 }));
      await ok('PUT', `/editor/blog/posts/${created.id}`, editor, post('Historikk', { body: '<p>Tredje utgave</p>', version: 2 }));

      const list = await ok<ContentRevisionSummary[]>('GET', `${url}/revisions`, editor);
      expect(list.map((r) => [r.number, r.author])).toEqual([
        [3, 'Kari Nordmann'],
        [2, 'Ola Hansen'],
        [1, 'Kari Nordmann'],
      ]);
      const second = await ok<ContentRevision>('GET', `${url}/revisions/2`, editor);
      expect(second.snapshot).toMatchObject({ id: created.id, body: '<p>Andre utgave</p>', title: 'Historikk' });

      // Unpublished before the restore: the restore brings the text back, not the status.
      await ok('POST', `${url}/status`, editor, { action: 'unpublish', version: 3 });
      expect((await call('POST', `${url}/revisions/1/restore`, editor, { version: 3 })).statusCode).toBe(409);
      const restored = await ok<ContentItem>('POST', `${url}/revisions/1/restore`, editor, { version: 4 });
      expect(restored).toMatchObject({ version: 5, status: 'unpublished', content: { body: '<p>Historikk</p>', published_at: null } });
      const fifth = await ok<ContentRevision>('GET', `${url}/revisions/5`, editor);
      const first = await ok<ContentRevision>('GET', `${url}/revisions/1`, editor);
      const { version: _v5, published_at: _p5, ...restoredContent } = fifth.snapshot as EditorBlogPost;
      const { version: _v1, published_at: _p1, ...originalContent } = first.snapshot as EditorBlogPost;
      expect(restoredContent).toEqual(originalContent);
      expect((await call('GET', `${url}/revisions/99`, editor)).statusCode).toBe(404);
      expect((await call('GET', '/editor/content/blog-post/999999/revisions', editor)).statusCode).toBe(404);
    });

    it('a copy page and a home layout restore too', async () => {
      await ok('PUT', '/editor/pages/historikk-side', editor, { title: 'Første', body: '<p>Én</p>' });
      await ok('PUT', '/editor/pages/historikk-side', editor, { title: 'Andre', body: '<p>To</p>', version: 1 });
      await ok('POST', '/editor/content/page/historikk-side/revisions/1/restore', editor, { version: 2 });
      expect(await ok<{ title: string }>('GET', '/editor/content/page/historikk-side', editor)).toMatchObject({ version: 3, content: { title: 'Første', body: '<p>Én</p>' } });

      await ok('PUT', '/editor/home/historikk', editor, { published: false, slots: { topBanner: { image: '/api/v1/images/banners/a.svg', title: 'A' } } });
      await ok('PUT', '/editor/home/historikk', editor, { published: false, slots: { topBanner: { image: '/api/v1/images/banners/b.svg', title: 'B' } }, version: 1 });
      await ok('POST', '/editor/content/home-layout/historikk/revisions/1/restore', editor, { version: 2 });
      const layout = await ok<RawSettings>('GET', '/home/historikk', editor);
      expect(layout.TopBanner?.Title).toBe('A');
    });
  });

  describe('status and scheduling', () => {
    it('unpublish hides at once (public 404, cached lists too); publish brings it back with its date', async () => {
      const created = await ok<EditorBlogPost>('POST', '/editor/blog/posts', editor, post('Av og på'), 201);
      const url = `/editor/content/blog-post/${created.id}`;
      expect((await publicGet('/blog/av-og-pa')).statusCode).toBe(200);
      const listed = await publicGet('/blog/posts?per_page=100');
      expect(listed.json<RawPaginated<RawBlogPost>>().data.map((p) => p.id)).toContain(created.id);
      expect((await publicGet('/blog/posts?per_page=100')).headers['x-cache']).toBe('hit');

      const off = await ok<ContentSummary>('POST', `${url}/status`, editor, { action: 'unpublish', version: 1 });
      expect(off).toMatchObject({ status: 'unpublished', version: 2, published_at: null, updated_by: 'Kari Nordmann' });
      expect((await publicGet('/blog/av-og-pa')).statusCode).toBe(404);
      const after = await publicGet('/blog/posts?per_page=100');
      expect(after.headers['x-cache']).toBeUndefined();
      expect(after.json<RawPaginated<RawBlogPost>>().data.map((p) => p.id)).not.toContain(created.id);

      const on = await ok<ContentSummary>('POST', `${url}/status`, editor, { action: 'publish', version: 2 });
      expect(on.status).toBe('published');
      expect((await publicGet('/blog/av-og-pa')).statusCode).toBe(200);
    });

    it('a scheduled post goes live at its instant with nobody present, though the list was cached before', async () => {
      const created = await ok<EditorBlogPost>('POST', '/editor/blog/posts', editor, post('Planlagt', { published: false }), 201);
      const at = new Date(Date.now() + 1500);
      const scheduled = await ok<ContentSummary>('POST', `/editor/content/blog-post/${created.id}/status`, editor, { action: 'schedule', at: at.toISOString(), version: 1 });
      expect(scheduled).toMatchObject({ status: 'scheduled', published_at: at.toISOString() });
      expect((await publicGet('/blog/planlagt')).statusCode).toBe(404);
      const before = await publicGet('/blog/posts?per_page=100');
      expect(before.json<RawPaginated<RawBlogPost>>().data.map((p) => p.id)).not.toContain(created.id);
      expect((await publicGet('/blog/posts?per_page=100')).headers['x-cache']).toBe('hit');

      await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 100));
      expect((await publicGet('/blog/planlagt')).statusCode).toBe(200);
      const listed = await publicGet('/blog/posts?per_page=100');
      expect(listed.json<RawPaginated<RawBlogPost>>().data.map((p) => p.id)).toContain(created.id);
      const [summary] = (await ok<ContentPage>('GET', `/editor/content?type=blog-post&q=planlagt`, editor)).data;
      expect(summary).toMatchObject({ key: String(created.id), status: 'published' });
    });

    it('refuses a schedule in the past and an end on anything but a home layout', async () => {
      const created = await ok<EditorBlogPost>('POST', '/editor/blog/posts', editor, post('Feil tid', { published: false }), 201);
      const url = `/editor/content/blog-post/${created.id}/status`;
      const past = await call('POST', url, editor, { action: 'schedule', at: new Date(Date.now() - 60_000).toISOString(), version: 1 });
      expect(past.statusCode).toBe(400);
      expect(past.json().message).toBe(EDITOR_ERRORS.scheduleInPast);
      const until = await call('POST', url, editor, { action: 'schedule', at: new Date(Date.now() + DAY).toISOString(), until: new Date(Date.now() + 2 * DAY).toISOString(), version: 1 });
      expect(until.json().message).toBe(EDITOR_ERRORS.untilOnlyLayouts);
      expect((await call('POST', url, editor, { action: 'schedule', at: 'i morgen', version: 1 })).statusCode).toBe(400);
      expect((await call('POST', url, editor, { action: 'publish' })).statusCode).toBe(400);
      // Nothing was written by the refused changes.
      expect((await ok<ContentItem>('GET', `/editor/content/blog-post/${created.id}`, editor)).version).toBe(1);
    });

    it('a campaign layout is the home page from/until its window, then the base layout again', async () => {
      await ok('PUT', '/editor/home/grunn', editor, { published: true, slots: { topBanner: { image: '/api/v1/images/banners/g.svg', title: 'Grunn' } } });
      await ok('PUT', '/editor/home/kampanje', editor, { published: false, slots: { topBanner: { image: '/api/v1/images/banners/k.svg', title: 'Kampanje' } } });
      const from = new Date(Date.now() + 1200);
      const until = new Date(Date.now() + 2600);
      const summary = await ok<ContentSummary>('POST', '/editor/content/home-layout/kampanje/status', editor, { action: 'schedule', at: from.toISOString(), until: until.toISOString(), version: 1 });
      expect(summary).toMatchObject({ status: 'scheduled', published_at: from.toISOString(), publish_until: until.toISOString() });
      expect((await publicGet('/home')).json<RawSettings>().TopBanner?.Title).toBe('Grunn');
      await new Promise((resolve) => setTimeout(resolve, from.getTime() - Date.now() + 100));
      expect((await publicGet('/home')).json<RawSettings>().TopBanner?.Title).toBe('Kampanje');
      await new Promise((resolve) => setTimeout(resolve, until.getTime() - Date.now() + 100));
      expect((await publicGet('/home')).json<RawSettings>().TopBanner?.Title).toBe('Grunn');
      expect((await ok<ContentItem>('GET', '/editor/content/home-layout/kampanje', editor)).status).toBe('unpublished');
    });

    it('an unpublished copy page and poll answer 404 to shoppers', async () => {
      await ok('PUT', '/editor/pages/skjult-side', editor, { title: 'Skjult', body: '<p>Tekst</p>' });
      expect((await publicGet('/pages/skjult-side')).statusCode).toBe(200);
      await ok('POST', '/editor/content/page/skjult-side/status', editor, { action: 'unpublish', version: 1 });
      expect((await publicGet('/pages/skjult-side')).statusCode).toBe(404);

      const poll = await ok<EditorPoll>('POST', '/editor/polls', editor, { name: 'Skjult quiz', active: true, questions: [{ text: 'Ja?', options: [{ text: 'Ja', correct: true }, { text: 'Nei', correct: false }] }] }, 201);
      await ok('POST', `/editor/content/poll/${poll.id}/status`, editor, { action: 'unpublish', version: 1 });
      expect((await publicGet(`/polls/${poll.id}`)).statusCode).toBe(404);
      expect((await publicGet('/polls/active')).json<Array<{ id: number }>>().map((p) => p.id)).not.toContain(poll.id);
    });
  });

  describe('the overview', () => {
    it('lists all four kinds with status, last change and who made it; filters, searches and pages', async () => {
      await ok('POST', '/editor/blog/posts', editor2, post('Oversikt utkast', { published: false }), 201);
      await ok('PUT', '/editor/pages/oversikt-side', editor, { title: 'Oversikt side', body: '<p>x</p>' });
      const all = await ok<ContentPage>('GET', '/editor/content?q=oversikt', editor);
      expect(all.data.map((d) => [d.type, d.title, d.status, d.updated_by])).toEqual([
        ['page', 'Oversikt side', 'published', 'Kari Nordmann'],
        ['blog-post', 'Oversikt utkast', 'draft', 'Ola Hansen'],
      ]);
      expect(all.meta.total).toBe(2);
      expect((await ok<ContentPage>('GET', '/editor/content?q=oversikt&type=blog-post', editor)).data.map((d) => d.title)).toEqual(['Oversikt utkast']);
      expect((await ok<ContentPage>('GET', '/editor/content?q=oversikt&status=draft', editor)).data.map((d) => d.title)).toEqual(['Oversikt utkast']);
      // % and _ are searched as themselves.
      expect((await ok<ContentPage>('GET', '/editor/content?q=%25', editor)).data).toEqual([]);
      const everything = await ok<ContentPage>('GET', '/editor/content', editor);
      expect(everything.meta.per_page).toBe(25);
      expect(new Set(everything.data.map((d) => d.type)).size).toBeGreaterThan(1);
      const types = new Set((await ok<ContentPage>('GET', '/editor/content?page=1&type=home-layout', editor)).data.map((d) => d.type));
      expect([...types]).toEqual(['home-layout']);
      expect((await ok<ContentPage>('GET', '/editor/content?page=10000', editor)).data).toEqual([]);
      for (const bad of ['type=nyhet', 'status=live', 'page=0', 'page=10001', `q=${'x'.repeat(101)}`]) {
        expect((await call('GET', `/editor/content?${bad}`, editor)).statusCode, bad).toBe(400);
      }
    });
  });

  describe('roles, staff accounts and the audit log', () => {
    it('401 without login, 403 for shop and customer-service staff, 403 for editors on admin routes', async () => {
      expect((await call('GET', '/editor/content', await newSession())).statusCode).toBe(401);
      const service = await newSession(ids.service);
      const forbidden = await call('GET', '/editor/content', service);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe(EDITOR_TEXTS.forbidden);
      expect((await call('POST', '/editor/blog/posts', service, post('Nei'))).statusCode).toBe(403);
      for (const [method, url] of [['GET', '/editor/audit'], ['GET', '/editor/staff'], ['POST', '/editor/staff/invites'], ['PUT', `/editor/staff/${ids.editor2}`]] as const) {
        const res = await call(method, url, editor, method === 'GET' ? undefined : { role: 'staff' });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(EDITOR_TEXTS.adminOnly);
      }
      expect((await call('GET', '/editor/content', admin)).statusCode).toBe(200);
    });

    it('an admin invites by e-mail; the link sets the password and the new editor can log in and work', async () => {
      const invited = await ok<StaffAccount>('POST', '/editor/staff/invites', admin, { email: 'Ny.Redaktor@Staut.no', first_name: 'Nora', last_name: 'Ny', role: 'staff' }, 201);
      expect(invited).toMatchObject({ email: 'ny.redaktor@staut.no', name: 'Nora Ny', role: 'staff', active: true, invited: true, invited_role: 'staff' });
      const [mail] = await t().db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, 'ny.redaktor@staut.no')).orderBy(desc(s.emailOutbox.id));
      expect(mail!.subject).toBe('Invitasjon til Stauts redaksjon');
      const token = decodeURIComponent(/token=([^\s]+)/.exec(mail!.body)![1]!);
      const visitor = await newSession();
      expect((await call('POST', '/staff-invites/accept', visitor, { token, password: 'kort' })).statusCode).toBe(400);
      expect((await call('POST', '/staff-invites/accept', visitor, { token, password: 'nytt-passord-1' })).statusCode).toBe(204);
      const reused = await call('POST', '/staff-invites/accept', visitor, { token, password: 'nytt-passord-2' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().message).toBe(STAFF_TEXTS.inviteInvalid);

      const login = await call('POST', '/customers/login', await newSession(), { username: 'ny.redaktor@staut.no', password: 'nytt-passord-1' });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = sessionCookieOf(login.headers)!;
      expect((await call('GET', '/editor/session', { cookie })).json()).toMatchObject({ id: invited.id, name: 'Nora Ny' });
      expect((await ok<StaffAccount[]>('GET', '/editor/staff', admin)).find((a) => a.id === invited.id)).toMatchObject({ invited: false, active: true });
    });

    it('an existing customer invited keeps the customer role until the invitation is accepted; deactivating withdraws it', async () => {
      const db = t().db;
      const [{ id }] = (await db
        .insert(s.customers)
        .values({ firstName: 'Kunde', lastName: 'Invitert', email: 'kunde.invitert@example.no', passwordHash: 'x', role: 'customer', termsConditions: true })
        .returning({ id: s.customers.id })) as [{ id: number }];
      const asCustomer = await newSession(id);
      const invited = await ok<StaffAccount>('POST', '/editor/staff/invites', admin, { email: 'kunde.invitert@example.no', first_name: 'K', last_name: 'I', role: 'admin' }, 201);
      expect(invited).toMatchObject({ id, role: 'customer', invited: true, invited_role: 'admin' });
      // Not yet: the customer's own session gets no workspace, and the account row is unchanged.
      expect((await call('GET', '/editor/session', asCustomer)).statusCode).toBe(403);
      expect((await db.select({ role: s.customers.role }).from(s.customers).where(eq(s.customers.id, id)))[0]!.role).toBe('customer');
      expect((await ok<StaffAccount[]>('GET', '/editor/staff', admin)).find((a) => a.id === id)).toMatchObject({ role: 'customer', invited: true, invited_role: 'admin' });
      // Not staff yet, so no role to change or account to deactivate here.
      expect((await call('PUT', `/editor/staff/${id}`, admin, { role: 'staff' })).statusCode).toBe(404);

      const [mail] = await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, 'kunde.invitert@example.no')).orderBy(desc(s.emailOutbox.id));
      const token = decodeURIComponent(/token=([^\s]+)/.exec(mail!.body)![1]!);
      expect((await call('POST', '/staff-invites/accept', await newSession(), { token, password: 'ny-admin-passord' })).statusCode).toBe(204);
      expect((await call('GET', '/editor/audit', asCustomer)).statusCode).toBe(200);
      expect((await ok<StaffAccount[]>('GET', '/editor/staff', admin)).find((a) => a.id === id)).toMatchObject({ role: 'admin', invited: false, invited_role: null });

      // A role changed while the invitation is open is the role the invitation grants.
      const fresh = await ok<StaffAccount>('POST', '/editor/staff/invites', admin, { email: 'snart.redaktor@staut.no', first_name: 'S', last_name: 'R', role: 'admin' }, 201);
      expect(await ok<StaffAccount>('PUT', `/editor/staff/${fresh.id}`, admin, { role: 'staff' })).toMatchObject({ role: 'staff', invited_role: 'staff' });
      const [freshMail] = await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, 'snart.redaktor@staut.no')).orderBy(desc(s.emailOutbox.id));
      const freshToken = decodeURIComponent(/token=([^\s]+)/.exec(freshMail!.body)![1]!);
      // Deactivated before accepting: the invitation is withdrawn, and using it cannot make the account active again.
      await ok<StaffAccount>('PUT', `/editor/staff/${fresh.id}`, admin, { active: false });
      const withdrawn = await call('POST', '/staff-invites/accept', await newSession(), { token: freshToken, password: 'ny-redaktor-passord' });
      expect(withdrawn.statusCode).toBe(400);
      expect(withdrawn.json().message).toBe(STAFF_TEXTS.inviteInvalid);
      expect((await ok<StaffAccount[]>('GET', '/editor/staff', admin)).find((a) => a.id === fresh.id)).toMatchObject({ role: 'staff', active: false, invited: true, invited_role: null });
    });

    it('an admin withdraws an invitation: the link stops working, an account it made is gone, a customer keeps theirs', async () => {
      const db = t().db;
      const tokenOf = async (email: string) => {
        const [mail] = await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.to, email)).orderBy(desc(s.emailOutbox.id));
        return decodeURIComponent(/token=([^\s]+)/.exec(mail!.body)![1]!);
      };
      // A new address: the account the invitation made goes with it, and the address can be invited again.
      const fresh = await ok<StaffAccount>('POST', '/editor/staff/invites', admin, { email: 'angret@staut.no', first_name: 'A', last_name: 'Angret', role: 'staff' }, 201);
      const token = await tokenOf('angret@staut.no');
      // Editors may not; an unknown account is a 404.
      expect((await call('DELETE', `/editor/staff/${fresh.id}/invitation`, editor)).statusCode).toBe(403);
      expect((await call('DELETE', '/editor/staff/999999/invitation', admin)).statusCode).toBe(404);
      expect((await call('DELETE', `/editor/staff/${fresh.id}/invitation`, admin)).statusCode).toBe(204);
      const used = await call('POST', '/staff-invites/accept', await newSession(), { token, password: 'angret-passord' });
      expect(used.statusCode).toBe(400);
      expect(used.json().message).toBe(STAFF_TEXTS.inviteInvalid);
      expect(await db.select().from(s.customers).where(eq(s.customers.id, fresh.id))).toHaveLength(0);
      expect((await ok<StaffAccount[]>('GET', '/editor/staff', admin)).some((a) => a.email === 'angret@staut.no')).toBe(false);
      const again = await ok<StaffAccount>('POST', '/editor/staff/invites', admin, { email: 'angret@staut.no', first_name: 'A', last_name: 'Angret', role: 'staff' }, 201);
      expect(again).toMatchObject({ invited: true, invited_role: 'staff' });

      // A customer invited keeps their own account, password and all; only the invitation goes.
      const [{ id }] = (await db
        .insert(s.customers)
        .values({ firstName: 'Kunde', lastName: 'Angret', email: 'kunde.angret@example.no', passwordHash: 'x', role: 'customer', termsConditions: true })
        .returning({ id: s.customers.id })) as [{ id: number }];
      await ok<StaffAccount>('POST', '/editor/staff/invites', admin, { email: 'kunde.angret@example.no', first_name: 'K', last_name: 'A', role: 'admin' }, 201);
      const customerToken = await tokenOf('kunde.angret@example.no');
      expect((await call('DELETE', `/editor/staff/${id}/invitation`, admin)).statusCode).toBe(204);
      expect((await db.select({ role: s.customers.role, passwordHash: s.customers.passwordHash }).from(s.customers).where(eq(s.customers.id, id)))[0]).toEqual({ role: 'customer', passwordHash: 'x' });
      expect((await call('POST', '/staff-invites/accept', await newSession(), { token: customerToken, password: 'ny-admin-passord' })).statusCode).toBe(400);
      expect((await ok<StaffAccount[]>('GET', '/editor/staff', admin)).some((a) => a.id === id)).toBe(false);
      // Nothing open any more: said so, in Norwegian.
      const nothing = await call('DELETE', `/editor/staff/${id}/invitation`, admin);
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().message).toBe(STAFF_TEXTS.noOpenInvite);
      // Accepted first, then withdrawn: too late, the account stays staff.
      const late = await ok<StaffAccount>('POST', '/editor/staff/invites', admin, { email: 'for.sent@staut.no', first_name: 'F', last_name: 'S', role: 'staff' }, 201);
      expect((await call('POST', '/staff-invites/accept', await newSession(), { token: await tokenOf('for.sent@staut.no'), password: 'godtatt-passord' })).statusCode).toBe(204);
      expect((await call('DELETE', `/editor/staff/${late.id}/invitation`, admin)).statusCode).toBe(409);
      expect((await ok<StaffAccount[]>('GET', '/editor/staff', admin)).find((a) => a.id === late.id)).toMatchObject({ role: 'staff', active: true, invited: false });

      const log = await ok<AuditPage>('GET', '/editor/audit?entity=staff', admin);
      expect(log.data.filter((e) => e.action === 'withdraw-invite').map((e) => e.detail)).toEqual(
        expect.arrayContaining([{ email: 'angret@staut.no', removed: true }, { email: 'kunde.angret@example.no' }]),
      );
    });

    it('deactivating ends every session of the account at once and refuses its login; an admin cannot deactivate themselves', async () => {
      const id = (await ensureStaffAccount(t().db, 'slutter@staut.no', 'slutterpassord')).id;
      const sessionA = await newSession(id);
      const sessionB = await newSession(id);
      expect((await call('GET', '/editor/content', sessionA)).statusCode).toBe(200);
      const deactivated = await ok<StaffAccount>('PUT', `/editor/staff/${id}`, admin, { active: false });
      expect(deactivated.active).toBe(false);
      expect((await call('GET', '/editor/content', sessionA)).statusCode).toBe(401);
      expect((await call('GET', '/editor/session', sessionB)).statusCode).toBe(401);
      const login = await call('POST', '/customers/login', await newSession(), { username: 'slutter@staut.no', password: 'slutterpassord' });
      expect(login.statusCode).toBe(422);
      const self = await call('PUT', `/editor/staff/${ids.admin}`, admin, { active: false });
      expect(self.statusCode).toBe(409);
      expect(self.json().message).toBe(STAFF_TEXTS.notSelf);
      const demoteSelf = await call('PUT', `/editor/staff/${ids.admin}`, admin, { role: 'staff' });
      expect(demoteSelf.statusCode).toBe(409);
      expect((await ok<StaffAccount[]>('GET', '/editor/staff', admin)).find((a) => a.id === ids.admin)).toMatchObject({ role: 'admin', active: true });
      const promoted = await ok<StaffAccount>('PUT', `/editor/staff/${id}`, admin, { active: true, role: 'admin' });
      expect(promoted).toMatchObject({ active: true, role: 'admin' });
      expect((await call('GET', '/editor/audit', await newSession(id))).statusCode).toBe(200);
      expect((await call('PUT', '/editor/staff/999999', admin, { active: false })).statusCode).toBe(404);
      // Shop staff moved to the editors keep no shops (those belong to the 'shop' role).
      const shopStaff = (await ensureStaffAccount(t().db, 'butikk@staut.no', 'butikkpassord', 'shop', '1')).id; // shop 1: test/support/fixtures.ts
      expect(await t().db.select().from(s.staffShops).where(eq(s.staffShops.customerId, shopStaff))).toHaveLength(1);
      expect(await ok<StaffAccount>('PUT', `/editor/staff/${shopStaff}`, admin, { role: 'staff' })).toMatchObject({ role: 'staff' });
      expect(await t().db.select().from(s.staffShops).where(eq(s.staffShops.customerId, shopStaff))).toHaveLength(0);
      // A customer is no staff account: nothing to change here.
      expect((await call('PUT', `/editor/staff/${t().fixtures.customerId}`, admin, { role: 'staff' })).statusCode).toBe(404);
    });

    it('every write is in the audit log: who, what, when; admins filter it by entity and actor', async () => {
      const created = await ok<EditorBlogPost>('POST', '/editor/blog/posts', editor, post('Revisjon'), 201);
      await ok('PUT', `/editor/blog/posts/${created.id}`, editor2, post('Revisjon', { version: 1 }));
      await ok('POST', `/editor/content/blog-post/${created.id}/status`, editor, { action: 'unpublish', version: 2 });
      const log = await ok<AuditPage>('GET', `/editor/audit?entity=blog-post:${created.id}`, admin);
      expect(log.data.map((e) => [e.actor_name, e.action, e.detail.version])).toEqual([
        ['Kari Nordmann', 'unpublish', 3],
        ['Ola Hansen', 'update', 2],
        ['Kari Nordmann', 'create', 1],
      ]);
      expect(Math.abs(Date.parse(log.data[0]!.created_at) - Date.now())).toBeLessThan(60_000);
      const byOla = await ok<AuditPage>('GET', `/editor/audit?actor=${ids.editor2}`, admin);
      expect(byOla.data.every((e) => e.actor_id === ids.editor2)).toBe(true);
      expect(byOla.data.length).toBeGreaterThan(0);
      const staffLog = await ok<AuditPage>('GET', '/editor/audit?entity=staff', admin);
      expect(staffLog.data.map((e) => e.action)).toEqual(expect.arrayContaining(['invite', 'deactivate']));
      expect((await call('GET', '/editor/audit?entity=../x', admin)).statusCode).toBe(400);
    });
  });

  describe('blog categories', () => {
    it('create, rename, delete moving its posts in one go', async () => {
      const tips = await ok<EditorBlogCategory>('POST', '/editor/blog/categories', editor, { name: 'Tips' }, 201);
      const news = await ok<EditorBlogCategory>('POST', '/editor/blog/categories', editor, { name: 'Nytt' }, 201);
      expect(tips).toMatchObject({ slug: 'tips', name: 'Tips', posts_count: 0 });
      expect((await call('POST', '/editor/blog/categories', editor, { name: 'Tips' })).statusCode).toBe(409);
      const renamed = await ok<EditorBlogCategory>('PUT', `/editor/blog/categories/${tips.id}`, editor, { name: 'Gode tips', slug: 'gode-tips' });
      expect(renamed).toMatchObject({ id: tips.id, slug: 'gode-tips', name: 'Gode tips' });
      const inBoth = await ok<EditorBlogPost>('POST', '/editor/blog/posts', editor, post('I begge', { category_ids: [tips.id, news.id] }), 201);
      const inTips = await ok<EditorBlogPost>('POST', '/editor/blog/posts', editor, post('Bare tips', { category_ids: [tips.id] }), 201);

      const needsTarget = await call('DELETE', `/editor/blog/categories/${tips.id}`, editor);
      expect(needsTarget.statusCode).toBe(400);
      expect(needsTarget.json().message).toBe(EDITOR_ERRORS.categoryMoveNeeded);
      expect((await call('DELETE', `/editor/blog/categories/${tips.id}?move_to=${tips.id}`, editor)).statusCode).toBe(400);
      expect((await call('DELETE', `/editor/blog/categories/${tips.id}?move_to=999999`, editor)).statusCode).toBe(400);
      expect((await call('DELETE', `/editor/blog/categories/${tips.id}?move_to=${news.id}`, editor)).statusCode).toBe(204);
      const links = await t().db.select().from(s.blogPostCategories).where(eq(s.blogPostCategories.categoryId, news.id));
      expect(links.map((l) => l.postId).sort()).toEqual([inBoth.id, inTips.id].sort());
      expect((await ok<EditorBlogCategory[]>('GET', '/editor/blog/categories', editor)).find((c) => c.id === news.id)?.posts_count).toBe(2);
      expect((await call('DELETE', `/editor/blog/categories/${tips.id}`, editor)).statusCode).toBe(404);
    });
  });

  describe('polls and quizzes', () => {
    it('open/close, results with the correct options marked, answers as CSV for Excel', async () => {
      const quiz = await ok<EditorPoll>(
        'POST',
        '/editor/polls',
        editor,
        { name: 'Quiz', active: true, published: true, questions: [{ text: 'Hvilken by, "egentlig"?', options: [{ text: 'Oslo, Norge', correct: true }, { text: '=Bergen', correct: false }] }] },
        201,
      );
      const q = quiz.questions[0]!;
      expect(q.options.map((o) => o.correct)).toEqual([true, false]);
      await ok('POST', `/polls/${quiz.id}/answers`, await newSession(t().fixtures.customerId), { answers: [{ question_id: q.id, option_id: q.options[0]!.id }] }, 201);
      await ok('POST', `/polls/${quiz.id}/answers`, await newSession(ids.editor2), { answers: [{ question_id: q.id, option_id: q.options[1]!.id }] }, 201);

      const results = await ok<PollResults>('GET', `/editor/polls/${quiz.id}/results`, editor);
      expect(results).toEqual({
        poll_id: quiz.id,
        participants: 2,
        questions: [
          {
            question_id: q.id,
            text: 'Hvilken by, "egentlig"?',
            total: 2,
            options: [
              { option_id: q.options[0]!.id, text: 'Oslo, Norge', correct: true, count: 1 },
              { option_id: q.options[1]!.id, text: '=Bergen', correct: false, count: 1 },
            ],
          },
        ],
      });

      const csv = await call('GET', `/editor/polls/${quiz.id}/answers.csv`, editor);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="svar-${quiz.id}.csv"`);
      expect(csv.body.startsWith(CSV_BOM)).toBe(true);
      const lines = csv.body.slice(1).split('\r\n');
      expect(lines[0]).toBe('Tidspunkt,Deltaker,Spørsmål,Svar,Riktig');
      expect(lines.slice(1, 3).map((l) => l.replace(/^[^,]+,[^,]+,/, ''))).toEqual(['"Hvilken by, ""egentlig""?","Oslo, Norge",ja', `"Hvilken by, ""egentlig""?",'=Bergen,nei`]);
      expect(lines[3]).toBe('');

      const closed = await ok<{ active: boolean; version: number }>('POST', `/editor/polls/${quiz.id}/open`, editor, { open: false, version: 1 });
      expect(closed).toEqual({ active: false, version: 2 });
      expect((await call('POST', `/polls/${quiz.id}/answers`, await newSession(ids.admin), { answers: [{ question_id: q.id, option_id: q.options[0]!.id }] })).statusCode).toBe(409);
      expect((await call('POST', `/editor/polls/${quiz.id}/open`, editor, { open: true, version: 1 })).statusCode).toBe(409);
      await ok('POST', `/editor/polls/${quiz.id}/open`, editor, { open: true, version: 2 });
      const [row] = await t().db.select({ active: s.polls.active }).from(s.polls).where(and(eq(s.polls.id, quiz.id)));
      expect(row!.active).toBe(true);
    });
  });
});
