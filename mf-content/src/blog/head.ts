/**
 * The blog's heads (issue 22): the list (all posts or one category) and one post, an Open Graph 'article' with
 * schema.org BlogPosting. A post's title is its own, and a category's its name: the pages announce the same titles
 * (`pageTitled`) so the browser's document title agrees after client navigation.
 */
import {
  breadcrumbListJsonLd,
  NOINDEX_NOFOLLOW,
  pageHead,
  absoluteUrl,
  metaDescription,
  SCHEMA_ORG,
  type HeadContext,
  type JsonLd,
  type PageHead,
} from '@shop/contracts/ssr';
import { pathFor } from '@shop/contracts/routes';
import { pageTitleTexts } from '@shop/contracts/texts';
import type { BlogCategory, BlogPost } from '@shop/contracts/types';
import { texts } from '../texts.js';

/** schema.org BlogPosting of a post shown at `path` (its /blogg/{slug}, or an article page's own address). */
export function blogPostJsonLd(post: BlogPost, context: HeadContext, path = pathFor('blogPost', { slug: post.slug })): JsonLd {
  const description = metaDescription(post.body);
  return {
    '@context': SCHEMA_ORG,
    '@type': 'BlogPosting',
    headline: post.title,
    url: absoluteUrl(context.origin, path),
    mainEntityOfPage: absoluteUrl(context.origin, path),
    datePublished: post.publishedAt,
    ...(description ? { description } : {}),
    ...(post.featuredImage ? { image: absoluteUrl(context.origin, post.featuredImage) } : {}),
    publisher: { '@type': 'Organization', name: context.brandName },
    ...(post.categories.length ? { articleSection: post.categories.map((c) => c.name) } : {}),
  };
}

/** A blog category's page title (without the brand), for its head and the browser's document title alike. */
export const blogCategoryTitle = (category: Pick<BlogCategory, 'name'>): string => pageTitleTexts.blogCategory(category.name);

export interface BlogListHeadData {
  /** The category on /blogg/kategori/{slug}; null on /blogg. */
  category: BlogCategory | null;
  /** The slug from the URL when on a category page (a category that does not exist is the page's 404). */
  categorySlug?: string | null;
}

export function blogListHead(context: HeadContext, { category, categorySlug = null }: BlogListHeadData): PageHead {
  const blogPath = pathFor('blog');
  const crumbs = [
    { name: texts.head.breadcrumbHome, path: pathFor('home') },
    { name: pageTitleTexts.blog, path: blogPath },
  ];
  if (categorySlug !== null && !category) return pageHead(context, { title: pageTitleTexts.notFound, robots: NOINDEX_NOFOLLOW, status: 404 });
  if (!category) {
    return pageHead(context, { title: pageTitleTexts.blog, description: texts.head.blog(context.brandName), path: blogPath, jsonLd: [breadcrumbListJsonLd(crumbs, context.origin)] });
  }
  const path = pathFor('blogCategory', { slug: category.slug });
  return pageHead(context, {
    title: blogCategoryTitle(category),
    description: texts.head.blogCategory(category.name, context.brandName),
    path,
    jsonLd: [breadcrumbListJsonLd([...crumbs, { name: category.name, path }], context.origin)],
  });
}

/** A post's page title (without the brand): its own title, for its head and the browser's document title alike. */
export const blogPostTitle = (post: Pick<BlogPost, 'title'>): string => post.title || pageTitleTexts.blog;

export function blogPostHead(context: HeadContext, { post }: { post: BlogPost | null }): PageHead {
  if (!post) return pageHead(context, { title: pageTitleTexts.notFound, robots: NOINDEX_NOFOLLOW, status: 404 });
  const path = pathFor('blogPost', { slug: post.slug });
  return pageHead(context, {
    title: blogPostTitle(post),
    description: post.body,
    path,
    type: 'article',
    image: post.featuredImage ?? post.mainArticle?.image ?? null,
    jsonLd: [
      blogPostJsonLd(post, context, path),
      breadcrumbListJsonLd(
        [
          { name: texts.head.breadcrumbHome, path: pathFor('home') },
          { name: pageTitleTexts.blog, path: pathFor('blog') },
          { name: post.title, path },
        ],
        context.origin,
      ),
    ],
  });
}
