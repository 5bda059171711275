/**
 * The blog (inspiration) read routes: GET /blog/posts, /blog/categories, /blog/category/{slug}, /blog/post/{id},
 * /blog/{slug}. Only published posts are served; editors write through /editor/blog/… (no cache, so an edit shows
 * on the next request).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { eq } from 'drizzle-orm';
import { blogCategories } from '../../db/schema.js';
import { HttpError } from '../../server/errors.js';
import { errorResponses, PreviewQuery } from '../shared/schema.js';
import { markPreviewAnswer, mayPreview } from '../../content/preview.js';
import { PREVIEW_PARAM } from '@shop/contracts/routes';
import { DEFAULT_PER_PAGE, loadCategories, loadPostPage, loadPublishedPost } from './load.js';
import { IdParams, PageQuery, RawBlogCategoryPageSchema, RawBlogCategorySchema, RawBlogPostPageSchema, RawBlogPostSchema, SlugParams } from './schema.js';

export const POST_NOT_FOUND = 'Fant ikke innlegget.';
export const CATEGORY_NOT_FOUND = 'Fant ikke kategorien.';

export const blogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/blog/posts',
    {
      schema: {
        tags: ['content'],
        summary: 'Published blog posts, newest first (paged; remaining = total − page × per_page)',
        querystring: PageQuery,
        response: { 200: RawBlogPostPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { page = 1, per_page = DEFAULT_PER_PAGE } = request.query;
      return loadPostPage(db(), { page, perPage: per_page, now: new Date() });
    },
  );

  app.get(
    '/blog/categories',
    { schema: { tags: ['content'], summary: 'Blog categories with their number of published posts', response: { 200: Type.Array(RawBlogCategorySchema) } } },
    async () => loadCategories(db(), new Date()),
  );

  app.get(
    '/blog/category/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'One blog category and a page of its published posts',
        params: SlugParams,
        querystring: PageQuery,
        response: { 200: RawBlogCategoryPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const now = new Date();
      const [category] = await loadCategories(db(), now, eq(blogCategories.slug, request.params.slug));
      if (!category) throw new HttpError(404, CATEGORY_NOT_FOUND);
      const { page = 1, per_page = DEFAULT_PER_PAGE } = request.query;
      return { category, posts: await loadPostPage(db(), { page, perPage: per_page, categoryId: category.id, now }) };
    },
  );

  app.get(
    '/blog/post/:id',
    {
      schema: {
        tags: ['content'],
        summary: `One published blog post by id (?${PREVIEW_PARAM}=1 from an editor: the post as saved, any status)`,
        params: IdParams,
        querystring: PreviewQuery,
        response: { 200: RawBlogPostSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      markPreviewAnswer(request, reply);
      const post = await loadPublishedPost(db(), { id: request.params.id }, new Date(), await mayPreview(db(), request));
      if (!post) throw new HttpError(404, POST_NOT_FOUND);
      return post;
    },
  );

  app.get(
    '/blog/:slug',
    {
      schema: {
        tags: ['content'],
        summary: `One published blog post by slug (?${PREVIEW_PARAM}=1 from an editor: the post as saved, any status)`,
        params: SlugParams,
        querystring: PreviewQuery,
        response: { 200: RawBlogPostSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      markPreviewAnswer(request, reply);
      const post = await loadPublishedPost(db(), { slug: request.params.slug }, new Date(), await mayPreview(db(), request));
      if (!post) throw new HttpError(404, POST_NOT_FOUND);
      return post;
    },
  );
};
