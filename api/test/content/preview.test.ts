/**
 * Previews (issue 23): GET /blog/{slug}, /blog/post/{id}, /polls/{id} and /pages/{slug} with ?forhandsvisning=1
 * answer an editor's or admin's session with the content as last saved, whatever its status, and its status in
 * `preview`; a customer, other staff and anonymous visitors get exactly what they get without the parameter. Preview
 * answers are private, no-store and never go into or come out of the answer cache, in either order of asking; a
 * draft poll takes no answers; a preview page's HTML is private and noindex.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Poll, RawBlogPost, RawStaticPage } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import { ensureStaffAccount } from '../../src/content/staff.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';

const DAY = 86_400_000;
type Headers = Record<string, string>;
const PREVIEW = '?forhandsvisning=1';

describe.each(testDatabaseKinds())('previews of drafts on %s', (kind) => {
  const t = useTestApp(kind);
  const who: Record<'editor' | 'admin' | 'service' | 'customer' | 'anonymous', Headers> = { editor: {}, admin: {}, service: {}, customer: {}, anonymous: {} };
  const ids = { draft: 0, scheduled: 0, unpublished: 0, live: 0, poll: 0 };

  const newSession = async (customerId: number | null): Promise<Headers> => {
    const cookie = randomBytes(24).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    await t().db.insert(s.sessions).values({ id: hashSessionId(cookie), csrfToken: csrf, customerId, expiresAt: new Date(Date.now() + DAY) });
    return { cookie: `sid=${cookie}`, 'x-csrf-token': csrf };
  };
  const get = (url: string, headers: Headers = {}) => t().app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

  beforeAll(async () => {
    const db = t().db;
    who.editor = await newSession((await ensureStaffAccount(db, 'kari.preview@staut.no', 'redaktorpassord')).id);
    who.admin = await newSession((await ensureStaffAccount(db, 'sjef.preview@staut.no', 'adminpassord1', 'admin')).id);
    who.service = await newSession((await ensureStaffAccount(db, 'kundeservice.preview@staut.no', 'kundeservice1', 'customer-service')).id);
    const [customer] = await db.select({ id: s.customers.id }).from(s.customers).where(eq(s.customers.email, 'kari@example.no'));
    who.customer = await newSession(customer!.id);
    who.anonymous = await newSession(null);
    const now = Date.now();
    const rows = await db
      .insert(s.blogPosts)
      .values([
        { slug: 'utkast-vinter', title: 'Utkast: vinterjakker', body: '<p>Ikke ferdig</p>', publishedAt: null },
        { slug: 'planlagt-var', title: 'Planlagt: våren', body: '<p>Snart</p>', publishedAt: new Date(now + DAY) },
        { slug: 'tatt-av', title: 'Tatt av sida', body: '<p>Borte</p>', publishedAt: null, unpublishedAt: new Date(now - DAY) },
        { slug: 'ute-na', title: 'Ute nå', body: '<p>Live</p>', publishedAt: new Date(now - DAY) },
      ])
      .returning({ id: s.blogPosts.id });
    [ids.draft, ids.scheduled, ids.unpublished, ids.live] = rows.map((r) => r.id) as [number, number, number, number];
    const [poll] = await db.insert(s.polls).values({ name: 'Utkast: beste tur', active: true, publishedAt: null }).returning({ id: s.polls.id });
    ids.poll = poll!.id;
    const [question] = await db.insert(s.pollQuestions).values({ pollId: ids.poll, text: 'Fjell eller sjø?' }).returning({ id: s.pollQuestions.id });
    await db.insert(s.pollOptions).values([{ questionId: question!.id, text: 'Fjell', correct: false }, { questionId: question!.id, text: 'Sjø', correct: false }]);
    await db.insert(s.staticPages).values([
      { slug: 'kampanjevilkar', title: 'Kampanjevilkår', body: '<p>Gjelder fra mandag</p>', publishedAt: new Date(now + DAY) },
      { slug: 'om-oss', title: 'Om oss', body: '<p>Grunnlagt i 2012.</p>', publishedAt: new Date(now - DAY) },
    ]).onConflictDoNothing();
  });

  it.each([
    ['a draft', 'utkast-vinter', 'Utkast: vinterjakker', 'draft'],
    ['a scheduled post', 'planlagt-var', 'Planlagt: våren', 'scheduled'],
    ['an unpublished post', 'tatt-av', 'Tatt av sida', 'unpublished'],
  ] as const)('%s: editors and admins see it with its status, privately; customers, other staff and anonymous get the 404', async (_what, slug, title, status) => {
    for (const role of ['editor', 'admin'] as const) {
      const res = await get(`/blog/${slug}${PREVIEW}`, who[role]);
      expect(res.statusCode, role).toBe(200);
      expect(res.headers['cache-control'], role).toBe('private, no-store');
      expect(res.headers['x-cache'], role).toBeUndefined();
      const post = res.json<RawBlogPost>();
      expect(post.title).toBe(title);
      expect(post.preview?.status).toBe(status);
    }
    for (const role of ['customer', 'service', 'anonymous'] as const) {
      const res = await get(`/blog/${slug}${PREVIEW}`, who[role]);
      expect(res.statusCode, role).toBe(404);
      expect(res.headers['cache-control'], role).toBe('private, no-store');
      expect(res.body, role).not.toContain(title);
    }
    // Without the parameter an editor sees what shoppers see.
    expect((await get(`/blog/${slug}`, who.editor)).statusCode).toBe(404);
  });

  it('by id too (GET /blog/post/{id}), for editors only', async () => {
    const editor = await get(`/blog/post/${ids.draft}${PREVIEW}`, who.editor);
    expect(editor.statusCode).toBe(200);
    expect(editor.json<RawBlogPost>().preview).toEqual({ status: 'draft', published_at: null, pending_changes: false });
    expect((await get(`/blog/post/${ids.draft}${PREVIEW}`, who.customer)).statusCode).toBe(404);
  });

  it('a live post: everyone gets it, only the editor with its status; only =1 asks, the answer stays public without it', async () => {
    const editor = await get(`/blog/ute-na${PREVIEW}`, who.editor);
    expect(editor.json<RawBlogPost>().preview?.status).toBe('published');
    const customer = await get(`/blog/ute-na${PREVIEW}`, who.customer);
    expect(customer.statusCode).toBe(200);
    expect(customer.json<RawBlogPost>().preview).toBeUndefined();
    expect(customer.headers['cache-control']).toBe('private, no-store');
    const other = await get('/blog/utkast-vinter?forhandsvisning=0', who.editor);
    expect(other.statusCode).toBe(404);
    const plain = await get('/blog/ute-na', who.anonymous);
    expect(plain.headers['cache-control']).toBe('public, no-cache');
    expect(plain.json<RawBlogPost>().preview).toBeUndefined();
  });

  it('the answer cache never hands a draft to a shopper nor a stored answer to an editor, in either order', async () => {
    // A shopper asks first (a 404, then the live version once published): nothing of it is stored for the editor.
    expect((await get(`/blog/utkast-vinter${PREVIEW}`, who.anonymous)).statusCode).toBe(404);
    expect((await get(`/blog/utkast-vinter${PREVIEW}`, who.editor)).json<RawBlogPost>().title).toBe('Utkast: vinterjakker');
    // The editor asks first, twice (a second ask would be a hit were it stored): the shopper still gets the 404.
    for (let i = 0; i < 2; i += 1) expect((await get(`/blog/planlagt-var${PREVIEW}`, who.editor)).headers['x-cache']).toBeUndefined();
    for (const role of ['anonymous', 'customer'] as const) expect((await get(`/blog/planlagt-var${PREVIEW}`, who[role])).statusCode).toBe(404);
    // A live post asked with the parameter is not stored either, and does not shadow the public answer's entry.
    await get(`/blog/ute-na${PREVIEW}`, who.editor);
    await get(`/blog/ute-na${PREVIEW}`, who.editor);
    expect((await get(`/blog/ute-na${PREVIEW}`, who.anonymous)).headers['x-cache']).toBeUndefined();
    await get('/blog/ute-na');
    expect((await get('/blog/ute-na')).headers['x-cache']).toBe('hit');
    // The same parameter spelled otherwise (encoded, repeated, empty) bypasses the store too.
    for (const query of ['?forh%61ndsvisning=1', '?forhandsvisning=', '?forhandsvisning=1&forhandsvisning=1']) {
      await get(`/blog/ute-na${query}`, who.editor);
      expect((await get(`/blog/ute-na${query}`, who.anonymous)).headers['x-cache'], query).toBeUndefined();
    }
    // On any cacheable route the parameter alone keeps the store out (the route need not know of previews).
    for (let i = 0; i < 2; i += 1) expect((await get(`/categories${PREVIEW}`)).headers['x-cache']).toBeUndefined();
    await get('/categories');
    expect((await get('/categories')).headers['x-cache']).toBe('hit');
    // Every stored key is a public answer's URL.
    const stored = t().app.httpCache.store;
    expect(stored.get(`/api/v1/blog/utkast-vinter${PREVIEW}`)).toBeUndefined();
    expect(stored.get(`/api/v1/blog/planlagt-var${PREVIEW}`)).toBeUndefined();
  });

  it('a draft poll: editors see it with its status; others get the 404; nobody can answer it', async () => {
    const editor = await get(`/polls/${ids.poll}${PREVIEW}`, who.editor);
    expect(editor.statusCode).toBe(200);
    expect(editor.headers['cache-control']).toBe('private, no-store');
    const poll = editor.json<Poll>();
    expect(poll.name).toBe('Utkast: beste tur');
    expect(poll.preview?.status).toBe('draft');
    expect(poll.questions[0]?.options.map((o) => o.text)).toEqual(['Fjell', 'Sjø']);
    expect(JSON.stringify(poll)).not.toContain('correct');
    for (const role of ['customer', 'anonymous'] as const) expect((await get(`/polls/${ids.poll}${PREVIEW}`, who[role])).statusCode, role).toBe(404);
    // Answers go to live polls only, preview or not, whoever sends them.
    const answer = { answers: [{ question_id: poll.questions[0]!.id, option_id: poll.questions[0]!.options[0]!.id }] };
    for (const [role, url] of [['editor', `/polls/${ids.poll}/answers${PREVIEW}`], ['customer', `/polls/${ids.poll}/answers`]] as const) {
      const res = await t().app.inject({ method: 'POST', url: `/api/v1${url}`, headers: who[role], payload: answer });
      expect(res.statusCode, role).toBe(404);
    }
    expect(await t().db.select().from(s.pollAnswers).where(eq(s.pollAnswers.pollId, ids.poll))).toEqual([]);
  });

  it('a scheduled copy page: editors see it as saved; shoppers get the 404 until its instant', async () => {
    const editor = await get(`/pages/kampanjevilkar${PREVIEW}`, who.editor);
    expect(editor.statusCode).toBe(200);
    expect(editor.headers['cache-control']).toBe('private, no-store');
    const page = editor.json<RawStaticPage>();
    expect(page.body).toBe('<p>Gjelder fra mandag</p>');
    expect(page.preview?.status).toBe('scheduled');
    for (const role of ['customer', 'anonymous'] as const) expect((await get(`/pages/kampanjevilkar${PREVIEW}`, who[role])).statusCode, role).toBe(404);
    expect((await get('/pages/kampanjevilkar')).statusCode).toBe(404);
    // A live page's preview is the page (its saved text is what shoppers see; docs/adr/0021).
    const live = await get(`/pages/om-oss${PREVIEW}`, who.editor);
    expect(live.json<RawStaticPage>().preview?.status).toBe('published');
    expect(live.json<RawStaticPage>().body).toBe((await get('/pages/om-oss')).json<RawStaticPage>().body);
  });

  it('a deactivated editor gets what shoppers get', async () => {
    const db = t().db;
    const { id } = await ensureStaffAccount(db, 'gikk.preview@staut.no', 'redaktorpassord');
    const headers = await newSession(id);
    expect((await get(`/blog/utkast-vinter${PREVIEW}`, headers)).statusCode).toBe(200);
    await db.update(s.customers).set({ deactivatedAt: new Date() }).where(eq(s.customers.id, id));
    expect((await get(`/blog/utkast-vinter${PREVIEW}`, headers)).statusCode).toBe(404);
  });

  it('documents the parameter in the OpenAPI description of the three reads', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json<{ paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string }> } }> }>().paths;
    for (const path of ['/api/v1/blog/{slug}', '/api/v1/polls/{id}', '/api/v1/pages/{slug}']) {
      expect(paths[path]?.get?.parameters?.some((p) => p.name === 'forhandsvisning' && p.in === 'query'), path).toBe(true);
    }
  });
});
