import styles from '../account/AccountPage.module.css';
import { texts } from '../texts.js';

/** Placeholder until the login issue: a clear Norwegian message, never a blank page. */
export default function LoginPage() {
  return (
    <section className={styles.page} aria-labelledby="login-title">
      <h1 id="login-title">{texts.loginTitle}</h1>
      <p>{texts.loginPlaceholder}</p>
    </section>
  );
}
