import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useUnit } from 'effector-react';
import { $user, $userLoaded, cartClosed } from '@shop/contracts/bus';
import { texts } from '../texts.js';
import styles from './CartLines.module.css';

export interface CartLoginProps {
  /**
   * The login form, composed in by the host: mf-account's ./LoginForm with `fromCart`, so that after the login's
   * page reload the cart opens again (SPEC §4). The cart only offers the entry; logging in is mf-account's.
   */
  form: ReactNode;
}

/** "Har du konto? Logg inn" under the cart, for a shopper the session model knows is not logged in. */
export function CartLogin({ form }: CartLoginProps) {
  const [user, userLoaded, close] = useUnit([$user, $userLoaded, cartClosed]);
  const [open, setOpen] = useState(false);
  const formId = useId();
  // Until the user is known, offering a login could be wrong (the shopper may already be logged in).
  if (!userLoaded || user) return null;
  // A link in the form (e.g. "Glemt passordet?") leaves the cart: close it so the page it opens is seen.
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) close();
  };
  return (
    <section className={styles.login} aria-label={texts.login}>
      <p>
        {texts.loginIntro}{' '}
        <button type="button" className={styles.linkButton} aria-expanded={open} aria-controls={formId} onClick={() => setOpen((o) => !o)}>
          {texts.login}
        </button>
      </p>
      <div id={formId} hidden={!open} onClickCapture={closeOnLink}>
        {open ? form : null}
      </div>
    </section>
  );
}
