import { useUnit } from 'effector-react';
import { cartAddRequested } from '@shop/contracts/bus';
import { formatMoney } from '@shop/contracts/format';
import { $cartErrors, $orders, lineDecremented, lineRemoved } from './model.js';
import { addOutcome, addRequestFor, errorsForLine, type AddOutcome } from './rules.js';
import { texts } from '../texts.js';
import styles from './CartLines.module.css';

/** Why "+" is off for a line (the cart add rule's refusal), or null while one more may be added. */
function ceilingNote(outcome: AddOutcome): string | null {
  if (outcome.kind === 'limit') return texts.lineAtLimit(outcome.limit);
  if (outcome.kind === 'stock') return texts.lineAtStock(outcome.stock);
  return null;
}

/** The cart's lines with quantity steppers; used by the cart modal and the checkout page. */
export function CartLines() {
  const [orders, errors, add, decrement, remove] = useUnit([$orders, $cartErrors, cartAddRequested, lineDecremented, lineRemoved]);

  if (orders.length === 0) return <p>{texts.empty}</p>;

  return (
    <ul className={styles.lines}>
      {orders.map((line) => {
        const lineErrors = errorsForLine(errors, line.ean);
        const errorId = `cart-line-error-${line.ean}`;
        const ceiling = ceilingNote(addOutcome([line], line));
        const ceilingId = `cart-line-ceiling-${line.ean}`;
        return (
          <li
            key={line.ean}
            className={lineErrors.length > 0 ? `${styles.line} ${styles.lineInvalid}` : styles.line}
            data-testid="cart-line"
            data-ean={line.ean}
            aria-describedby={lineErrors.length > 0 ? errorId : undefined}
          >
            <img className={styles.image} src={line.image} alt="" width={72} height={72} loading="lazy" />
            <div>
              <p className={styles.name}>{line.name}</p>
              <p className={styles.meta}>
                {texts.color}: {line.color} · {texts.size}: {line.size}
              </p>
              {line.pant > 0 && <p className={styles.meta}>{texts.deposit(formatMoney(line.pant * line.count))}</p>}
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
                <output aria-label={texts.quantityOf(line.name)} data-testid="cart-line-count">
                  {line.count}
                </output>
                <button
                  type="button"
                  className={styles.stepper}
                  aria-label={texts.increase(line.name)}
                  title={ceiling ?? undefined}
                  aria-describedby={ceiling ? ceilingId : undefined}
                  disabled={ceiling !== null}
                  onClick={() => add(addRequestFor(line))}
                >
                  +
                </button>
                <button type="button" className={styles.remove} aria-label={texts.removeLine(line.name)} onClick={() => remove(line.ean)}>
                  {texts.remove}
                </button>
              </div>
              {ceiling && (
                <p id={ceilingId} className={styles.meta} data-testid="cart-line-ceiling">
                  {ceiling}
                </p>
              )}
              {lineErrors.length > 0 && (
                <p id={errorId} className={styles.error} role="alert">
                  {lineErrors.map((error) => error.message || texts.lineError).join(' ')}
                </p>
              )}
            </div>
            <p className={styles.price}>{formatMoney(line.price * line.count)}</p>
          </li>
        );
      })}
    </ul>
  );
}
