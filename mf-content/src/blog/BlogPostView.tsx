import { Link } from 'react-router-dom';
import { formatDateLong } from '@shop/contracts/format';
import { pathFor } from '@shop/contracts/routes';
import type { BlogPost } from '@shop/contracts/types';
import { CatalogProduct as Product } from '../shared/CatalogProduct.js';
import { ContentBody } from '../shared/ContentBody.js';
import { TimeAgo } from '../shared/TimeAgo.js';
import { ContentImage } from '../shared/ContentImage.js';
import { texts } from './texts.js';
import styles from '../content.module.css';

/**
 * A blog post or article page: featured image, body (with its product cards), main product and related products as
 * catalogue cards.
 */
export function BlogPostView({ post, headingLevel = 1 }: { post: BlogPost; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const products = post.relatedArticles.filter((a) => a.id !== post.mainArticle?.id);
  // An editor's preview of a draft or scheduled post: it has not been published, so no "Publisert …" line.
  const published = !post.preview || post.preview.status === 'published';
  return (
    <article className={styles.page} aria-labelledby={`post-${post.id}`}>
      <Heading id={`post-${post.id}`}>{post.title}</Heading>
      <p className={styles.meta}>
        {published && (
          <>
            {texts.published} <TimeAgo at={post.publishedAt} absolute={formatDateLong} />
          </>
        )}
        {post.categories.map((c) => (
          <Link key={c.id} className={styles.tag} to={pathFor('blogCategory', { slug: c.slug })}>
            {c.name}
          </Link>
        ))}
      </p>
      {post.featuredImage && <ContentImage className={styles.featured} src={post.featuredImage} alt="" maxWidth={960} />}
      <ContentBody className={styles.body} html={post.body} articles={post.bodyArticles} />
      {post.mainArticle && (
        <section aria-labelledby={`main-${post.id}`}>
          <h2 id={`main-${post.id}`}>{texts.mainProduct}</h2>
          <ul className={styles.products}>
            <li>
              <Product article={post.mainArticle} />
            </li>
          </ul>
        </section>
      )}
      {products.length > 0 && (
        <section aria-labelledby={`related-${post.id}`}>
          <h2 id={`related-${post.id}`}>{texts.productsInPost}</h2>
          <ul className={styles.products}>
            {products.map((a) => (
              <li key={a.id}>
                <Product article={a} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
