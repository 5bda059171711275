import { useEffect, useRef } from 'react';
import { useUnit } from 'effector-react';
import { $cartOpen, cartClosed } from '@shop/contracts/bus';
import { RemoteBoundary } from '../federation/RemoteBoundary.js';
import { texts } from '../texts.js';
import styles from './CartModalHost.module.css';

/**
 * "Min Handlekurv": a native modal <dialog> (focus stays inside, Esc closes, focus returns to the opener) hosting
 * mf-cart-checkout's CartModal widget. The widget is only fetched the first time the cart is opened.
 */
export function CartModalHost() {
  const [open, close] = useUnit([$cartOpen, cartClosed]);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="cart-modal-title"
      onClose={() => close()}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className={styles.head}>
        <h2 id="cart-modal-title" className={styles.title}>
          {texts.cartModalTitle}
        </h2>
        <button type="button" className={styles.close} onClick={() => close()}>
          {texts.close}
        </button>
      </div>
      <div className={styles.body}>{open && <RemoteBoundary remote="mf_cart_checkout" module="CartModal" />}</div>
    </dialog>
  );
}
