import { useUnit } from 'effector-react';
import { $user, $userLoaded } from '@shop/contracts/bus';
import styles from './AccountPage.module.css';
import { texts } from '../texts.js';

/** Placeholder until the account issue: says who is logged in (if anyone) in plain Norwegian. */
export default function AccountPage() {
  const [user, loaded] = useUnit([$user, $userLoaded]);
  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title">{texts.accountTitle}</h1>
      {!loaded ? (
        <p role="status">{texts.loading}</p>
      ) : user ? (
        <p>{texts.loggedInAs(`${user.first_name} ${user.last_name}`.trim())}</p>
      ) : (
        <p>{texts.notLoggedIn}</p>
      )}
      <p>{texts.accountPlaceholder}</p>
    </section>
  );
}
