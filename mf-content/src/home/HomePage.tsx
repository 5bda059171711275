import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { getCategories } from '@shop/contracts/api';
import { pathFor } from '@shop/contracts/routes';
import type { Category } from '@shop/contracts/types';
import { texts } from '../texts.js';
import styles from './HomePage.module.css';

type CategoriesState = { status: 'loading' } | { status: 'ready'; categories: Category[] } | { status: 'failed' };

/** Home: a welcome and the main categories as entry points (banner slots and sections come with their issue). */
export default function HomePage() {
  const [state, setState] = useState<CategoriesState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    getCategories().then(
      (categories) => !cancelled && setState({ status: 'ready', categories }),
      () => !cancelled && setState({ status: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title">{texts.homeTitle}</h1>
        <p>{texts.homeIntro}</p>
      </section>
      <section aria-labelledby="home-categories">
        <h2 id="home-categories">{texts.categoriesTitle}</h2>
        {state.status === 'loading' && <p role="status">{texts.categoriesLoading}</p>}
        {state.status === 'failed' && <p role="alert">{texts.categoriesFailed}</p>}
        {state.status === 'ready' && (
          <ul className={styles.categories}>
            {state.categories.map((category) => (
              <li key={category.id}>
                <Link className={styles.categoryLink} to={pathFor('category', { categoryName: category.name })}>
                  <span className={styles.categoryName}>{category.name}</span>
                  {category.count > 0 && <span className={styles.categoryCount}>{texts.articleCount(category.count)}</span>}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
