import { Link } from 'react-router-dom';
import { inlineCategories } from '@shop/contracts/api';
import { pathFor, type GenderRoute } from '@shop/contracts/routes';
import { PARAM } from '../filters/urlState.js';
import type { CategoryLoaded } from '../listing/loaded.js';
import { SearchListing } from '../search/SearchListing.js';
import { loadCategories } from '../shared/reference.js';
import { useLoad } from '../shared/useLoad.js';
import { texts } from '../texts.js';
import styles from '../listing/Listing.module.css';

/**
 * A gender landing (/herre, /dame, /junior, /barn, /uni, /voksen = uni, /barn-junior = barn and junior): the main
 * groups as shortcuts to their listings filtered to the gender, and every article of the gender (search API with a
 * GenderID filter), bestsellers first.
 */
export function GenderLanding({ gender, loaded }: { gender: GenderRoute; loaded?: CategoryLoaded }) {
  const title = texts.genderTitles[gender.url] ?? texts.genderTitles[gender.gender] ?? gender.gender;
  const [categories] = useLoad(() => loadCategories(), [], inlineCategories);
  const nav =
    categories.status === 'ready' ? (
      <nav className={styles.nav} aria-label={texts.categoriesFor(title)}>
        <ul className={styles.navList}>
          {categories.value
            .filter((c) => c.count > 0)
            .map((c) => (
              <li key={c.id}>
                <Link className={styles.navLink} to={`${pathFor('category', { categoryName: c.name })}?${PARAM.genders}=${gender.genderIds.join(',')}`}>
                  {c.name}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
    ) : null;
  return (
    <SearchListing
      key={gender.url}
      query=""
      fixed={{ genders: gender.genderIds }}
      genderOptions={gender.genderIds.length > 1 ? (all) => all.filter((g) => gender.genderIds.includes(g.id)) : undefined}
      title={title}
      beforeListing={nav}
      countText={texts.articleCount}
      emptyText={texts.noArticles}
      label={title}
      loaded={loaded}
    />
  );
}
