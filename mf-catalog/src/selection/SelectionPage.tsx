import { useParams } from 'react-router-dom';
import { getArticleBundle } from '@shop/contracts/api';
import { splitSelectionIds, type SelectionPageProps } from '@shop/contracts/routes';
import type { LoaderDataProps } from '@shop/contracts/ssr';
import type { Article } from '@shop/contracts/types';
import { ListingBody } from '../listing/ListingBody.js';
import { useLoad } from '../shared/useLoad.js';
import { texts } from '../texts.js';
import { MAX_SELECTION } from './loader.js';
import styles from '../listing/Listing.module.css';

export { loader, MAX_SELECTION } from './loader.js';

/** Exposed as `mf_catalog/SelectionPage` on /utvalg/{ids}: the articles of a selection (ids split on "+"), in order. */
export default function SelectionPage(props: Partial<SelectionPageProps> & LoaderDataProps<Article[]>) {
  const params = useParams();
  const ids = (props.ids ?? splitSelectionIds(params.ids ?? '')).slice(0, MAX_SELECTION);
  const key = ids.join('+');
  const [bundle, reload] = useLoad((signal) => (ids.length === 0 ? Promise.resolve([]) : getArticleBundle(ids, { signal })), [key], () => props.loaderData);
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
