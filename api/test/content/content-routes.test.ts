/**
 * Issue 7 content routes on every test database: blog paging and visibility, polls (one answer per participant,
 * scoring), social feed, static pages, home layouts, and the staff editor (401/403, validation, sanitising,
 * changes visible on the next request).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, beforeAll, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type {
  EditorBlogPost,
  PollAnswer,
  PollScore,
  QuestionScore,
  RawBlogCategory,
  RawBlogCategoryPage,
  RawBlogPost,
  RawPaginated,
  RawSettings,
  RawSocialPost,
  RawStaticPage,
  Poll,
} from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { hashSessionId } from '../../src/server/session.js';
import { buildApp, type App } from '../../src/server/app.js';
import { POLL_DEVICE_COOKIE } from '../../src/content/pollDevice.js';
import { ANONYMOUS_ANSWER_LIMIT, POLL_TEXTS } from '../../src/content/polls.js';
import { prizeDrawTexts } from '@shop/contracts/texts';
import { ensureStaffAccount } from '../../src/content/staff.js';
import { sanitizeHtml } from '../../src/content/sanitize.js';
import { EDITOR_ERRORS } from '../../src/content/texts.js';
import { seedStaticPages, STATIC_PAGES } from '../../src/seed/pages.js';
import { HIDDEN_ARTICLE } from '../support/fixtures.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { NEEDS_REDIS, testRedisUrl } from '../support/services.js';

const DAY = 86_400_000;

/** The whole Set-Cookie line of one cookie, or undefined. */
const setCookie = (headers: Record<string, unknown>, name: string): string | undefined => {
  const raw = headers['set-cookie'];
  const list = (Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []) as string[];
  return list.find((c) => c.startsWith(`${name}=`));
};

