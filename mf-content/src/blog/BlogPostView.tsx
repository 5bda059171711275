import { Link } from 'react-router-dom';
import { formatDateLong, formatMoney } from '@shop/contracts/format';
import { pathFor, productPath } from '@shop/contracts/routes';
import type { Article, BlogPost } from '@shop/contracts/types';
import { CatalogWidget } from '../federation/CatalogWidget.js';
import { Html } from '../shared/Html.js';
import { TimeAgo } from '../shared/TimeAgo.js';
import { ContentImage } from '../shared/ContentImage.js';
import { texts } from './texts.js';
import styles from '../content.module.css';

/** Without the catalogue remote: a plain link per product. */
function ProductLink({ article }: { article: Article }) {
  return (
    <Link className={styles.productLink} to={productPath(article.id)}>
      <span>{article.name}</span> <span>{formatMoney(article.price)}</span>
    </Link>
  );
}

function Product({ article }: { article: Article }) {
  return <CatalogWidget module="ProductCard" props={{ article }} fallback={<ProductLink article={article} />} />;
}

/** A blog post or article page: featured image, body, main product and related products as catalogue cards. */
export function BlogPostView({ post, headingLevel = 1 }: { post: BlogPost; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const products = post.relatedArticles.filter((a) => a.id !== post.mainArticle?.id);
  return (
    <article className={styles.page} aria-labelledby={`post-${post.id}`}>
      <Heading id={`post-${post.id}`}>{post.title}</Heading>
      <p className={styles.meta}>
        {texts.published} <TimeAgo at={post.publishedAt} absolute={formatDateLong} />
        {post.categories.map((c) => (
          <Link key={c.id} className={styles.tag} to={pathFor('blogCategory', { slug: c.slug })}>
            {c.name}
          </Link>
        ))}
      </p>
      {post.featuredImage && <ContentImage className={styles.featured} src={post.featuredImage} alt="" maxWidth={960} />}
      <Html className={styles.body} html={post.body} />
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
