/** Response schemas of the blog routes, checked against the RAW contract types. */
import { Type, type Static } from 'typebox';
import type { RawBlogCategory, RawBlogCategoryPage, RawBlogPost, RawPaginated } from '@shop/contracts/types';
import { RawArticleSchema } from '../articles/schema.js';
import { assertSameShape, ContentPreviewSchema, Nullable, PageMetaSchema, type SameShape } from '../shared/schema.js';

export const RawBlogCategorySchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  posts_count: Type.Integer(),
});

export const RawBlogPostSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  body: Type.String({
    description: 'Sanitised HTML (allow-list: p, h2, h3, ul, ol, li, strong, em, a, img, picture, source, blockquote, br; product cards as <div data-product-card="{articleId}"></div> at the top level)',
  }),
  slug: Type.String(),
  featured_image: Nullable(Type.String()),
  main_article: Nullable(RawArticleSchema),
  related_articles: Type.Array(RawArticleSchema),
  body_articles: Type.Array(RawArticleSchema, { description: "The body's product cards' articles that are in the web shop, each once" }),
  categories: Type.Array(RawBlogCategorySchema),
  published_at: Type.String(),
  preview: Type.Optional(ContentPreviewSchema),
});

export const RawBlogPostPageSchema = Type.Object({ data: Type.Array(RawBlogPostSchema), meta: PageMetaSchema });
export const RawBlogCategoryPageSchema = Type.Object({ category: RawBlogCategorySchema, posts: RawBlogPostPageSchema });

assertSameShape<SameShape<Static<typeof RawBlogCategorySchema>, RawBlogCategory>>();
assertSameShape<SameShape<Static<typeof RawBlogPostSchema>, RawBlogPost>>();
assertSameShape<SameShape<Static<typeof RawBlogPostPageSchema>, RawPaginated<RawBlogPost>>>();
assertSameShape<SameShape<Static<typeof RawBlogCategoryPageSchema>, RawBlogCategoryPage>>();

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9æøå-]+$' }) });
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