describe.each(testDatabaseKinds())('content routes on %s', (kind) => {
  const t = useTestApp(kind);
  const ids = { poll: 0, closedPoll: 0, q1: 0, q2: 0, o1a: 0, o1b: 0, o2a: 0, o2b: 0, staff: 0 };

  /** A session row made directly (as if the shop page had been served): returns the headers to send. */
  const newSession = async (customerId: number | null = null) => {
    const cookie = randomBytes(24).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    await t().db.insert(s.sessions).values({ id: hashSessionId(cookie), csrfToken: csrf, customerId, expiresAt: new Date(Date.now() + DAY) });
    return { cookie: `sid=${cookie}`, 'x-csrf-token': csrf };
  };
  const get = (url: string, headers: Record<string, string> = {}) => t().app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const ok = async <T>(url: string, headers: Record<string, string> = {}) => {
    const res = await get(url, headers);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  /**
   * A write as the browser whose cookies `headers` holds: a poll device cookie the answer sets is kept in
   * `headers.cookie` (as a browser keeps it), so the next call from these headers is the same device.
   */
  const send = async (method: 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string>, remoteAddress = '127.0.0.1') => {
    const res = await t().app.inject({ method, url: `/api/v1${url}`, payload: body as object, headers, remoteAddress });
    const device = setCookie(res.headers, POLL_DEVICE_COOKIE);
    if (device) headers.cookie = [...(headers.cookie ?? '').split('; ').filter((c) => c && !c.startsWith(`${POLL_DEVICE_COOKIE}=`)), device.split(';')[0]].join('; ');
    return res;
  };

  beforeAll(async () => {
    const db = t().db;
    const now = Date.now();
    await db.insert(s.blogCategories).values([
      { id: 1, slug: 'tips-og-rad', name: 'Tips og råd' },
      { id: 2, slug: 'nyheter', name: 'Nyheter' },
    ]);
    const posts = [1, 2, 3, 4, 5].map((n) => ({
      id: n,
      slug: `innlegg-${n}`,
      title: `Innlegg ${n}`,
      body: `<p>Tekst ${n}</p>`,
      mainArticleId: n === 1 ? 101 : null,
      publishedAt: new Date(now - n * DAY),
    }));
    await db.insert(s.blogPosts).values([
      ...posts,
      { id: 6, slug: 'utkast', title: 'Utkast', body: '<p>Ikke publisert</p>', publishedAt: null },
      { id: 7, slug: 'fremtidig', title: 'Fremtidig', body: '<p>Senere</p>', publishedAt: new Date(now + DAY) },
    ]);
    // Explicit ids above: move the identity sequences past them, as the seed does.
    await db.execute(sql`select setval(pg_get_serial_sequence('blog_posts', 'id'), 100), setval(pg_get_serial_sequence('blog_categories', 'id'), 100)`);
    await db.insert(s.blogPostCategories).values([
      { postId: 1, categoryId: 1 },
      { postId: 2, categoryId: 1 },
      { postId: 3, categoryId: 2 },
      { postId: 6, categoryId: 1 },
    ]);
    await db.insert(s.blogPostArticles).values([
      { postId: 1, articleId: 103, sort: 1 },
      { postId: 1, articleId: HIDDEN_ARTICLE.id, sort: 2 },
      { postId: 1, articleId: 102, sort: 3 },
    ]);

    const [poll] = await db.insert(s.polls).values({ name: 'Quiz', description: 'Test', active: true }).returning();
    const [closed] = await db.insert(s.polls).values({ name: 'Avsluttet', active: false }).returning();
    const [q1, q2] = await db
      .insert(s.pollQuestions)
      .values([
        { pollId: poll!.id, text: 'Grunnlagt?', sort: 1 },
        { pollId: poll!.id, text: 'Garanti?', sort: 2 },
      ])
      .returning();
    const opts = await db
      .insert(s.pollOptions)
      .values([
        { questionId: q1!.id, text: '2012', correct: true, sort: 1 },
        { questionId: q1!.id, text: '2008', sort: 2 },
        { questionId: q2!.id, text: '2 år', sort: 1 },
        { questionId: q2!.id, text: '5 år', correct: true, sort: 2 },
      ])
      .returning();
    Object.assign(ids, {
      poll: poll!.id, closedPoll: closed!.id, q1: q1!.id, q2: q2!.id,
      o1a: opts[0]!.id, o1b: opts[1]!.id, o2a: opts[2]!.id, o2b: opts[3]!.id,
    });
    await db.insert(s.socialPosts).values([
      { message: 'Eldre', image: '/api/v1/images/banners/a.svg', url: '/a', postedAt: new Date(now - 3 * DAY) },
      { message: 'Nyeste', image: null, url: null, postedAt: new Date(now - DAY) },
    ]);
    await db.insert(s.homeLayouts).values({ name: 'vinter', published: false, slots: { topBanner: { image: '/api/v1/images/banners/vinter.svg', title: 'Vinterutkast' } } });
    ids.staff = (await ensureStaffAccount(db, 'Redaktor@Staut.no', 'hemmelig123')).id;
  });

  describe('blog', () => {
    it('pages published posts newest first; meta.total counts published posts only', async () => {
      const first = await ok<RawPaginated<RawBlogPost>>('/blog/posts?per_page=2');
      expect(first.data.map((p) => p.slug)).toEqual(['innlegg-1', 'innlegg-2']);
      expect(first.meta).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
      const last = await ok<RawPaginated<RawBlogPost>>('/blog/posts?per_page=2&page=3');
      expect(last.data.map((p) => p.slug)).toEqual(['innlegg-5']);
      const beyond = await ok<RawPaginated<RawBlogPost>>('/blog/posts?per_page=2&page=9');
      expect(beyond.data).toEqual([]);
      const all = await ok<RawPaginated<RawBlogPost>>('/blog/posts');
      expect(all.meta.per_page).toBe(12);
      expect(all.data.map((p) => p.slug)).not.toContain('utkast');
      expect(all.data.map((p) => p.slug)).not.toContain('fremtidig');
    });

    it.each([
      ['/blog/posts?page=0', 400],
      ['/blog/posts?per_page=1000', 400],
      ['/blog/posts?page=abc', 400],
      ['/blog/utkast', 404],
      ['/blog/fremtidig', 404],
      ['/blog/finnes-ikke', 404],
      ['/blog/post/6', 404],
      ['/blog/post/0', 400],
      ['/blog/category/finnes-ikke', 404],
    ])('%s → %i', async (url, code) => {
      expect((await get(url)).statusCode).toBe(code);
    });

    it('serves a post by slug and by id with its main and related articles (visible ones only) and categories', async () => {
      const post = await ok<RawBlogPost>('/blog/innlegg-1');
      expect(post.main_article?.ArticleID).toBe(101);
      expect(post.related_articles.map((a) => a.ArticleID)).toEqual([103, 102]);
      expect(post.categories).toEqual([{ id: 1, slug: 'tips-og-rad', name: 'Tips og råd', posts_count: 2 }]);
      expect(await ok<RawBlogPost>(`/blog/post/${post.id}`)).toEqual(post);
    });

    it('lists categories with published post counts and a category page', async () => {
      expect(await ok<RawBlogCategory[]>('/blog/categories')).toEqual([
        { id: 1, slug: 'tips-og-rad', name: 'Tips og råd', posts_count: 2 },
        { id: 2, slug: 'nyheter', name: 'Nyheter', posts_count: 1 },
      ]);
      const page = await ok<RawBlogCategoryPage>('/blog/category/tips-og-rad?per_page=1');
      expect(page.category.slug).toBe('tips-og-rad');
      expect(page.posts.meta).toEqual({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
      expect(page.posts.data.map((p) => p.slug)).toEqual(['innlegg-1']);
    });
  });

  describe('polls', () => {
    it('lists active polls without revealing the correct options', async () => {
      const active = await ok<Poll[]>('/polls/active');
      expect(active.map((p) => p.id)).toEqual([ids.poll]);
      expect(active[0]!.questions.map((q) => q.options.length)).toEqual([2, 2]);
      expect(JSON.stringify(active)).not.toContain('correct');
      expect(active[0]!.active).toBe(true);
      // A closed poll is still shown (with its results), and says it is closed.
      expect(await ok<Poll>(`/polls/${ids.closedPoll}`)).toMatchObject({ name: 'Avsluttet', active: false });
      expect((await get('/polls/99999')).statusCode).toBe(404);
    });

    it('a visitor without a session has no answers and score 0', async () => {
      expect(await ok<PollAnswer[]>(`/polls/${ids.poll}/answers`)).toEqual([]);
      expect(await ok<PollScore>(`/polls/${ids.poll}/score`)).toEqual({ poll_id: ids.poll, score: 0, total: 2 });
    });

    it('one answer per question per session: correctness, score, repeat 409 in Norwegian', async () => {
      const h = await newSession();
      const first = await send('POST', `/polls/${ids.poll}/answers`, { answers: [{ question_id: ids.q1, option_id: ids.o1a }] }, h);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toEqual([{ question_id: ids.q1, option_id: ids.o1a, correct: true }]);

      const repeat = await send('POST', `/polls/${ids.poll}/answers`, { answers: [{ question_id: ids.q1, option_id: ids.o1b }] }, h);
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json().message).toBe('Du har allerede svart på dette spørsmålet.');

      const second = await send('POST', `/polls/${ids.poll}/answers`, { answers: [{ question_id: ids.q2, option_id: ids.o2a }] }, h);
      expect(second.statusCode).toBe(201);
      expect(await ok<PollAnswer[]>(`/polls/${ids.poll}/answers`, h)).toEqual([
        { question_id: ids.q1, option_id: ids.o1a, correct: true },
        { question_id: ids.q2, option_id: ids.o2a, correct: false },
      ]);
      expect(await ok<PollScore>(`/polls/${ids.poll}/score`, h)).toEqual({ poll_id: ids.poll, score: 1, total: 2 });
      expect(await ok<PollAnswer[]>(`/polls/questions/${ids.q2}/answers`, h)).toEqual([{ question_id: ids.q2, option_id: ids.o2a, correct: false }]);
    });

    it('a logged-in customer is one participant across sessions', async () => {
      const customerId = t().fixtures.customerId;
      const a = await newSession(customerId);
      const b = await newSession(customerId);
      expect((await send('POST', `/polls/${ids.poll}/answers`, { answers: [{ question_id: ids.q2, option_id: ids.o2b }] }, a)).statusCode).toBe(201);
      const again = await send('POST', `/polls/${ids.poll}/answers`, { answers: [{ question_id: ids.q2, option_id: ids.o2b }] }, b);
      expect(again.statusCode).toBe(409);
      expect(await ok<PollScore>(`/polls/${ids.poll}/score`, b)).toEqual({ poll_id: ids.poll, score: 1, total: 2 });
    });

    it('counts the choices per option', async () => {
      const score = await ok<QuestionScore>(`/polls/questions/${ids.q2}/score`);
      expect(score).toEqual({ question_id: ids.q2, options: [{ option_id: ids.o2a, count: 1 }, { option_id: ids.o2b, count: 1 }], total: 2 });
      expect((await get('/polls/questions/99999/score')).statusCode).toBe(404);
    });

    it.each([
      ['an option of another question', () => ({ answers: [{ question_id: ids.q1, option_id: ids.o2a }] }), 400],
      ['an unknown question', () => ({ answers: [{ question_id: 99999, option_id: ids.o1a }] }), 400],
      ['two answers to one question', () => ({ answers: [{ question_id: ids.q1, option_id: ids.o1a }, { question_id: ids.q1, option_id: ids.o1b }] }), 400],
      ['no answers', () => ({ answers: [] }), 400],
      ['a malformed body', () => ({ answer: 1 }), 400],
    ])('rejects %s with %s and keeps nothing', async (_name, body, code) => {
      const h = await newSession();
      const res = await send('POST', `/polls/${ids.poll}/answers`, body(), h);
      expect(res.statusCode, res.body).toBe(code);
      expect(await ok<PollAnswer[]>(`/polls/${ids.poll}/answers`, h)).toEqual([]);
    });

    it('refuses answers to a closed poll and needs the CSRF token', async () => {
      const h = await newSession();
      expect((await send('POST', `/polls/${ids.closedPoll}/answers`, { answers: [{ question_id: ids.q1, option_id: ids.o1a }] }, h)).statusCode).toBe(409);
      expect((await send('POST', `/polls/${ids.poll}/answers`, { answers: [{ question_id: ids.q1, option_id: ids.o1a }] }, { cookie: h.cookie })).statusCode).toBe(419);
    });
  });

  describe('polls: who is one voter', () => {
    /** An open poll with one question of two options (each test its own, so counts start at zero). */
    const makePoll = async (prizeDraw = false) => {
      const [poll] = await t().db.insert(s.polls).values({ name: `Avstemning ${randomBytes(3).toString('hex')}`, active: true, prizeDraw }).returning();
      const [question] = await t().db.insert(s.pollQuestions).values({ pollId: poll!.id, text: 'Favorittsport?', sort: 1 }).returning();
      const [yes, no] = await t()
        .db.insert(s.pollOptions)
        .values([
          { questionId: question!.id, text: 'Ski', correct: true, sort: 1 },
          { questionId: question!.id, text: 'Fotball', sort: 2 },
        ])
        .returning();
      const answer = (option = yes!.id) => ({ answers: [{ question_id: question!.id, option_id: option }] });
      const votes = async () => (await ok<QuestionScore>(`/polls/questions/${question!.id}/score`)).total;
      const stored = async () => t().db.select().from(s.pollAnswers).where(eq(s.pollAnswers.pollId, poll!.id));
      return { id: poll!.id, questionId: question!.id, yes: yes!.id, no: no!.id, answer, votes, stored };
    };
    /** A fresh session (as a new tab or a cleared session cookie would get) that carries the given device cookie. */
    const freshSessionOn = async (device: string | undefined, customerId: number | null = null) => {
      const h = await newSession(customerId);
      if (device) h.cookie = `${h.cookie}; ${device}`;
      return h;
    };
    const deviceOf = (h: Record<string, string>) => h.cookie!.split('; ').find((c) => c.startsWith(`${POLL_DEVICE_COOKIE}=`));

    it('the first anonymous answer sets the device cookie: HttpOnly, SameSite=Lax, a year, poll routes only', async () => {
      const poll = await makePoll();
      const h = await newSession();
      const res = await send('POST', `/polls/${poll.id}/answers`, poll.answer(), h, '10.1.0.1');
      expect(res.statusCode, res.body).toBe(201);
      const cookie = setCookie(res.headers, POLL_DEVICE_COOKIE)!;
      expect(cookie).toMatch(/^poll_device=[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Path=\/api\/v1\/polls(;|$)/);
      expect(cookie).not.toMatch(/; Secure/i);
      const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]!);
      expect(expires - Date.now()).toBeGreaterThan(360 * DAY);
      // The table keeps the cookie's hash, never the cookie.
      const [row] = await poll.stored();
      expect(row!.participant).toMatch(/^device:[0-9a-f]{64}$/);
      expect(row!.participant).not.toContain(cookie.split(';')[0]!.split('=')[1]);
      // A device that has its cookie gets no new one.
      const again = await send('POST', `/polls/${poll.id}/answers`, poll.answer(), h, '10.1.0.1');
      expect(again.statusCode).toBe(409);
      expect(setCookie(again.headers, POLL_DEVICE_COOKIE)).toBeUndefined();
    });

    it('25 fresh sessions with one device cookie cast one vote', async () => {
      const poll = await makePoll();
      const first = await newSession();
      expect((await send('POST', `/polls/${poll.id}/answers`, poll.answer(), first, '10.2.0.1')).statusCode).toBe(201);
      const device = deviceOf(first);
      for (let i = 1; i < 25; i++) {
        const h = await freshSessionOn(device);
        const res = await send('POST', `/polls/${poll.id}/answers`, poll.answer(i % 2 ? poll.no : poll.yes), h, '10.2.0.1');
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toBe(POLL_TEXTS.alreadyAnswered);
        // Every session of the device sees the device's answer.
        expect(await ok<PollAnswer[]>(`/polls/${poll.id}/answers`, h)).toEqual([{ question_id: poll.questionId, option_id: poll.yes, correct: true }]);
      }
      expect(await poll.votes()).toBe(1);
    });

    it(`fresh sessions without cookies from one client address are capped at ${ANONYMOUS_ANSWER_LIMIT.perAddress} anonymous answers (429 in Norwegian)`, async () => {
      const poll = await makePoll();
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await send('POST', `/polls/${poll.id}/answers`, poll.answer(), await newSession(), '10.3.0.1');
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().message).toBe('Det er sendt inn mange svar fra nettverket ditt den siste timen. Logg inn for å svare, eller prøv igjen senere.');
      }
      const limit = ANONYMOUS_ANSWER_LIMIT.perAddress;
      expect(statuses).toEqual([...Array(limit).fill(201), ...Array(25 - limit).fill(429)]);
      expect(await poll.votes()).toBe(limit);
      // A forged (well-formed, never issued) device cookie does not get round the cap.
      const forged = await freshSessionOn(`${POLL_DEVICE_COOKIE}=${randomBytes(32).toString('base64url')}`);
      expect((await send('POST', `/polls/${poll.id}/answers`, poll.answer(), forged, '10.3.0.1')).statusCode).toBe(429);
      // Another address is not affected, and a logged-in customer on the capped address still answers (once).
      expect((await send('POST', `/polls/${poll.id}/answers`, poll.answer(), await newSession(), '10.3.0.2')).statusCode).toBe(201);
      const customer = await newSession(t().fixtures.customerId);
      expect((await send('POST', `/polls/${poll.id}/answers`, poll.answer(), customer, '10.3.0.1')).statusCode).toBe(201);
      expect(await poll.votes()).toBe(limit + 2);
    });

    it("a logged-in customer answers once, whatever the device; a device's anonymous answer stays the device's", async () => {
      const poll = await makePoll();
      const customerId = t().fixtures.customerId;
      // On a laptop that had answered anonymously before logging in: the customer may still answer, once.
      const laptop = await newSession();
      expect((await send('POST', `/polls/${poll.id}/answers`, poll.answer(), laptop, '10.4.0.1')).statusCode).toBe(201);
      const loggedIn = await freshSessionOn(deviceOf(laptop), customerId);
      expect(await ok<PollAnswer[]>(`/polls/${poll.id}/answers`, loggedIn)).toEqual([]);
      expect((await send('POST', `/polls/${poll.id}/answers`, poll.answer(poll.no), loggedIn, '10.4.0.1')).statusCode).toBe(201);
      // The phone: another device, another address, another session: the same customer.
      const phone = await freshSessionOn(`${POLL_DEVICE_COOKIE}=${randomBytes(32).toString('base64url')}`, customerId);
      const repeat = await send('POST', `/polls/${poll.id}/answers`, poll.answer(), phone, '10.4.0.2');
      expect(repeat.statusCode).toBe(409);
      expect(await ok<PollAnswer[]>(`/polls/${poll.id}/answers`, phone)).toEqual([{ question_id: poll.questionId, option_id: poll.no, correct: false }]);
      // Logged out again, the laptop is the device it was.
      const loggedOut = await freshSessionOn(deviceOf(laptop));
      expect(await ok<PollAnswer[]>(`/polls/${poll.id}/answers`, loggedOut)).toEqual([{ question_id: poll.questionId, option_id: poll.yes, correct: true }]);
      expect((await poll.stored()).map((a) => a.participant.split(':')[0]).sort()).toEqual(['customer', 'device']);
      expect(await poll.votes()).toBe(2);
    });

    it('a quiz with a prize draw takes answers from logged-in customers only (401 in Norwegian)', async () => {
      const poll = await makePoll(true);
      expect(await ok<Poll>(`/polls/${poll.id}`)).toMatchObject({ prize_draw: true });
      expect((await ok<Poll[]>('/polls/active')).find((p) => p.id === poll.id)).toMatchObject({ prize_draw: true });
      expect(await ok<Poll>(`/polls/${ids.poll}`)).toMatchObject({ prize_draw: false });
      const visitor = await newSession();
      const refused = await send('POST', `/polls/${poll.id}/answers`, poll.answer(), visitor, '10.5.0.1');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(prizeDrawTexts.loginRequired);
      expect(refused.json().message).toBe('Denne quizen har premietrekning, så du må være logget inn for å delta.');
      expect(setCookie(refused.headers, POLL_DEVICE_COOKIE)).toBeUndefined();
      expect(await poll.stored()).toEqual([]);
      const customer = await newSession(t().fixtures.customerId);
      const entered = await send('POST', `/polls/${poll.id}/answers`, poll.answer(), customer, '10.5.0.1');
      expect(entered.statusCode, entered.body).toBe(201);
      expect((await send('POST', `/polls/${poll.id}/answers`, poll.answer(), customer, '10.5.0.1')).statusCode).toBe(409);
      expect((await poll.stored()).map((a) => a.participant)).toEqual([`customer:${t().fixtures.customerId}`]);
    });

    it('two tabs of one device answering at the same moment: one vote, the other a 409', async () => {
      const poll = await makePoll();
      const device = `${POLL_DEVICE_COOKIE}=${randomBytes(32).toString('base64url')}`;
      const tabs = await Promise.all([freshSessionOn(device), freshSessionOn(device)]);
      const results = await Promise.all(tabs.map((h) => send('POST', `/polls/${poll.id}/answers`, poll.answer(), h, '10.6.0.1')));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await poll.votes()).toBe(1);
    });
  });

  describe('social feed, pages and home layouts', () => {
    it('GET /fb/getPosts: newest first in the Instagram field names', async () => {
      const posts = await ok<RawSocialPost[]>('/fb/getPosts');
      expect(posts.map((p) => p.caption)).toEqual(['Nyeste', 'Eldre']);
      expect(posts[0]).toMatchObject({ media_type: 'IMAGE', permalink: '/' });
      expect(posts[1]).toMatchObject({ media_url: '/api/v1/images/banners/a.svg', permalink: '/a' });
    });

    it('seeds the static copy idempotently, never overwriting an edit, in HTML the sanitiser keeps as is', async () => {
      await seedStaticPages(t().db);
      await t().db.update(s.staticPages).set({ title: 'Endret' }).where(eq(s.staticPages.slug, 'om-oss'));
      await seedStaticPages(t().db);
      expect((await ok<RawStaticPage>('/pages/om-oss')).title).toBe('Endret');
      const rows = await t().db.select().from(s.staticPages);
      expect(rows.length).toBe(STATIC_PAGES.length);
      for (const page of STATIC_PAGES) expect(sanitizeHtml(page.body), page.slug).toBe(page.body);
      const about = await ok<RawStaticPage>('/pages/om-staut');
      expect(about.body).toContain('15 000 mm vannsøyle');
      expect((await ok<RawStaticPage>('/pages/kundeservice')).body).toMatch(/id="retur".*id="reklamasjon"/s);
      expect((await get('/pages/finnes-ikke')).statusCode).toBe(404);
      expect((await get('/pages/..%2Fx')).statusCode).toBe(400);
    });

    it('documents the content and editor routes at /api/docs', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/api/docs/json' });
      const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
      for (const path of ['/api/v1/blog/posts', '/api/v1/blog/{slug}', '/api/v1/polls/{id}/answers', '/api/v1/fb/getPosts', '/api/v1/pages/{slug}', '/api/v1/home/{name}', '/api/v1/editor/blog/posts', '/api/v1/editor/polls/{id}', '/api/v1/editor/images', '/api/v1/editor/images/{id}', '/api/v1/images/uploads/{id}/{file}']) {
        expect(paths, path).toContain(path);
      }
    });

    it('GET /home is the published layout; GET /home/{name} answers a live layout to anyone and a draft to staff only', async () => {
      expect((await ok<RawSettings>('/home')).TopBanner?.Image).toBe('/api/v1/images/banners/vinter.svg');
      // A draft (the campaign before its weekend): staff see it, shoppers and customers get the same 404 as for a
      // name that does not exist; no answer is kept by a shared cache.
      const staff = await newSession(ids.staff);
      const draft = await get('/home/vinter', staff);
      expect(draft.statusCode).toBe(200);
      expect(draft.json<RawSettings>().TopBanner?.Title).toBe('Vinterutkast');
      expect(draft.headers['cache-control']).toBe('private, no-store');
      for (const [who, headers] of [['anonymous', {}], ['a session without a login', await newSession()]] as const) {
        const refused = await get('/home/vinter', headers);
        expect(refused.statusCode, who).toBe(404);
        expect(refused.json<{ message: string }>().message, who).toBe('Fant ikke denne forsideversjonen.');
        expect(refused.headers['cache-control'], who).toBe('private, no-store');
      }
      expect((await get('/home/finnes-ikke', staff)).statusCode).toBe(404);
      // Live by schedule: anyone reads it by name while it runs, and nobody but staff once it has ended.
      const hour = 3_600_000;
      await t().db.insert(s.homeLayouts).values([
        { name: 'helg-na', published: true, publishFrom: new Date(Date.now() - hour), publishUntil: new Date(Date.now() + hour), slots: { topBanner: { image: '/api/v1/images/banners/a.svg', title: 'Helg nå' } } },
        { name: 'helg-forbi', published: true, publishFrom: new Date(Date.now() - 2 * hour), publishUntil: new Date(Date.now() - hour), slots: { topBanner: { image: '/api/v1/images/banners/a.svg', title: 'Forbi' } } },
      ]);
      try {
        expect((await ok<RawSettings>('/home/helg-na')).TopBanner?.Title).toBe('Helg nå');
        expect((await get('/home/helg-forbi')).statusCode).toBe(404);
        expect((await ok<RawSettings>('/home/helg-forbi', staff)).TopBanner?.Title).toBe('Forbi');
      } finally {
        await t().db.delete(s.homeLayouts).where(inArray(s.homeLayouts.name, ['helg-na', 'helg-forbi']));
      }
    });
  });

  describe('editor', () => {
    const post = { title: 'Nytt fra redaksjonen', body: '<p>Hei</p>', published: true };

    it('401 without a login, 403 for a customer, 200 for staff', async () => {
      expect((await get('/editor/session')).statusCode).toBe(401);
      const anonymous = await newSession();
      expect((await send('POST', '/editor/blog/posts', post, anonymous)).statusCode).toBe(401);
      const customer = await newSession(t().fixtures.customerId);
      const forbidden = await send('POST', '/editor/blog/posts', post, customer);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe('Kontoen din har ikke tilgang til redaksjonen.');
      expect((await send('PUT', '/editor/pages/om-oss', { title: 'x', body: '<p>x</p>' }, customer)).statusCode).toBe(403);
      const staff = await newSession(ids.staff);
      expect(await ok('/editor/session', staff)).toEqual({ id: ids.staff, email: 'redaktor@staut.no', name: 'Redaksjon Staut', role: 'staff' });
    });

    it('publishes a sanitised post that shows on the next request; drafts and unpublishing hide it', async () => {
      const staff = await newSession(ids.staff);
      const created = await send(
        'POST',
        '/editor/blog/posts',
        {
          title: 'Vinter <script>alert(1)</script>nyheter',
          body: '<p onclick="alert(1)">Ny <a href="javascript:alert(1)">lenke</a></p><script>alert(2)</script><img src=x onerror=alert(3)>',
          main_article_id: 102,
          related_article_ids: [101, 103],
          category_ids: [2],
          published: true,
        },
        staff,
      );
      expect(created.statusCode, created.body).toBe(201);
      const saved = created.json<EditorBlogPost>();
      expect(saved).toMatchObject({ title: 'Vinter nyheter', slug: 'vinter-nyheter', body: '<p>Ny <a>lenke</a></p>', category_ids: [2], related_article_ids: [101, 103] });
      const live = await ok<RawBlogPost>('/blog/vinter-nyheter');
      expect(live.body).not.toMatch(/script|onerror|onclick|javascript/);
      expect(live.main_article?.ArticleID).toBe(102);
      expect((await ok<RawPaginated<RawBlogPost>>('/blog/posts?per_page=1')).data[0]!.slug).toBe('vinter-nyheter');

      const unpublished = await send('PUT', `/editor/blog/posts/${saved.id}`, { title: 'Vinter nyheter', body: '<p>Endret</p>', published: false, version: saved.version }, staff);
      expect(unpublished.statusCode, unpublished.body).toBe(200);
      expect((await get('/blog/vinter-nyheter')).statusCode).toBe(404);
      const drafts = await ok<EditorBlogPost[]>('/editor/blog/posts', staff);
      expect(drafts.find((d) => d.id === saved.id)?.published_at).toBeNull();
    });

    it.each([
      ['a duplicate slug', { ...post, slug: 'innlegg-1' }, 409],
      ['a reserved slug', { ...post, slug: 'posts' }, 400],
      ['an unknown article', { ...post, related_article_ids: [99999] }, 400],
      ['an unknown category', { ...post, category_ids: [99] }, 400],
      ['a body that is only script', { ...post, body: '<script>alert(1)</script>' }, 400],
      ['an unsafe featured image', { ...post, featured_image: 'javascript:alert(1)' }, 400],
      ['a missing title', { body: '<p>x</p>', published: true }, 400],
    ])('rejects %s (%s)', async (_name, body, code) => {
      const staff = await newSession(ids.staff);
      const res = await send('POST', '/editor/blog/posts', body, staff);
      expect(res.statusCode, res.body).toBe(code);
    });

    it('marks a quiz as a prize draw: customers only from then on; kept when an update leaves it out', async () => {
      const staff = await newSession(ids.staff);
      const quiz = { name: 'Premiequiz', active: true, published: true, questions: [{ text: 'Hvor mange butikker?', options: [{ text: '14', correct: true }, { text: '3', correct: false }] }] };
      const res = await send('POST', '/editor/polls', { ...quiz, prize_draw: true }, staff);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<Poll>();
      expect(created.prize_draw).toBe(true);
      const answer = { answers: [{ question_id: created.questions[0]!.id, option_id: created.questions[0]!.options[0]!.id }] };
      expect((await send('POST', `/polls/${created.id}/answers`, answer, await newSession(), '10.7.0.1')).statusCode).toBe(401);
      const renamed = await send('PUT', `/editor/polls/${created.id}`, { name: 'Premiequiz 2', active: true, version: 1 }, staff);
      expect(renamed.json<Poll>().prize_draw).toBe(true);
      const plain = await send('PUT', `/editor/polls/${created.id}`, { name: 'Premiequiz 2', active: true, prize_draw: false, version: 2 }, staff);
      expect(plain.json<Poll>().prize_draw).toBe(false);
      expect((await send('POST', `/polls/${created.id}/answers`, answer, await newSession(), '10.7.0.1')).statusCode).toBe(201);
      expect((await send('POST', '/editor/polls', { ...quiz, prize_draw: 'ja' }, staff)).statusCode).toBe(400);
      // Without the flag a new poll is no prize draw.
      expect((await send('POST', '/editor/polls', quiz, staff)).json<Poll>().prize_draw).toBe(false);
    });

    it('a new poll is a draft that nobody outside sees or answers, unless published with the save', async () => {
      const staff = await newSession(ids.staff);
      const input = { name: 'Utkast til quiz', active: true, questions: [{ text: 'Hvor mange butikker?', options: [{ text: '14', correct: true }, { text: '3', correct: false }] }] };
      const draft = (await send('POST', '/editor/polls', input, staff)).json<Poll>();
      expect((await get(`/polls/${draft.id}`)).statusCode).toBe(404);
      expect((await ok<Poll[]>('/polls/active')).map((p) => p.id)).not.toContain(draft.id);
      const q = draft.questions[0]!;
      const refused = await send('POST', `/polls/${draft.id}/answers`, { answers: [{ question_id: q.id, option_id: q.options[0]!.id }] }, await newSession(), '10.7.0.2');
      expect(refused.statusCode).toBe(404);
      // Nor its questions' scores or answers (issue 33: a draft's question scores were public).
      for (const path of [`/polls/questions/${q.id}/score`, `/polls/questions/${q.id}/answers`]) {
        const res = await get(path);
        expect([res.statusCode, res.json().message], path).toEqual([404, POLL_TEXTS.questionNotFound]);
      }
      // `published` counts on create only; the status call publishes later (workspace.test.ts).
      const live = (await send('POST', '/editor/polls', { ...input, published: true }, staff)).json<Poll>();
      expect((await ok<Poll>(`/polls/${live.id}`)).quiz).toBe(true);
    });

    it('creates a poll that answers at once when published with the save; questions lock after the first answer', async () => {
      const staff = await newSession(ids.staff);
      const res = await send(
        'POST',
        '/editor/polls',
        { name: 'Ny quiz', active: true, published: true, questions: [{ text: 'Hvor mange butikker?', options: [{ text: '14', correct: true }, { text: '3', correct: false }] }] },
        staff,
      );
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<Poll & { active: boolean }>();
      expect((await ok<Poll[]>('/polls/active')).map((p) => p.id)).toContain(created.id);
      const q = created.questions[0]!;
      const visitor = await newSession();
      const answered = await send('POST', `/polls/${created.id}/answers`, { answers: [{ question_id: q.id, option_id: q.options[0]!.id }] }, visitor);
      expect(answered.json()).toEqual([{ question_id: q.id, option_id: q.options[0]!.id, correct: true }]);
      const locked = await send('PUT', `/editor/polls/${created.id}`, { name: 'Ny quiz', active: true, questions: [{ text: 'x', options: [{ text: 'a', correct: true }, { text: 'b', correct: false }] }], version: 1 }, staff);
      expect(locked.statusCode).toBe(409);
      expect(locked.json<{ message: string }>().message).toBe(EDITOR_ERRORS.questionsLocked);
      // The refused save changed nothing: version 1 is still current.
      const closed = await send('PUT', `/editor/polls/${created.id}`, { name: 'Ny quiz', active: false, version: 1 }, staff);
      expect(closed.statusCode).toBe(200);
      expect((await ok<Poll[]>('/polls/active')).map((p) => p.id)).not.toContain(created.id);
      expect((await send('POST', '/editor/polls', { name: 'Uten spørsmål', active: true }, staff)).statusCode).toBe(400);
    });

    it('saves a static page sanitised, visible on the next request', async () => {
      const staff = await newSession(ids.staff);
      const res = await send('PUT', '/editor/pages/vedlikehold', { title: 'Vask', body: '<h2 id="ull">Ull</h2><p>Tekst<style>p{}</style></p><iframe src="https://x"></iframe>', version: 1 }, staff);
      expect(res.statusCode, res.body).toBe(200);
      expect(await ok<RawStaticPage>('/pages/vedlikehold')).toMatchObject({ title: 'Vask', body: '<h2 id="ull">Ull</h2><p>Tekst</p>' });
    });

    it('publishes a home layout (one published at a time), with unsafe banner URLs dropped', async () => {
      const staff = await newSession(ids.staff);
      const res = await send(
        'PUT',
        '/editor/home/vinter',
        {
          published: true,
          slots: {
            topBanner: { image: '/api/v1/images/banners/ny.svg', link: 'javascript:alert(1)', title: 'Ny <b>vinter</b>' },
            subBanners: [{ image: 'javascript:alert(1)' }, { image: 'https://cdn.example.no/b.jpg', link: '/sko' }],
            grid: [],
          },
          // The seeded draft's version: changing an existing layout needs it.
          version: 1,
        },
        staff,
      );
      expect(res.statusCode, res.body).toBe(200);
      const home = await ok<RawSettings>('/home');
      expect(home.TopBanner).toEqual({ Image: '/api/v1/images/banners/ny.svg', ImageMobile: null, Link: null, Title: 'Ny vinter', Text: null });
      expect(home.SubBanners).toEqual([null, { Image: 'https://cdn.example.no/b.jpg', ImageMobile: null, Link: '/sko', Title: null, Text: null }]);
      const published = await t().db.select({ name: s.homeLayouts.name }).from(s.homeLayouts).where(eq(s.homeLayouts.published, true));
      expect(published).toEqual([{ name: 'vinter' }]);
    });
  });
});

