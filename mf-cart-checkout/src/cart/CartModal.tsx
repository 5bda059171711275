import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $cartCount, cartClosed } from '@shop/contracts/bus';
import { CartLines } from './CartLines.js';
import { texts } from '../texts.js';
import styles from './CartLines.module.css';

/** Exposed as `mf_cart_checkout/CartModal`: the content of the shell's "Min Handlekurv" modal. */
export default function CartModal() {
  const [count, close] = useUnit([$cartCount, cartClosed]);
  return (
    <div>
      <CartLines />
      {count > 0 ? (
        <Link className={styles.checkoutLink} to="/checkout" onClick={() => close()}>
          {texts.toCheckout}
        </Link>
      ) : (
        <Link to="/" onClick={() => close()}>
          {texts.continueShopping}
        </Link>
      )}
    </div>
  );
}
