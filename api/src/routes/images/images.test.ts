import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blogPostRows,
  campaignRows,
  homeLayoutRows,
  mainGroupRows,
  pollRows,
  socialPostRows,
} from '../../seed/content.js';
import { group3List } from '../../seed/taxonomy.js';
import { DRAWING_KINDS, renderArticleSvg } from './drawings.js';
import { imagesRoutes } from './index.js';
import { BLOG_IMAGE_SIZE, bannerSize, renderSceneSvg } from './scenes.js';
import { articleImageUrl } from './urls.js';

/** Minimal XML well-formedness: every opened element is closed in order, attributes are quoted. */
function wellFormed(svg: string): boolean {
  const stack: string[] = [];
  const tags = svg.match(/<[^>]+>/g) ?? [];
  for (const tag of tags) {
    if (/^<\//.test(tag)) {
      if (stack.pop() !== tag.slice(2, -1).trim()) return false;
    } else if (!tag.endsWith('/>')) {
      stack.push(/^<([\w:-]+)/.exec(tag)![1]);
    }
    if (/=\s*[^"\s>]/.test(tag.replace(/="[^"]*"/g, ''))) return false;
    // Browsers refuse the whole image when one element repeats an attribute.
    const names = [...tag.matchAll(/\s([\w:-]+)="/g)].map((m) => m[1]);
    if (new Set(names).size !== names.length) return false;
  }
  return stack.length === 0 && svg.startsWith('<svg') && svg.endsWith('</svg>');
}

describe('drawings', () => {
  it.each(DRAWING_KINDS.map((k) => [k]))('%s renders a well-formed SVG in the given colour', (kind) => {
    for (const hex of ['1a1a1a', 'ffffff', 'c8102e']) {
      const svg = renderArticleSvg(kind, hex);
      expect(wellFormed(svg)).toBe(true);
      expect(svg).not.toMatch(/undefined|NaN/);
      if (kind !== 'tag') expect(svg).toContain(`#${hex}`);
    }
  });

  it('has a drawing for every article group of the seed', () => {
    for (const g of group3List) expect(DRAWING_KINDS).toContain(g.kind);
  });

  it('rejects a colour that is not six hex digits', () => {
    expect(() => renderArticleSvg('jacket', 'red')).toThrow();
  });

  it('draws scenes deterministically, sized by name suffix', () => {
    expect(renderSceneSvg('hjem-topp', bannerSize('hjem-topp'))).toBe(renderSceneSvg('hjem-topp', bannerSize('hjem-topp')));
    expect(bannerSize('x-mobil')).toEqual({ width: 750, height: 1000 });
    expect(bannerSize('x-kvadrat')).toEqual({ width: 1080, height: 1080 });
    for (const name of ['a', 'b', 'kampanje-vintersalg', 'sosial-3-kvadrat']) {
      const svg = renderSceneSvg(name, bannerSize(name));
      expect(wellFormed(svg)).toBe(true);
      expect(svg).not.toMatch(/undefined|NaN/);
    }
    expect(wellFormed(renderSceneSvg('blog:x', BLOG_IMAGE_SIZE))).toBe(true);
  });
});

describe('GET /api/v1/images/...', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(imagesRoutes, { prefix: '/api/v1' });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves a product image with long caching and an ETag', async () => {
    const res = await app.inject({ method: 'GET', url: articleImageUrl(112, '#1B2A47') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.body).toContain('fill="#1b2a47"');
    expect(wellFormed(res.body)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const url = '/api/v1/images/articles/311/c8102e.svg';
    const first = await app.inject({ method: 'GET', url });
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ method: 'GET', url, headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
  });

  it('draws different products for different groups and colours', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/v1/images/articles/311/c8102e.svg' });
    const b = await app.inject({ method: 'GET', url: '/api/v1/images/articles/312/c8102e.svg' });
    const c = await app.inject({ method: 'GET', url: '/api/v1/images/articles/311/1b2a47.svg' });
    expect(new Set([a.headers.etag, b.headers.etag, c.headers.etag]).size).toBe(3);
  });

  it('draws a price tag for an unknown group', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/images/articles/999999/ffd100.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('#ffd100');
  });

  it.each([
    '/api/v1/images/articles/112/zzzzzz.svg',
    '/api/v1/images/articles/112/12345.svg',
    '/api/v1/images/articles/112/1234567.svg',
    '/api/v1/images/articles/112/1b2a47.png',
    '/api/v1/images/articles/abc/1b2a47.svg',
    '/api/v1/images/articles/0/1b2a47.svg',
    '/api/v1/images/banners/Hjem_Topp.svg',
    '/api/v1/images/banners/hjem-topp.png',
    '/api/v1/images/blog/..%2fsecret.svg',
  ])('rejects %s with 400', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
  });

  it('serves banners and blog pictures in their sizes', async () => {
    const wide = await app.inject({ method: 'GET', url: '/api/v1/images/banners/hjem-topp.svg' });
    expect(wide.statusCode).toBe(200);
    expect(wide.body).toContain('viewBox="0 0 1920 640"');
    const mobile = await app.inject({ method: 'GET', url: '/api/v1/images/banners/hjem-topp-mobil.svg' });
    expect(mobile.body).toContain('viewBox="0 0 750 1000"');
    const blog = await app.inject({ method: 'GET', url: '/api/v1/images/blog/smoretips-for-langrenn.svg' });
    expect(blog.statusCode).toBe(200);
    expect(blog.body).toContain('viewBox="0 0 1200 630"');
  });

  it('serves every image URL the seed stores', async () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const json = JSON.stringify([
      mainGroupRows(),
      campaignRows(now),
      homeLayoutRows(),
      socialPostRows(now),
      pollRows(now),
      blogPostRows(now, () => null),
    ]);
    const urls = [...new Set(json.match(/\/api\/v1\/images\/[^"]+/g))];
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });
});
