import { useParams } from 'react-router-dom';
import { getBlogPost } from '@shop/contracts/api';
import { LoadState } from '../shared/LoadState.js';
import { useLoad } from '../shared/useLoad.js';
import { BlogPostView } from './BlogPostView.js';

export interface BlogPostPageProps {
  /** The post's slug (/blogg/{slug}); the route param `slug` when not given. */
  slug?: string;
}

/** One blog post with its featured image, main and related products. */
export default function BlogPostPage({ slug: propSlug }: BlogPostPageProps) {
  const params = useParams();
  const slug = propSlug ?? params.slug ?? '';
  const [state, retry] = useLoad((signal) => getBlogPost(slug, { signal }), [slug]);
  if (state.status !== 'ready') return <LoadState state={state} retry={retry} />;
  return <BlogPostView post={state.data} />;
}
