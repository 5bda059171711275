import { useUnit } from 'effector-react';
import { formatMoney } from '@shop/contracts/format';
import { $activePromocode, $cartDeposit, $cartSubtotal, $cartTotal, $discountApplied, $orders, $shipping } from './model.js';
import { texts } from '../texts.js';
import styles from './CartLines.module.css';

/**
 * Deposit, freight, discount and total of the cart. Without `freight` (the cart modal) it shows the cart's freight
 * (highest frightPrice) as what home delivery costs, and a total without it. The checkout passes the chosen shipping
 * method with its price for this cart (checkout/rules.ts `shippingPrice`: the same freight for home delivery, 0 for
 * click-and-collect), which "Å betale" adds.
 */
export function CartSummary({ freight }: { freight?: { label: string; price: number } }) {
  const [orders, subtotal, deposit, discount, total, shipping, code] = useUnit([
    $orders,
    $cartSubtotal,
    $cartDeposit,
    $discountApplied,
    $cartTotal,
    $shipping,
    $activePromocode,
  ]);
  if (orders.length === 0) return null;
  // The modal shows what home delivery would cost (total without it); the checkout adds the chosen method's price.
  const shown = freight ?? { label: texts.freightFrom, price: shipping };
  const payable = freight ? total + freight.price : total;
  return (
    <dl className={styles.summaryList} aria-label={texts.cartSummary}>
      <div>
        <dt>{texts.subtotal}</dt>
        <dd>{formatMoney(subtotal)}</dd>
      </div>
      {deposit > 0 && (
        <div>
          <dt>{texts.depositLine}</dt>
          <dd data-testid="cart-deposit">{formatMoney(deposit)}</dd>
        </div>
      )}
      {discount > 0 && (
        <div>
          <dt>
            {texts.discount}
            {code ? ` (${code.name})` : ''}
          </dt>
          <dd data-testid="cart-discount">−{formatMoney(discount)}</dd>
        </div>
      )}
      <div>
        <dt>{shown.label}</dt>
        <dd data-testid="cart-freight">{formatMoney(shown.price)}</dd>
      </div>
      <div className={styles.summaryTotal}>
        <dt>{freight ? texts.payable : texts.totalExFreight}</dt>
        <dd data-testid="cart-total">{formatMoney(payable)}</dd>
      </div>
    </dl>
  );
}
