import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $cartCount } from '@shop/contracts/bus';
import { CartLines } from '../cart/CartLines.js';
import { texts } from '../texts.js';

/**
 * Exposed as `mf_cart_checkout/CheckoutPage`. For now: the cart to review and change; delivery, click-and-collect
 * and payment are the checkout issue's steps.
 */
export default function CheckoutPage() {
  const count = useUnit($cartCount);
  return (
    <section aria-labelledby="checkout-title">
      <h1 id="checkout-title">{texts.checkoutTitle}</h1>
      <h2>{texts.checkoutSummary}</h2>
      <CartLines />
      {count > 0 ? <p>{texts.checkoutNextStep}</p> : <Link to="/">{texts.continueShopping}</Link>}
    </section>
  );
}
