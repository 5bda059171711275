import type { Shop, Variant } from '@shop/contracts/types';
import { texts } from '../texts.js';
import { shopStock } from './availability.js';
import styles from './ProductPage.module.css';

/** Which shops have the chosen variant, and how many. */
export function ShopAvailability({ variant, shops }: { variant: Variant | null; shops: readonly Shop[] }) {
  const rows = variant ? shopStock(variant, shops) : [];
  return (
    <section className={styles.section} aria-labelledby="stock-title">
      <h2 id="stock-title" className={styles.sectionTitle}>
        {texts.stockTitle}
        {variant && <span className={styles.muted}> {texts.stockFor(`${variant.color.name}, ${variant.size.name}`)}</span>}
      </h2>
      {!variant ? (
        <p className={styles.muted}>{texts.stockChoose}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{texts.noShops}</p>
      ) : (
        <ul className={styles.stockList}>
          {rows.map((row) => (
            <li key={row.id} className={styles.stockRow} data-testid="shop-stock">
              <span>{row.name}</span>
              <span className={row.qty > 0 ? styles.inStock : styles.muted}>{row.qty > 0 ? texts.inStock(row.qty) : texts.notInStock}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
