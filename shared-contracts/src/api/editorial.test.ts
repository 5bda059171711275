/** The editorial calls against a real HTTP server: paths, bodies and the mapping of the answers. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl, setCsrfTokenSource } from './client.js';
import { createBlogPost, deleteEditorImage, getEditorImages, getHomeLayout, getStaticPage, postPollAnswers, saveStaticPage, uploadEditorImage } from './editorial.js';
import { ApiError } from './errors.js';
import { mapArticle } from '@shop/contracts/mappers';
import { rawArticle } from '@shop/contracts/testing';

const seen: Array<{ method: string; url: string; body: string; csrf: string | undefined; type?: string }> = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, csrf: req.headers['x-csrf-token'] as string | undefined, type: req.headers['content-type'] });
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
  it('uploadEditorImage posts a multipart form, alt text before the file, with the CSRF token, and reports progress', async () => {
    const image = { id: 'AbCdEfGhIjKlMnOpQrStUv', alt: 'Blå jakke', width: 800, height: 600, bytes: 12, uploaded_by: 'Stine', created_at: '2026-11-01T00:00:00.000Z' };
    answer = { status: 201, body: image };
    const progress: number[] = [];
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8])], 'jakke.jpg', { type: 'image/jpeg' });
    expect(await uploadEditorImage(file, 'Blå jakke', { onProgress: (sent) => progress.push(sent) })).toEqual(image);
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', url: '/api/v1/editor/images', csrf: 'tok-9' });
    expect(request!.type).toMatch(/^multipart\/form-data; boundary=/);
    const alt = request!.body.indexOf('name="alt"');
    const part = request!.body.indexOf('name="file"; filename="jakke.jpg"');
    expect(alt).toBeGreaterThan(-1);
    expect(part).toBeGreaterThan(alt);
    expect(request!.body).toContain('Blå jakke');
    expect(progress.at(-1)).toBe(1);
  });

  it('a refused upload rejects with the server\'s Norwegian message', async () => {
    answer = { status: 400, body: { message: 'Bildet må være JPEG, PNG eller WebP.' } };
    const error = await uploadEditorImage(new Blob(['GIF89a']), 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).data).toEqual({ message: 'Bildet må være JPEG, PNG eller WebP.' });
  });

  it('lists images page by page and deletes one by id', async () => {
    answer = { status: 200, body: { items: [], total: 0, page: 2, per_page: 24 } };
    expect(await getEditorImages({ page: 2, per_page: 24 })).toEqual({ items: [], total: 0, page: 2, per_page: 24 });
    answer = { status: 204, body: '' };
    await deleteEditorImage('AbCdEfGhIjKlMnOpQrStUv');
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/v1/editor/images?page=2&per_page=24', 'DELETE /api/v1/editor/images/AbCdEfGhIjKlMnOpQrStUv']);
    expect(seen[1]!.csrf).toBe('tok-9');
  });

  it('GET /pages/{slug} maps updated_at (and no body_articles from an older API to none)', async () => {
    answer = { status: 200, body: { slug: 'om-oss', title: 'Om oss', body: '<p>x</p>', updated_at: '2026-11-01T00:00:00.000Z' } };
    expect(await getStaticPage('om-oss')).toEqual({ slug: 'om-oss', title: 'Om oss', body: '<p>x</p>', updatedAt: '2026-11-01T00:00:00.000Z', bodyArticles: [] });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/v1/pages/om-oss' });
  });

  it('GET /pages/{slug} maps the product cards\' articles', async () => {
    const article = rawArticle({ ArticleID: 201, Name: 'Vindjakke' });
    answer = { status: 200, body: { slug: 'tips', title: 'Tips', body: '<div data-product-card="201"></div>', updated_at: '2026-11-01T00:00:00.000Z', body_articles: [article] } };
    expect((await getStaticPage('tips')).bodyArticles).toEqual([mapArticle(article)]);
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
