import { formatMoney } from '@shop/contracts/format';
import { texts } from '../texts.js';
import styles from './Price.module.css';

interface Props {
  price: number;
  originalPrice: number | null;
  large?: boolean;
}

/** The price in kroner; the original price is struck through when a campaign has lowered it. */
export function Price({ price, originalPrice, large = false }: Props) {
  const reduced = originalPrice !== null && originalPrice > price;
  return (
    <p className={large ? `${styles.prices} ${styles.large}` : styles.prices}>
      <span className={reduced ? `${styles.price} ${styles.sale}` : styles.price} data-testid="price">
        {reduced && <span className={styles.visuallyHidden}>{texts.now} </span>}
        {formatMoney(price)}
      </span>
      {reduced && (
        <s className={styles.original}>
          <span className={styles.visuallyHidden}>{texts.before} </span>
          {formatMoney(originalPrice)}
        </s>
      )}
    </p>
  );
}
