/**
 * The staff editor routes (/api/v1/editor/…) beyond content-routes.test.ts: every route behind the staff guard
 * (before any input is looked at), the CSRF token, a role taken away or an account deleted taking effect at once,
 * input validation per route with nothing half-written, and HTML/text sanitising on every write path (updates too).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { EditorBlogPost, Poll, RawBlogPost, RawStaticPage } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import { ensureStaffAccount } from '../../src/content/staff.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';

const DAY = 86_400_000;
type Method = 'GET' | 'POST' | 'PUT';
/** A named call: what it is, method, path (a function: ids exist only once beforeAll ran), body. */
type Case = [string, Method, () => string, unknown];

describe.each(testDatabaseKinds())('editor routes on %s', (kind) => {
  const t = useTestApp(kind);
  const ids = { staff: 0, post: 0, poll: 0 };

  const newSession = async (customerId: number | null = null) => {
    const cookie = randomBytes(24).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    await t().db.insert(s.sessions).values({ id: hashSessionId(cookie), csrfToken: csrf, customerId, expiresAt: new Date(Date.now() + DAY) });
    return { cookie: `sid=${cookie}`, 'x-csrf-token': csrf };
  };
  const call = (method: Method, url: string, headers: Record<string, string>, body?: unknown) =>
    t().app.inject({ method, url: `/api/v1${url}`, headers, ...(body === undefined ? {} : { payload: body as object }) });

  /** Row counts of everything the editor writes, and the page it edits: compared before and after refused calls. */
  const snapshot = async () => {
    const db = t().db;
    const n = async (table: typeof s.blogPosts | typeof s.polls | typeof s.pollQuestions | typeof s.homeLayouts | typeof s.staticPages | typeof s.blogPostArticles) =>
      Number((await db.select({ n: count() }).from(table))[0]!.n);
    const [page] = await db.select().from(s.staticPages).where(eq(s.staticPages.slug, 'om-oss'));
    const [post] = await db.select().from(s.blogPosts).where(eq(s.blogPosts.id, ids.post));
    const [poll] = await db.select().from(s.polls).where(eq(s.polls.id, ids.poll));
    return {
      posts: await n(s.blogPosts),
      postArticles: await n(s.blogPostArticles),
      polls: await n(s.polls),
      questions: await n(s.pollQuestions),
      layouts: await n(s.homeLayouts),
      pages: await n(s.staticPages),
      page: page ? { title: page.title, body: page.body } : null,
      post: post ? { title: post.title, body: post.body, publishedAt: post.publishedAt } : null,
      poll: poll ? { name: poll.name, active: poll.active } : null,
    };
  };

  const validPost = { title: 'Gyldig innlegg', body: '<p>Tekst</p>', published: true };
  const validPoll = { name: 'Gyldig quiz', active: true, questions: [{ text: 'Spørsmål?', options: [{ text: 'Ja', correct: true }, { text: 'Nei', correct: false }] }] };
  /** Every editor route with a body it would accept from staff. */
  const ROUTES: Array<[Method, () => string, unknown]> = [
    ['GET', () => '/editor/session', undefined],
    ['GET', () => '/editor/blog/posts', undefined],
    ['POST', () => '/editor/blog/posts', validPost],
    ['PUT', () => `/editor/blog/posts/${ids.post}`, { ...validPost, title: 'Overskrevet' }],
    ['POST', () => '/editor/polls', validPoll],
    ['PUT', () => `/editor/polls/${ids.poll}`, { name: 'Overskrevet', active: false }],
    ['PUT', () => '/editor/home/kapret', { published: true, slots: { topBanner: { image: '/api/v1/images/banners/x.svg', title: 'Kapret' } } }],
    ['PUT', () => '/editor/pages/om-oss', { title: 'Kapret', body: '<p>Kapret</p>' }],
  ];

  beforeAll(async () => {
    const db = t().db;
    ids.staff = (await ensureStaffAccount(db, 'vakt@staut.no', 'vaktpassord1')).id;
    const [post] = await db.insert(s.blogPosts).values({ slug: 'eksisterende', title: 'Eksisterende', body: '<p>Original</p>', publishedAt: new Date(Date.now() - DAY) }).returning();
    ids.post = post!.id;
    const [poll] = await db.insert(s.polls).values({ name: 'Eksisterende quiz', active: true }).returning();
    ids.poll = poll!.id;
    await db.insert(s.staticPages).values({ slug: 'om-oss', title: 'Om oss', body: '<p>Original</p>' });
  });

  describe('the staff guard', () => {
    const guarded: Case[] = ROUTES.map(([method, url, body]) => [`${method} ${url().replace(/\/\d+$/, '/{id}')}`, method, url, body]);
    it.each(guarded)('%s: 401 without a login, 403 for a customer, nothing written', async (_name, method, url, body) => {
      const before = await snapshot();
      const anonymous = await call(method, url(), await newSession(), body);
      expect(anonymous.statusCode, anonymous.body).toBe(401);
      expect(anonymous.json().message).toBe('Du må logge inn som redaktør for å gjøre dette.');
      const noSession = await call(method, url(), {}, body);
      // Without a session cookie a mutating call fails the CSRF check (419) or the guard (401): never through.
      expect([401, 419]).toContain(noSession.statusCode);
      const customer = await call(method, url(), await newSession(t().fixtures.customerId), body);
      expect(customer.statusCode, customer.body).toBe(403);
      expect(customer.json().message).toBe('Kontoen din har ikke tilgang til redaksjonen.');
      expect(await snapshot()).toEqual(before);
    });

    const beforeInput: Case[] = [
      ['an unknown property', 'POST', () => '/editor/blog/posts', { ...validPost, admin: true }],
      ['a body of the wrong shape', 'POST', () => '/editor/polls', { name: 1 }],
      ['a malformed id', 'PUT', () => '/editor/blog/posts/abc', validPost],
      ['an unknown post', 'PUT', () => '/editor/blog/posts/999999', validPost],
      ['an unknown poll', 'PUT', () => '/editor/polls/999999', { name: 'x', active: true }],
      ['a malformed page slug', 'PUT', () => '/editor/pages/..%2Fetc', { title: 'x', body: '<p>x</p>' }],
    ];
    it.each(beforeInput)('is checked before the input: %s gets 401/403, not a validation answer', async (_name, method, url, body) => {
      expect((await call(method, url(), await newSession(), body)).statusCode).toBe(401);
      expect((await call(method, url(), await newSession(t().fixtures.customerId), body)).statusCode).toBe(403);
    });

    it('mutating calls need the CSRF token, staff included', async () => {
      const staff = await newSession(ids.staff);
      const before = await snapshot();
      for (const [method, url, body] of ROUTES.filter(([m]) => m !== 'GET')) {
        const res = await call(method, url(), { cookie: staff.cookie }, body);
        expect(res.statusCode, `${method} ${url()}`).toBe(419);
        const wrong = await call(method, url(), { cookie: staff.cookie, 'x-csrf-token': 'feil' }, body);
        expect(wrong.statusCode, `${method} ${url()}`).toBe(419);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('taking the role away, or deleting the account, shuts an open session out at once', async () => {
      const { id } = await ensureStaffAccount(t().db, 'midlertidig@staut.no', 'midlertidig1');
      const session = await newSession(id);
      expect((await call('GET', '/editor/session', session)).statusCode).toBe(200);
      await t().db.update(s.customers).set({ role: 'customer' }).where(eq(s.customers.id, id));
      expect((await call('GET', '/editor/blog/posts', session)).statusCode).toBe(403);
      await t().db.update(s.customers).set({ role: 'staff', deletedAt: new Date() }).where(eq(s.customers.id, id));
      expect((await call('GET', '/editor/blog/posts', session)).statusCode).toBe(401);
    });

    it('editor answers are never cached', async () => {
      const res = await call('GET', '/editor/blog/posts', await newSession(ids.staff));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('validation (staff), with nothing half-written', () => {
    const long = (n: number) => 'x'.repeat(n);
    const invalid: Case[] = [
      ['blog: no published flag', 'POST', () => '/editor/blog/posts', { title: 'x', body: '<p>x</p>' }],
      ['blog: an empty title', 'POST', () => '/editor/blog/posts', { ...validPost, title: '' }],
      ['blog: a title that is only markup', 'POST', () => '/editor/blog/posts', { ...validPost, title: '<b></b>' }],
      ['blog: a title over 200 characters', 'POST', () => '/editor/blog/posts', { ...validPost, title: long(201) }],
      ['blog: a slug with capitals and spaces', 'POST', () => '/editor/blog/posts', { ...validPost, slug: 'Ny Post' }],
      ['blog: a slug with a path', 'POST', () => '/editor/blog/posts', { ...validPost, slug: '../admin' }],
      ['blog: an unsafe featured image (data:)', 'POST', () => '/editor/blog/posts', { ...validPost, featured_image: 'data:image/svg+xml,<svg onload=alert(1)>' }],
      ['blog: an insecure featured image (http:)', 'POST', () => '/editor/blog/posts', { ...validPost, featured_image: 'http://cdn.example.no/a.jpg' }],
      ['blog: an unknown main article', 'POST', () => '/editor/blog/posts', { ...validPost, main_article_id: 999999 }],
      ['blog: 25 related articles', 'POST', () => '/editor/blog/posts', { ...validPost, related_article_ids: Array.from({ length: 25 }, (_, i) => i + 1) }],
      ['blog: a negative article id', 'POST', () => '/editor/blog/posts', { ...validPost, related_article_ids: [-1] }],
      ['blog update: a body that is only script', 'PUT', () => `/editor/blog/posts/${ids.post}`, { ...validPost, body: '<script>alert(1)</script>' }],
      ['blog update: id 0', 'PUT', () => '/editor/blog/posts/0', validPost],
      ['poll: one option', 'POST', () => '/editor/polls', { ...validPoll, questions: [{ text: 'x', options: [{ text: 'a', correct: true }] }] }],
      ['poll: 13 options', 'POST', () => '/editor/polls', { ...validPoll, questions: [{ text: 'x', options: Array.from({ length: 13 }, (_, i) => ({ text: `${i}`, correct: i === 0 })) }] }],
      ['poll: options that are only markup', 'POST', () => '/editor/polls', { ...validPoll, questions: [{ text: 'x', options: [{ text: '<i></i>', correct: true }, { text: 'b', correct: false }] }] }],
      ['poll: a question that is only script', 'POST', () => '/editor/polls', { ...validPoll, questions: [{ text: '<script>x</script>', options: validPoll.questions[0]!.options }] }],
      ['poll: an unsafe banner', 'POST', () => '/editor/polls', { ...validPoll, banner_desktop: 'javascript:alert(1)' }],
      ['poll: no questions', 'POST', () => '/editor/polls', { name: 'x', active: true }],
      ['poll: an empty question list', 'POST', () => '/editor/polls', { ...validPoll, questions: [] }],
      ['home: a layout name with a path', 'PUT', () => '/editor/home/..%2Fx', { published: true, slots: {} }],
      ['home: no published flag', 'PUT', () => '/editor/home/ny', { slots: {} }],
      ['page: a body that is only an iframe', 'PUT', () => '/editor/pages/om-oss', { title: 'x', body: '<iframe src="https://evil.example"></iframe>' }],
    ];
    it.each(invalid)('rejects %s with 400 and a message', async (_name, method, url, body) => {
      const staff = await newSession(ids.staff);
      const before = await snapshot();
      const res = await call(method, url(), staff, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(typeof res.json().message).toBe('string');
      expect(await snapshot()).toEqual(before);
    });

    it('unknown properties are dropped (the app-wide ajv removeAdditional), never stored', async () => {
      const staff = await newSession(ids.staff);
      const post = await call('POST', '/editor/blog/posts', staff, { title: 'Med ekstra felt', body: '<p>x</p>', published: false, id: 1, published_at: '2000-01-01T00:00:00Z', author_id: 1 });
      expect(post.statusCode, post.body).toBe(201);
      expect(post.json<EditorBlogPost>()).toMatchObject({ slug: 'med-ekstra-felt', published_at: null });
      expect(post.json<EditorBlogPost>().id).not.toBe(1);
      const page = await call('PUT', '/editor/pages/vilkar', staff, { title: 'Vilkår', body: '<p>x</p>', slug: 'om-oss' });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json<RawStaticPage>().slug).toBe('vilkar');
      const [omOss] = await t().db.select().from(s.staticPages).where(eq(s.staticPages.slug, 'om-oss'));
      expect(omOss!.title).not.toBe('Vilkår');
    });

    it('unknown ids are 404 in Norwegian, even with a slug another post has', async () => {
      const staff = await newSession(ids.staff);
      const post = await call('PUT', '/editor/blog/posts/999999', staff, { ...validPost, slug: 'eksisterende' });
      expect(post.statusCode).toBe(404);
      expect(post.json().message).toBe('Fant ikke innlegget.');
      const poll = await call('PUT', '/editor/polls/999999', staff, { name: 'x', active: true });
      expect(poll.statusCode).toBe(404);
      expect(poll.json().message).toBe('Fant ikke avstemningen.');
    });

    it('a field error names the field', async () => {
      const res = await call('POST', '/editor/blog/posts', await newSession(ids.staff), { ...validPost, related_article_ids: [999998, 999999] });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'related_article_ids', message: 'Ukjent produkt: 999998, 999999' }]);
    });
  });

  describe('sanitising on every write path', () => {
    const PAYLOAD =
      '<p onclick="alert(1)">Trygg <a href="javascript:alert(1)">lenke</a> og <a href="/tekstil" onmouseover="alert(2)">klær</a></p>' +
      '<script>alert(3)</script><img src=x onerror=alert(4)><img src="/api/v1/images/a.svg" onerror="alert(5)" alt="Jakke">' +
      '<svg onload=alert(6)></svg><iframe src="https://evil.example"></iframe><a href="&#106;avascript:alert(7)">x</a>' +
      '<h2 id="location" style="x">Tittel</h2><scr<script>ipt>alert(8)</script>';
    const CLEAN =
      '<p>Trygg <a>lenke</a> og <a href="/tekstil">klær</a></p><img src="/api/v1/images/a.svg" alt="Jakke"><a>x</a><h2>Tittel</h2>ipt&gt;alert(8)';
    const noScript = (html: string) => expect(html.toLowerCase()).not.toMatch(/<script|<iframe|<svg|\son\w+\s*=|javascript:|style=/);

    it('a post written and then changed is clean both times, and so is what the blog serves', async () => {
      const staff = await newSession(ids.staff);
      const created = await call('POST', '/editor/blog/posts', staff, { title: 'Rent <em>innlegg</em>', body: PAYLOAD, published: true });
      expect(created.statusCode, created.body).toBe(201);
      const post = created.json<EditorBlogPost>();
      expect(post.title).toBe('Rent innlegg');
      expect(post.body).toBe(CLEAN);
      noScript((await t().app.inject({ method: 'GET', url: `/api/v1/blog/${post.slug}` })).json<RawBlogPost>().body);

      const changed = await call('PUT', `/editor/blog/posts/${post.id}`, staff, { title: 'Rent innlegg', slug: post.slug, body: `<p>Endret</p>${PAYLOAD}`, published: true, version: post.version });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<EditorBlogPost>().body).toBe(`<p>Endret</p>${CLEAN}`);
      const served = (await t().app.inject({ method: 'GET', url: `/api/v1/blog/${post.slug}` })).json<RawBlogPost>();
      expect(served.body).toBe(`<p>Endret</p>${CLEAN}`);
      noScript(served.body);
      const [row] = await t().db.select().from(s.blogPosts).where(eq(s.blogPosts.id, post.id));
      noScript(row!.body);
    });

    it('poll texts are stored as plain text: no markup in names, descriptions, questions or options', async () => {
      const staff = await newSession(ids.staff);
      const res = await call('POST', '/editor/polls', staff, {
        name: 'Quiz <script>alert(1)</script><b>vinter</b>',
        description: '<img src=x onerror=alert(2)>Vinn <em>gavekort</em>',
        active: true,
        questions: [{ text: '<a href="javascript:alert(3)">Hvor</a> mange?', options: [{ text: '<svg onload=alert(4)></svg>14', correct: true }, { text: '<i>3</i>', correct: false }] }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const poll = res.json<Poll>();
      expect(poll.name).toBe('Quiz vinter');
      expect(poll.description).toBe('Vinn gavekort');
      expect(poll.questions[0]!.text).toBe('Hvor mange?');
      expect(poll.questions[0]!.options.map((o) => o.text)).toEqual(['14', '3']);
      const served = (await t().app.inject({ method: 'GET', url: `/api/v1/polls/${poll.id}` })).body;
      expect(served).not.toMatch(/<|onerror|onload|javascript:/);

      const renamed = await call('PUT', `/editor/polls/${poll.id}`, staff, { name: '<script>x</script>Ny <b>quiz</b>', description: '<p>Ny</p>', active: true, version: 1 });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<Poll>()).toMatchObject({ name: 'Ny quiz', description: 'Ny' });
    });

    it('a static page keeps only the allow-list, its title only text', async () => {
      const staff = await newSession(ids.staff);
      const [current] = await t().db.select({ version: s.staticPages.version }).from(s.staticPages).where(eq(s.staticPages.slug, 'om-oss'));
      const res = await call('PUT', '/editor/pages/om-oss', staff, { title: 'Om <script>x</script><b>oss</b>', body: PAYLOAD, version: current!.version });
      expect(res.statusCode, res.body).toBe(200);
      const page = (await t().app.inject({ method: 'GET', url: '/api/v1/pages/om-oss' })).json<RawStaticPage>();
      expect(page.title).toBe('Om oss');
      expect(page.body).toBe(CLEAN);
    });
  });
});
