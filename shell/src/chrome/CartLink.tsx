import type { MouseEvent } from 'react';
import { createEvent } from 'effector';
import { useUnit } from 'effector-react';
import { $cartCount, cartOpened } from '@shop/contracts/bus';
import { whenModelsReady } from '../routing/model.js';
import { texts } from '../texts.js';
import styles from './Chrome.module.css';

/** A click on the cart link opens the cart once the cart model listens (the page renders before the models load). */
const cartLinkClicked = createEvent({ name: 'shell:cart-link-clicked' });
whenModelsReady(cartLinkClicked, cartOpened);

/**
 * The header's cart link. It is a real link to /checkout (works without JavaScript and with a modifier click);
 * a plain click opens the cart modal instead. The badge shows only when there is something in the cart.
 */
export function CartLink() {
  const [count, openCart] = useUnit([$cartCount, cartLinkClicked]);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openCart();
  };
  return (
    <a href="/checkout" title={texts.cartLinkTitle} className={styles.iconLink} onClick={onClick}>
      <svg aria-hidden="true" width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 7h12l-1.2 12.1a1 1 0 0 1-1 .9H8.2a1 1 0 0 1-1-.9L6 7Z" />
        <path d="M9 7V6a3 3 0 0 1 6 0v1" />
      </svg>
      <span className={styles.visuallyHidden}>{count > 0 ? texts.cartCountLabel(count) : texts.cartEmptyLabel}</span>
      {count > 0 && (
        <span className={styles.badge} data-testid="cart-count" aria-hidden="true">
          {count}
        </span>
      )}
    </a>
  );
}
