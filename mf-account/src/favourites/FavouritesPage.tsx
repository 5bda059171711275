import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { $favourites } from '@shop/contracts/bus';
import { formatMoney } from '@shop/contracts/format';
import { productPath } from '@shop/contracts/routes';
import { $favouriteArticles, $missingFavouriteIds, loadFavouriteArticlesFx } from './model.js';
import FavouriteToggle from './FavouriteToggle.js';
import { texts } from '../texts.js';
import styles from '../ui/ui.module.css';
import { accountLoader } from '../head/head.js';

export const loader = accountLoader('favourites');

/** The favourites page: works without logging in (favourites live in the browser, shared by its tabs). */
export default function FavouritesPage() {
  const [ids, articles, missing, load, pending] = useUnit([$favourites, $favouriteArticles, $missingFavouriteIds, loadFavouriteArticlesFx, loadFavouriteArticlesFx.pending]);
  const missingKey = missing.join(',');
  useEffect(() => {
    if (missingKey) load(ids).catch(() => undefined);
    // Reload only when an id is missing (added here or in another tab); removals just filter.
  }, [missingKey, load]);
  const shown = ids.map((id) => articles.find((a) => a.id === id)).filter((a) => a !== undefined);
  return (
    <section aria-labelledby="favourites-title">
      <h1 id="favourites-title">{texts.favouritesTitle}</h1>
      {ids.length === 0 ? <p>{texts.noFavourites}</p> : null}
      {ids.length > 0 && shown.length === 0 && pending ? <p role="status">{texts.loading}</p> : null}
      <ul className={styles.grid}>
        {shown.map((article) => (
          <li key={article.id} className={styles.card}>
            <Link to={productPath(article.slug || article.id)}>
              {article.image ? <img src={article.image} alt="" width={160} height={160} loading="lazy" /> : null}
              <h2>{article.name}</h2>
            </Link>
            <p>{formatMoney(article.price)}</p>
            <FavouriteToggle articleId={article.id} name={article.name} />
          </li>
        ))}
      </ul>
    </section>
  );
}
