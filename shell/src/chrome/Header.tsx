import { useEffect } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { pathFor } from '@shop/contracts/routes';
import { $categories, categoriesRequested } from '../navigation/model.js';
import { brand } from '../brand.js';
import { texts } from '../texts.js';
import { CartLink } from './CartLink.js';
import styles from './Chrome.module.css';

export function Header() {
  const [categories, requestCategories] = useUnit([$categories, categoriesRequested]);
  useEffect(() => requestCategories(), [requestCategories]);

  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to="/" className={styles.logo} aria-label={`${brand.name} – ${texts.homeLink.toLowerCase()}`}>
          {brand.name}
        </Link>
        <nav className={styles.nav} aria-label={texts.mainMenu}>
          <ul className={styles.menu}>
            {categories.map((category) => (
              <li key={category.id}>
                <NavLink
                  to={pathFor('category', { categoryName: category.name })}
                  className={({ isActive }) => (isActive ? `${styles.menuLink} ${styles.menuLinkActive}` : styles.menuLink)}
                >
                  {category.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <CartLink />
      </div>
    </header>
  );
}