const REDIS_URL = testRedisUrl ?? '';

describe.runIf(Boolean(testRedisUrl))(`polls with REDIS_URL: two API processes share the anonymous-answer allowance: ${NEEDS_REDIS}`, () => {
  const t = useTestApp('pglite');
  const apps: App[] = [];
  beforeAll(async () => {
    // The second process: the same database, and the counters in Redis for both (read when the routes are built).
    vi.stubEnv('REDIS_URL', REDIS_URL);
    try {
      for (let i = 0; i < 2; i++) apps.push(await buildApp({ database: t().database }));
    } finally {
      vi.unstubAllEnvs();
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it(`${ANONYMOUS_ANSWER_LIMIT.perAddress} anonymous answers from one address in all, whichever process takes them`, async () => {
    const db = t().db;
    const [poll] = await db.insert(s.polls).values({ name: 'Redis', active: true }).returning();
    const [question] = await db.insert(s.pollQuestions).values({ pollId: poll!.id, text: 'Ja?', sort: 1 }).returning();
    const [option] = await db.insert(s.pollOptions).values({ questionId: question!.id, text: 'Ja', sort: 1 }).returning();
    // A fresh address per run: Redis keeps its counters between runs for the window (an hour).
    const ip = `10.${randomBytes(3).join('.')}`;
    const statuses: number[] = [];
    for (let i = 0; i < ANONYMOUS_ANSWER_LIMIT.perAddress + 2; i++) {
      const cookie = randomBytes(24).toString('base64url');
      const csrf = randomBytes(24).toString('base64url');
      await db.insert(s.sessions).values({ id: hashSessionId(cookie), csrfToken: csrf, customerId: null, expiresAt: new Date(Date.now() + DAY) });
      const res = await apps[i % 2]!.inject({
        method: 'POST',
        url: `/api/v1/polls/${poll!.id}/answers`,
        headers: { cookie: `sid=${cookie}`, 'x-csrf-token': csrf },
        payload: { answers: [{ question_id: question!.id, option_id: option!.id }] },
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(ANONYMOUS_ANSWER_LIMIT.perAddress).fill(201), 429, 429]);
    // Nothing of it went to the database's counters.
    expect(await db.select().from(s.loginAttempts)).toEqual([]);
  });
});
