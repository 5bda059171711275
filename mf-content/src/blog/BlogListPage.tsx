import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { getBlogCategories, getBlogCategory, getBlogPosts } from '@shop/contracts/api';
import { pageTitled } from '@shop/contracts/bus';
import { loaderHeadContext, orMissing, type LoaderDataProps, type PageLoader } from '@shop/contracts/ssr';
import type { BlogCategory, BlogPost, PageMeta } from '@shop/contracts/types';
import { LoadState } from '../shared/LoadState.js';
import { useLoad } from '../shared/useLoad.js';
import { texts } from './texts.js';
import { remainingCount } from './remaining.js';
import { PostCard } from './PostCard.js';
import { blogCategoryTitle, blogListHead } from './head.js';
import styles from '../content.module.css';
import { pathFor } from '@shop/contracts/routes';

export interface BlogListPageProps {
  /** A category slug: that category's posts (/blogg/kategori/{slug}); else every post (/blogg). */
  categorySlug?: string;
}

interface Listing {
  /** The category on /blogg/kategori/{slug}; null on /blogg. */
  category: BlogCategory | null;
  title: string;
  posts: BlogPost[];
  meta: PageMeta;
}

async function loadPage(categorySlug: string | undefined, page: number, signal?: AbortSignal): Promise<Listing> {
  if (categorySlug) {
    const result = await getBlogCategory(categorySlug, page, { signal });
    return { category: result.category, title: result.category.name, posts: result.posts.data, meta: result.posts.meta };
  }
  const result = await getBlogPosts(page, { signal });
  return { category: null, title: texts.blogTitle, posts: result.data, meta: result.meta };
}

/** What the server-rendered list starts from: the first page of posts and the category links. */
export interface BlogListLoaded {
  listing: Listing;
  categories: BlogCategory[];
}

/** The first page of posts (all, or one category's: a category that does not exist is the 404) and the head. */
export const loader: PageLoader<BlogListPageProps, BlogListLoaded> = async (context) => {
  const categorySlug = context.props.categorySlug ?? null;
  const [headContext, listing, categories] = await Promise.all([
    loaderHeadContext(context),
    orMissing(loadPage(categorySlug ?? undefined, 1)),
    getBlogCategories().catch(() => []),
  ]);
  return {
    head: blogListHead(headContext, { category: listing?.category ?? null, categorySlug }),
    data: listing ? { listing, categories } : undefined,
  };
};

/** /blogg and /blogg/kategori/{slug}: posts newest first, "Vis flere" with the remaining count, category links. */
export default function BlogListPage({ categorySlug: propSlug, loaderData }: BlogListPageProps & LoaderDataProps<BlogListLoaded>) {
  const params = useParams();
  const categorySlug = propSlug ?? params.slug;
  const [state, retry] = useLoad((signal) => loadPage(categorySlug, 1, signal), [categorySlug], () => loaderData?.listing);
  const [more, setMore] = useState<Listing | null>(null);
  const [categories, setCategories] = useState<BlogCategory[]>(() => loaderData?.categories ?? []);
  const [loadingMore, setLoadingMore] = useState(false);
  const titled = useUnit(pageTitled);

  useEffect(() => setMore(null), [categorySlug]);
  useEffect(() => {
    if (loaderData) return;
    getBlogCategories().then(setCategories, () => setCategories([]));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  // A category's document title is its name, as its head says (the shell only has the slug).
  const category = state.status === 'ready' ? state.data.category : null;
  useEffect(() => {
    if (category) titled({ path: pathFor('blogCategory', { slug: category.slug }), title: blogCategoryTitle(category) });
  }, [category, titled]);

  if (state.status !== 'ready') return <LoadState state={state} retry={retry} />;
  const listing = more ?? state.data;
  const remaining = remainingCount(listing.meta);
  const showMore = async () => {
    setLoadingMore(true);
    try {
      const next = await loadPage(categorySlug, listing.meta.current_page + 1);
      setMore({ ...next, posts: [...listing.posts, ...next.posts.filter((p) => !listing.posts.some((q) => q.id === p.id))] });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className={styles.page}>
      <h1>{listing.title}</h1>
      {categories.length > 0 && (
        <nav aria-label={texts.categoriesLabel} className={styles.meta}>
          <Link className={styles.tag} to={pathFor('blog')}>
            {texts.blogTitle}
          </Link>
          {categories.map((c) => (
            <Link key={c.id} className={styles.tag} to={pathFor('blogCategory', { slug: c.slug })} aria-current={c.slug === categorySlug ? 'page' : undefined}>
              {c.name} ({c.postsCount})
            </Link>
          ))}
        </nav>
      )}
      {listing.posts.length === 0 ? (
        <p>{texts.blogEmpty}</p>
      ) : (
        <ul className={styles.cards}>
          {listing.posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      )}
      {remaining > 0 && (
        <p>
          <button className={`${styles.button} ${styles.secondaryButton}`} type="button" onClick={showMore} disabled={loadingMore}>
            {texts.showMore}
          </button>{' '}
          <span>{texts.remaining(remaining)}</span>
        </p>
      )}
    </div>
  );
}
