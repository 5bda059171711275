import { useLocation } from 'react-router-dom';
import { ApiError, getBlogPost, getStaticPage } from '@shop/contracts/api';
import { asksForPreview, type StaticPageProps } from '@shop/contracts/routes';
import { loaderHeadContext, orMissing, type LoaderDataProps, type PageLoader } from '@shop/contracts/ssr';
import { BlogPostView } from '../blog/BlogPostView.js';
import { ContentBody } from '../shared/ContentBody.js';
import { LoadState } from '../shared/LoadState.js';
import { useLoad } from '../shared/useLoad.js';
import { staticHead, type StaticContent } from './head.js';
import { PreviewBanner } from '../preview/PreviewBanner.js';
import { previewHead } from '../preview/head.js';
import styles from '../content.module.css';

/**
 * A copy page from GET /pages/{slug}; a slug without one is an article page, the blog post of that slug. `preview`
 * (`?forhandsvisning=1`) asks for either as saved, which the API gives an editor's session only.
 */
async function loadContent(slug: string, preview: boolean, signal?: AbortSignal): Promise<StaticContent> {
  try {
    return { kind: 'page', page: await getStaticPage(slug, { signal, preview }) };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    return { kind: 'post', post: await getBlogPost(slug, { signal, preview }) };
  }
}

/** The page's copy (or article) and head; no copy at all is the 404. */
export const loader: PageLoader<Partial<StaticPageProps>, StaticContent> = async (context) => {
  const slug = (context.props.slug ?? new URL(context.url).pathname.split('/').filter(Boolean)[0] ?? '').toLowerCase();
  const preview = asksForPreview(context.url);
  const [headContext, content] = await Promise.all([loaderHeadContext(context), orMissing(loadContent(slug, preview))]);
  return { head: previewHead(staticHead(headContext, { slug, content }), preview), data: content ?? undefined };
};

/**
 * Static copy pages and article pages. The copy comes from GET /pages/{slug} (editors change it without a deploy);
 * a slug without a page is looked up as a blog post (the article pages /hvordan-kle-barna … are posts with products).
 * `embedded` (inside the shell's privacy modal, which shows its own title) drops the heading.
 */
export default function StaticPage({ slug, embedded = false, loaderData }: Partial<StaticPageProps> & LoaderDataProps<StaticContent>) {
  const { pathname, search } = useLocation();
  const key = (slug ?? pathname.split('/').filter(Boolean)[0] ?? '').toLowerCase();
  // Inside the privacy modal the page is the live one, whatever the address behind the modal asks.
  const preview = !embedded && asksForPreview(search);
  const [state, retry] = useLoad<StaticContent>((signal) => loadContent(key, preview, signal), [key, preview], () => loaderData);

  if (state.status !== 'ready') return <LoadState state={state} retry={retry} />;
  if (state.data.kind === 'post') {
    const { post } = state.data;
    return (
      <>
        {!embedded && <PreviewBanner type="blog-post" itemKey={post.id} preview={post.preview} />}
        <BlogPostView post={post} headingLevel={embedded ? 2 : 1} />
      </>
    );
  }
  const { page } = state.data;
  if (embedded) return <ContentBody className={styles.body} html={page.body} articles={page.bodyArticles} />;
  return (
    <>
      <PreviewBanner type="page" itemKey={page.slug} preview={page.preview} />
      <article className={styles.page} aria-labelledby="static-title">
        <h1 id="static-title">{page.title}</h1>
        <ContentBody className={styles.body} html={page.body} articles={page.bodyArticles} />
      </article>
    </>
  );
}
