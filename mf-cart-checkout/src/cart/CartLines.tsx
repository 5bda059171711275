import { useUnit } from 'effector-react';
import { cartAddRequested } from '@shop/contracts/bus';
import { formatMoney } from '@shop/contracts/format';
import { $cartDeposit, $cartTotal, $orders, lineDecremented, lineRemoved } from './model.js';
import { canIncrement } from './rules.js';
import { texts } from '../texts.js';
import styles from './CartLines.module.css';

/** The cart's lines with quantity steppers and the total; used by the cart modal and the checkout page. */
export function CartLines() {
  const [orders, total, deposit, add, decrement, remove] = useUnit([
    $orders,
    $cartTotal,
    $cartDeposit,
    cartAddRequested,
    lineDecremented,
    lineRemoved,
  ]);

  if (orders.length === 0) return <p>{texts.empty}</p>;

  return (
    <>
      <ul className={styles.lines}>
        {orders.map((line) => (
          <li key={line.ean} className={styles.line} data-testid="cart-line">
            <img className={styles.image} src={line.image} alt="" width={72} height={72} loading="lazy" />
            <div>
              <p className={styles.name}>{line.name}</p>
              <p className={styles.meta}>
                {texts.size}: {line.size} · {texts.color}: {line.color}
              </p>
              <div className={styles.quantity}>
                <button
                  type="button"
                  className={styles.stepper}
                  aria-label={texts.decrease(line.name)}
                  disabled={line.count <= 1}
                  onClick={() => decrement(line.ean)}
                >
                  −
                </button>
                <span aria-label={texts.quantity}>{line.count}</span>
                <button
                  type="button"
                  className={styles.stepper}
                  aria-label={texts.increase(line.name)}
                  title={canIncrement(line) ? undefined : texts.atLimit}
                  disabled={!canIncrement(line)}
                  onClick={() => add(line)}
                >
                  +
                </button>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={texts.removeLine(line.name)}
                  onClick={() => remove(line.ean)}
                >
                  {texts.remove}
                </button>
              </div>
            </div>
            <p className={styles.price}>{formatMoney(line.price * line.count)}</p>
          </li>
        ))}
      </ul>
      <div className={styles.summary}>
        <span>{texts.total}</span>
        <strong data-testid="cart-total">{formatMoney(total)}</strong>
      </div>
      {deposit > 0 && <p className={styles.deposit}>{texts.deposit(formatMoney(deposit))}</p>}
    </>
  );
}
