/**
 * GET /images/... — generated SVG pictures (registered under /api/v1):
 *   /images/articles/{group3Id}/{hex}.svg  product drawing of an article group 3 in a colour
 *   /images/banners/{name}.svg             landscape banner (`-mobil` portrait, `-kvadrat` square)
 *   /images/blog/{slug}.svg                blog post picture
 *   /images/uploads/{id}/{width}.{avif|webp}  an editor's uploaded image in one derived size (content/images)
 * Pictures never change for a URL, so they are cached for a year and carry an ETag.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { group3Kind } from '../../seed/taxonomy.js';
import { renderArticleSvg } from './drawings.js';
import { BLOG_IMAGE_SIZE, bannerSize, renderSceneSvg } from './scenes.js';
import { IMAGE_ID_PATTERN } from '@shop/contracts/images';
import { imageUploadTexts } from '@shop/contracts/texts';
import { HttpError } from '../../server/errors.js';

const CACHE_CONTROL = 'public, max-age=31536000, immutable';
const MAX_CACHED = 5000;

interface Rendered {
  body: string;
  etag: string;
}

/** Rendering is cheap but not free; a bounded map keeps the hot images (category pages repeat them). */
const cache = new Map<string, Rendered>();
function rendered(key: string, render: () => string): Rendered {
  let hit = cache.get(key);
  if (!hit) {
    const body = render();
    hit = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(key, hit);
  }
  return hit;
}

function sendSvg(request: FastifyRequest, reply: FastifyReply, image: Rendered) {
  reply
    .header('Cache-Control', CACHE_CONTROL)
    .header('ETag', image.etag)
    .header('X-Content-Type-Options', 'nosniff')
    // An SVG opened directly must not be able to run anything.
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  const inm = request.headers['if-none-match'];
  if (inm && inm.split(/\s*,\s*/).some((tag) => tag === image.etag || tag === `W/${image.etag}` || tag === '*')) {
    return reply.code(304).send();
  }
  return reply.type('image/svg+xml; charset=utf-8').send(image.body);
}

const svgResponse = {
  200: { description: 'SVG image (image/svg+xml)', type: 'string' },
  304: { description: 'Not modified (ETag matched)', type: 'null' },
} as const;

const articleParams = {
  type: 'object',
  required: ['group3Id', 'file'],
  properties: {
    group3Id: { type: 'integer', minimum: 1, maximum: 2147483647, description: 'Article group 3 id' },
    file: { type: 'string', pattern: '^[0-9a-fA-F]{6}\\.svg$', description: 'Colour as six hex digits + ".svg", e.g. 1b2a47.svg' },
  },
} as const;

const nameParams = {
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,79}\\.svg$', description: 'Lower-case name + ".svg"' },
  },
} as const;

export async function imagesRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { group3Id: number; file: string } }>(
    '/images/articles/:group3Id/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'Product image: drawing of the article group in the variant colour',
        params: articleParams,
        response: { 304: svgResponse[304] },
      },
    },
    async (request, reply) => {
      const { group3Id, file } = request.params;
      const hex = file.slice(0, 6).toLowerCase();
      const kind = group3Kind(group3Id);
      return sendSvg(request, reply, rendered(`a:${kind}:${hex}`, () => renderArticleSvg(kind, hex)));
    },
  );

  app.get<{ Params: { file: string } }>(
    '/images/banners/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'Banner picture (suffix -mobil: portrait, -kvadrat: square)',
        params: nameParams,
        response: { 304: svgResponse[304] },
      },
    },
    async (request, reply) => {
      const name = request.params.file.slice(0, -4);
      return sendSvg(request, reply, rendered(`b:${name}`, () => renderSceneSvg(name, bannerSize(name))));
    },
  );

  app.get<{ Params: { id: string; file: string } }>(
    '/images/uploads/:id/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'An uploaded image in one derived size and format (see @shop/contracts/images)',
        params: {
          type: 'object',
          required: ['id', 'file'],
          properties: {
            id: { type: 'string', pattern: IMAGE_ID_PATTERN, description: 'Image id' },
            file: { type: 'string', pattern: '^[1-9][0-9]{0,3}\\.(avif|webp)$', description: 'Width in pixels + ".avif" or ".webp", e.g. 640.avif' },
          },
        },
        response: { 304: svgResponse[304] },
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      // No database: the store holds exactly the sizes there are (a deleted image's files are gone with its row).
      const image = await app.imageStore.get(`${id}/${file}`);
      if (!image) throw new HttpError(404, imageUploadTexts.notFound);
      // The id is random and never reused, so the bytes of a URL never change.
      const etag = `"${id}-${file}"`;
      reply.header('Cache-Control', CACHE_CONTROL).header('ETag', etag).header('X-Content-Type-Options', 'nosniff');
      const inm = request.headers['if-none-match'];
      if (inm && inm.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}` || tag === '*')) return reply.code(304).send();
      return reply.type(image.contentType).send(image.body);
    },
  );

  app.get<{ Params: { file: string } }>(
    '/images/blog/:file',
    {
      schema: { tags: ['images'], summary: 'Blog post picture', params: nameParams, response: { 304: svgResponse[304] } },
    },
    async (request, reply) => {
      const slug = request.params.file.slice(0, -4);
      return sendSvg(request, reply, rendered(`p:${slug}`, () => renderSceneSvg(`blog:${slug}`, BLOG_IMAGE_SIZE)));
    },
  );
}

export { articleImageUrl, bannerUrl, blogImageUrl, IMAGES_BASE } from './urls.js';
