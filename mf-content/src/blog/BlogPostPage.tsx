import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { getBlogPost } from '@shop/contracts/api';
import { pageTitled } from '@shop/contracts/bus';
import { asksForPreview, pathFor } from '@shop/contracts/routes';
import { loaderHeadContext, orMissing, type LoaderDataProps, type PageLoader } from '@shop/contracts/ssr';
import type { BlogPost } from '@shop/contracts/types';
import { LoadState } from '../shared/LoadState.js';
import { useLoad } from '../shared/useLoad.js';
import { BlogPostView } from './BlogPostView.js';
import { blogPostHead, blogPostTitle } from './head.js';
import { PreviewBanner } from '../preview/PreviewBanner.js';
import { previewHead } from '../preview/head.js';

export interface BlogPostPageProps {
  /** The post's slug (/blogg/{slug}); the route param `slug` when not given. */
  slug?: string;
}

/**
 * The post and its head (a missing post is the 404). `?forhandsvisning=1` asks for the saved draft, which the API
 * gives an editor's session only (the server's transport carries the shopper's cookie); a preview is never indexed.
 */
export const loader: PageLoader<BlogPostPageProps, BlogPost> = async (context) => {
  const slug = context.props.slug ?? '';
  const preview = asksForPreview(context.url);
  const [headContext, post] = await Promise.all([loaderHeadContext(context), orMissing(getBlogPost(slug, { preview }))]);
  return { head: previewHead(blogPostHead(headContext, { post }), preview), data: post ?? undefined };
};

/** One blog post with its featured image, main and related products. */
export default function BlogPostPage({ slug: propSlug, loaderData }: BlogPostPageProps & LoaderDataProps<BlogPost>) {
  const params = useParams();
  const preview = asksForPreview(useLocation().search);
  const slug = propSlug ?? params.slug ?? '';
  const [state, retry] = useLoad((signal) => getBlogPost(slug, { signal, preview }), [slug, preview], () => loaderData);
  const titled = useUnit(pageTitled);
  const post = state.status === 'ready' ? state.data : null;
  // The document title names the post, as its head does (the shell only knows the route).
  useEffect(() => {
    if (post) titled({ path: pathFor('blogPost', { slug: post.slug }), title: blogPostTitle(post) });
  }, [post, titled]);
  if (state.status !== 'ready') return <LoadState state={state} retry={retry} />;
  return (
    <>
      <PreviewBanner type="blog-post" itemKey={state.data.id} preview={state.data.preview} />
      <BlogPostView post={state.data} />
    </>
  );
}
