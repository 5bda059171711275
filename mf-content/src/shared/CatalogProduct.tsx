import { Link } from 'react-router-dom';
import { formatMoney } from '@shop/contracts/format';
import { productPath } from '@shop/contracts/routes';
import type { Article } from '@shop/contracts/types';
import { CatalogWidget } from '../federation/CatalogWidget.js';
import styles from '../content.module.css';

/** Without the catalogue remote (and on the server, and in the hydration render): a plain link. */
function ProductLink({ article }: { article: Article }) {
  return (
    <Link className={styles.productLink} to={productPath(article.id)}>
      <span>{article.name}</span> <span>{formatMoney(article.price)}</span>
    </Link>
  );
}

/** A product as the catalogue's own card (mf-catalog's ProductCard through the shell's loader). */
export function CatalogProduct({ article }: { article: Article }) {
  return <CatalogWidget module="ProductCard" props={{ article }} fallback={<ProductLink article={article} />} />;
}
