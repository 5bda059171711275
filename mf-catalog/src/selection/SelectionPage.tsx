import { useParams } from 'react-router-dom';
import { getArticleBundle } from '@shop/contracts/api';
import { splitSelectionIds, type SelectionPageProps } from '@shop/contracts/routes';
import { ListingBody } from '../listing/ListingBody.js';
import { useLoad } from '../shared/useLoad.js';
import { texts } from '../texts.js';
import styles from '../listing/Listing.module.css';

/** The API answers at most this many ids per bundle. */
export const MAX_SELECTION = 100;

/** Exposed as `mf_catalog/SelectionPage` on /utvalg/{ids}: the articles of a selection (ids split on "+"), in order. */
export default function SelectionPage(props: Partial<SelectionPageProps>) {
  const params = useParams();
  const ids = (props.ids ?? splitSelectionIds(params.ids ?? '')).slice(0, MAX_SELECTION);
  const key = ids.join('+');
  const [bundle, reload] = useLoad((signal) => (ids.length === 0 ? Promise.resolve([]) : getArticleBundle(ids, { signal })), [key]);
  return (
    <section className={styles.page} aria-labelledby="selection-title">
      <div className={styles.header}>
        <h1 id="selection-title" className={styles.title}>
          {texts.selectionTitle}
        </h1>
      </div>
      <ListingBody
        status={bundle.status}
        articles={bundle.status === 'ready' ? bundle.value : []}
        countText={bundle.status === 'ready' && bundle.value.length > 0 ? texts.articleCount(bundle.value.length) : null}
        emptyText={texts.selectionEmpty}
        more={null}
        onRetry={reload}
        label={texts.selectionTitle}
      />
    </section>
  );
}
