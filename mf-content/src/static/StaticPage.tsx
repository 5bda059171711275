import { useLocation } from 'react-router-dom';
import { staticPageTitle, texts } from '../texts.js';
import styles from '../home/HomePage.module.css';

/** Static copy pages: a titled placeholder in Norwegian until the content issue writes the copy. */
export default function StaticPage() {
  const { pathname } = useLocation();
  const title = staticPageTitle(pathname);
  return (
    <article className={styles.page} aria-labelledby="static-title">
      <h1 id="static-title">{title}</h1>
      <p>{texts.staticPlaceholder}</p>
    </article>
  );
}
