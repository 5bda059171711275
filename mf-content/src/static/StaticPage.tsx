import { useLocation } from 'react-router-dom';
import { ApiError, getBlogPost, getStaticPage } from '@shop/contracts/api';
import type { StaticPageProps } from '@shop/contracts/routes';
import type { BlogPost, StaticPageContent } from '@shop/contracts/types';
import { BlogPostView } from '../blog/BlogPostView.js';
import { Html } from '../shared/Html.js';
import { LoadState } from '../shared/LoadState.js';
import { useLoad } from '../shared/useLoad.js';
import styles from '../content.module.css';

type Content = { kind: 'page'; page: StaticPageContent } | { kind: 'post'; post: BlogPost };

/**
 * Static copy pages and article pages. The copy comes from GET /pages/{slug} (editors change it without a deploy);
 * a slug without a page is looked up as a blog post (the article pages /hvordan-kle-barna … are posts with products).
 * `embedded` (inside the shell's privacy modal, which shows its own title) drops the heading.
 */
export default function StaticPage({ slug, embedded = false }: Partial<StaticPageProps>) {
  const { pathname } = useLocation();
  const key = (slug ?? pathname.split('/').filter(Boolean)[0] ?? '').toLowerCase();
  const [state, retry] = useLoad<Content>(
    async (signal) => {
      try {
        return { kind: 'page', page: await getStaticPage(key, { signal }) };
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        return { kind: 'post', post: await getBlogPost(key, { signal }) };
      }
    },
    [key],
  );

  if (state.status !== 'ready') return <LoadState state={state} retry={retry} />;
  if (state.data.kind === 'post') return <BlogPostView post={state.data.post} headingLevel={embedded ? 2 : 1} />;
  const { page } = state.data;
  if (embedded) return <Html className={styles.body} html={page.body} />;
  return (
    <article className={styles.page} aria-labelledby="static-title">
      <h1 id="static-title">{page.title}</h1>
      <Html className={styles.body} html={page.body} />
    </article>
  );
}
