import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { cartClosed, promoModalToggled } from '@shop/contracts/bus';
import { $orders } from './model.js';
import { CartLines } from './CartLines.js';
import { CartSummary } from './CartSummary.js';
import { CartLogin } from './CartLogin.js';
import { texts } from '../texts.js';
import styles from './CartLines.module.css';

export interface CartModalProps {
  /** mf-account's login form (with fromCart), passed in by the shell; offered to a shopper who is not logged in. */
  loginForm?: ReactNode;
}

/** Exposed as `mf_cart_checkout/CartModal`: the content of the shell's "Min Handlekurv" modal. */
export default function CartModal({ loginForm }: CartModalProps = {}) {
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
      {loginForm ? <CartLogin form={loginForm} /> : null}
    </div>
  );
}
