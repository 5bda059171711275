import { useParams } from 'react-router-dom';
import type { SearchPageProps } from '@shop/contracts/routes';
import type { LoaderDataProps } from '@shop/contracts/ssr';
import type { ListingLoaded } from '../listing/loaded.js';
import { texts } from '../texts.js';
import SearchBox from './SearchBox.js';
import { SearchListing } from './SearchListing.js';
import styles from '../listing/Listing.module.css';

export { loader } from './loader.js';

/** The route param, decoded once more when it arrives still encoded ("%C3%B8" typed into the address bar). */
export function queryFromParam(param: string | undefined): string {
  if (!param) return '';
  try {
    return decodeURIComponent(param).trim();
  } catch {
    return param.trim();
  }
}

/**
 * Exposed as `mf_catalog/SearchPage` on /search/{query}: its own box to change the query (named apart from the
 * header's; the header hides search for the single-line brand), hits with facets (colour groups, genders, brands, shops, price) whose state lives in the URL query.
 */
export default function SearchPage(props: Partial<SearchPageProps> & LoaderDataProps<ListingLoaded>) {
  const params = useParams();
  const query = (props.query ?? queryFromParam(params.query)).trim();
  if (query === '') {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{texts.searchLabel}</h1>
        <p>{texts.searchEmptyQuery}</p>
        <SearchBox label={texts.searchRefine} />
      </section>
    );
  }
  return (
    <SearchListing
      key={query}
      query={query}
      title={texts.searchTitle(query)}
      headerExtra={<SearchBox initialQuery={query} label={texts.searchRefine} />}
      genderOptions={(genders) => genders}
      countText={texts.searchHits}
      emptyText={texts.searchNoHits(query)}
      label={texts.searchTitle(query)}
      loaded={props.loaderData}
    />
  );
}
