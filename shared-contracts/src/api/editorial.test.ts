/** The editorial calls against a real HTTP server: paths, bodies and the mapping of the answers. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl, setCsrfTokenSource } from './client.js';
import { createBlogPost, getHomeLayout, getStaticPage, postPollAnswers, saveStaticPage } from './editorial.js';
import { ApiError } from './errors.js';

const seen: Array<{ method: string; url: string; body: string; csrf: string | undefined }> = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, csrf: req.headers['x-csrf-token'] as string | undefined });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  const window = new Window();
  window.document.head.innerHTML = '<meta name="csrf-token" content="tok-9">';
  (globalThis as { document?: unknown }).document = window.document;
  setCsrfTokenSource();
});

const rawSettings = { TopBanner: { Image: '/a.svg', ImageMobile: null, Link: '/x', Title: 'T', Text: null }, SubBanners: [], StoreSearch: null, PopularCategories: [], Grid3x3: [] };

describe('editorial calls', () => {
  it('GET /pages/{slug} maps updated_at', async () => {
    answer = { status: 200, body: { slug: 'om-oss', title: 'Om oss', body: '<p>x</p>', updated_at: '2026-11-01T00:00:00.000Z' } };
    expect(await getStaticPage('om-oss')).toEqual({ slug: 'om-oss', title: 'Om oss', body: '<p>x</p>', updatedAt: '2026-11-01T00:00:00.000Z' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/v1/pages/om-oss' });
  });

  it.each([
    [null, '/api/v1/home'],
    ['vinter', '/api/v1/home/vinter'],
  ])('getHomeLayout(%s) → GET %s, padded slots', async (name, url) => {
    answer = { status: 200, body: rawSettings };
    const settings = await getHomeLayout(name);
    expect(seen[0]!.url).toBe(url);
    expect(settings.topBanner?.link).toBe('/x');
    expect(settings.subBanners).toEqual([null, null, null]);
    expect(settings.grid3x3).toHaveLength(9);
  });

  it('POST /polls/{id}/answers sends { answers } with the CSRF token; a repeat rejects with 409 and the message', async () => {
    answer = { status: 201, body: [{ question_id: 1, option_id: 2, correct: true }] };
    expect(await postPollAnswers(3, [{ question_id: 1, option_id: 2 }])).toEqual([{ question_id: 1, option_id: 2, correct: true }]);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/v1/polls/3/answers', csrf: 'tok-9' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ answers: [{ question_id: 1, option_id: 2 }] });

    answer = { status: 409, body: { message: 'Du har allerede svart på dette spørsmålet.' } };
    const error = await postPollAnswers(3, [{ question_id: 1, option_id: 2 }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
  });

  it('editor writes: POST /editor/blog/posts and PUT /editor/pages/{slug}', async () => {
    answer = { status: 201, body: { id: 9, slug: 'ny', title: 'Ny', body: '<p>x</p>', featured_image: null, main_article_id: null, related_article_ids: [], category_ids: [], published_at: null } };
    expect((await createBlogPost({ title: 'Ny', body: '<p>x</p>', published: false })).id).toBe(9);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/v1/editor/blog/posts' });
    answer = { status: 200, body: { slug: 'om-oss', title: 'Om', body: '<p>y</p>', updated_at: '2026-11-22T00:00:00.000Z' } };
    expect((await saveStaticPage('om-oss', { title: 'Om', body: '<p>y</p>' })).updatedAt).toBe('2026-11-22T00:00:00.000Z');
    expect(seen[1]).toMatchObject({ method: 'PUT', url: '/api/v1/editor/pages/om-oss' });
  });
});
