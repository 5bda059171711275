import { Link } from 'react-router-dom';
import { productPath } from '@shop/contracts/routes';
import type { Article } from '@shop/contracts/types';
import { Price } from '../pricing/Price.js';
import styles from './ProductCard.module.css';

/** Images of the first cards are fetched at once; the rest wait until they come near the viewport. */
const EAGER_IMAGES = 4;

export function ProductCard({ article, index }: { article: Article; index: number }) {
  return (
    <Link className={styles.card} to={productPath(article.slug)} data-testid="product-card">
      <img
        className={styles.image}
        src={article.image}
        alt=""
        width={300}
        height={300}
        loading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
        decoding="async"
      />
      {article.customLabel && <span className={styles.label}>{article.customLabel}</span>}
      <p className={styles.brand}>{article.brand}</p>
      <h2 className={styles.name}>{article.name}</h2>
      <Price price={article.price} originalPrice={article.originalPrice} />
    </Link>
  );
}

export function ProductGrid({ articles }: { articles: readonly Article[] }) {
  return (
    <ul className={styles.grid}>
      {articles.map((article, index) => (
        <li key={article.id}>
          <ProductCard article={article} index={index} />
        </li>
      ))}
    </ul>
  );
}
