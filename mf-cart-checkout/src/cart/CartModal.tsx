import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { cartClosed, promoModalToggled } from '@shop/contracts/bus';
import { $orders } from './model.js';
import { CartLines } from './CartLines.js';
import { CartSummary } from './CartSummary.js';
import { texts } from '../texts.js';
import styles from './CartLines.module.css';

/** Exposed as `mf_cart_checkout/CartModal`: the content of the shell's "Min Handlekurv" modal. */
export default function CartModal() {
  const [orders, close, togglePromo] = useUnit([$orders, cartClosed, promoModalToggled]);
  return (
    <div data-testid="cart-modal-content">
      <CartLines />
      <CartSummary />
      {orders.length > 0 ? (
        <>
          <button type="button" className={styles.linkButton} onClick={() => togglePromo()}>
            {texts.promoOpen}
          </button>
          <Link className={styles.checkoutLink} to="/checkout" onClick={() => close()}>
            {texts.toCheckout}
          </Link>
        </>
      ) : (
        <Link to="/" onClick={() => close()}>
          {texts.continueShopping}
        </Link>
      )}
    </div>
  );
}
