import { Link } from 'react-router-dom';
import { pathFor } from '@shop/contracts/routes';
import type { Category, PopularCategory } from '@shop/contracts/types';
import { loadCategories } from '../shared/reference.js';
import { useLoad } from '../shared/useLoad.js';
import { texts } from '../texts.js';
import styles from './Widget.module.css';

export interface PopularCategoriesProps {
  /** The home page's configured tiles (Settings.popularCategories); without them the largest subcategories are shown. */
  items?: PopularCategory[] | null;
  /** How many tiles at most (default 6). */
  limit?: number;
  title?: string;
}

interface Tile {
  key: string;
  name: string;
  link: string;
  image: string | null;
  count: number | null;
}

/** The subcategories with the most web-visible articles, as tiles. Pure. */
export function largestSubcategories(categories: readonly Category[], limit: number): Tile[] {
  return categories
    .flatMap((category) =>
      category.subcategories.map((sub) => ({
        key: `${category.id}-${sub.id}`,
        name: sub.name,
        link: pathFor('category', { categoryName: category.name, subcategoryName: sub.name }),
        image: null,
        count: sub.count,
      })),
    )
    .filter((tile) => tile.count > 0)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'nb-NO'))
    .slice(0, limit);
}

/** Exposed as `mf_catalog/PopularCategories` for the home page. */
export default function PopularCategories({ items, limit = 6, title = texts.popularCategories }: PopularCategoriesProps) {
  const configured = items && items.length > 0;
  const [categories] = useLoad(() => (configured ? Promise.resolve([]) : loadCategories()), [configured]);
  const tiles: Tile[] = configured
    ? items.slice(0, limit).map((item, i) => ({ key: `${i}-${item.link}`, name: item.name, link: item.link, image: item.image || null, count: null }))
    : categories.status === 'ready'
      ? largestSubcategories(categories.value, limit)
      : [];
  if (tiles.length === 0) return null;
  return (
    <section className={styles.widget} aria-labelledby="popular-categories-title">
      <h2 id="popular-categories-title" className={styles.title}>
        {title}
      </h2>
      <ul className={styles.tiles}>
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link className={styles.tile} to={tile.link}>
              {tile.image && <img src={tile.image} alt="" width={320} height={240} loading="lazy" decoding="async" />}
              <span className={styles.tileName}>{tile.name}</span>
              {tile.count !== null && <span className={styles.muted}>{texts.articleCount(tile.count)}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
