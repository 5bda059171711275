import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $favourites, $user } from '@shop/contracts/bus';
import { pathFor } from '@shop/contracts/routes';
import { texts } from '../texts.js';
import styles from './Chrome.module.css';

/**
 * Favourites and "Min side" / "Logg inn" in the header. Favourites work without an account (they live in the
 * browser), so their link is always there; the account link follows the session model's $user.
 */
export function AccountLinks() {
  const [user, favourites] = useUnit([$user, $favourites]);
  const favouritesLabel = texts.favouritesLink(favourites.length);
  const accountLabel = user ? texts.accountLink : texts.loginLink;
  return (
    <>
      <Link to={pathFor('favourites')} className={styles.iconLink} title={favouritesLabel} data-testid="favourites-link">
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill={favourites.length > 0 ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
          <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
        </svg>
        <span className={styles.visuallyHidden}>{favouritesLabel}</span>
      </Link>
      <Link to={pathFor(user ? 'account' : 'login')} className={styles.iconLink} title={accountLabel} data-testid="account-link">
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21a8 8 0 0 1 16 0" />
        </svg>
        <span className={styles.visuallyHidden}>{accountLabel}</span>
      </Link>
    </>
  );
}
