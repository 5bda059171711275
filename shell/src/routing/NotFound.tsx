import { Link } from 'react-router-dom';
import { pathFor } from '@shop/contracts/routes';
import { texts } from '../texts.js';
import styles from '../chrome/Chrome.module.css';

/** No route matches (e.g. more than three category levels): a clear page, never a blank one. */
export function NotFound() {
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <h1 id="not-found-title">{texts.notFound.title}</h1>
      <p>{texts.notFound.text}</p>
      <Link to={pathFor('home')}>{texts.homeLink}</Link>
    </section>
  );
}
