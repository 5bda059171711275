/**
 * The head of a static copy page or an article page (issue 22). The page's copy comes from GET /pages/{slug}, or,
 * for an article page, from the blog post of that slug (StaticPage.tsx): the title is the route's (as the shell's
 * title says it), the description the copy's opening, the canonical address the page's own path. No copy at all is
 * the page's 404.
 */
import { NOINDEX_NOFOLLOW, pageHead, type HeadContext, type PageHead } from '@shop/contracts/ssr';
import { staticPageTitle } from '@shop/contracts/routes';
import { pageTitleTexts } from '@shop/contracts/texts';
import type { BlogPost, StaticPageContent } from '@shop/contracts/types';
import { blogPostJsonLd } from '../blog/head.js';

export type StaticContent = { kind: 'page'; page: StaticPageContent } | { kind: 'post'; post: BlogPost };

export interface StaticHeadData {
  /** The path segment: "om-oss", "hvordan-kle-barna". */
  slug: string;
  /** Null when neither a page nor a post has the slug. */
  content: StaticContent | null;
}

export function staticHead(context: HeadContext, { slug, content }: StaticHeadData): PageHead {
  if (!content) return pageHead(context, { title: pageTitleTexts.notFound, robots: NOINDEX_NOFOLLOW, status: 404 });
  const path = `/${slug}`;
  const title = staticPageTitle(slug);
  if (content.kind === 'page') return pageHead(context, { title, description: content.page.body, path });
  const { post } = content;
  return pageHead(context, {
    title,
    description: post.body,
    path,
    type: 'article',
    image: post.featuredImage,
    jsonLd: [blogPostJsonLd(post, context, path)],
  });
}
