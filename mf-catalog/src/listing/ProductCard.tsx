import { Link } from 'react-router-dom';
import { productPath } from '@shop/contracts/routes';
import { pageImageProps } from '@shop/contracts/ssr';
import type { Article } from '@shop/contracts/types';
import { FavouriteButton } from '../favourites/FavouriteButton.js';
import { Price } from '../pricing/Price.js';
import { Labels, Stars } from '../pricing/Labels.js';
import styles from './ProductCard.module.css';

/** Images of the first cards (above the fold) load at once; the rest wait until they come near the viewport. */
export const EAGER_IMAGES = 4;

export interface ProductCardProps {
  article: Article;
  /** Position in its list: decides eager or lazy image loading. */
  index?: number;
}

/**
 * Exposed as `mf_catalog/ProductCard`: a listing card linking to /product/{slug}. The favourite heart is a sibling
 * of the link, not inside it (a button inside a link is neither valid nor usable with a keyboard).
 */
export function ProductCard({ article, index = EAGER_IMAGES }: ProductCardProps) {
  return (
    <div className={styles.cardWrap}>
      <Link className={styles.card} to={productPath(article.slug)} data-testid="product-card">
        <span className={styles.media}>
          <img
            className={styles.image}
            src={article.image}
            alt=""
            width={300}
            height={300}
            // The first card's image is a listing's largest paint (after a category's banner, which comes first in
            // the page and so is the one the shell's start waits for: pageImageProps).
            {...(index === 0 ? pageImageProps : { loading: index < EAGER_IMAGES ? 'eager' : 'lazy' })}
            decoding="async"
          />
          <Labels article={article} className={styles.labels} />
        </span>
        <span className={styles.brand}>{article.brand}</span>
        <h2 className={styles.name}>{article.name}</h2>
        {article.averageRating !== null && <Stars rating={article.averageRating} />}
        <Price price={article.price} originalPrice={article.originalPrice} />
      </Link>
      <FavouriteButton articleId={article.id} name={article.name} />
    </div>
  );
}

export default ProductCard;
