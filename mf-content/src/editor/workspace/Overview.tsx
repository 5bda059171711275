import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { getContentOverview, isApiError } from '@shop/contracts/api';
import { CONTENT_STATUSES, CONTENT_TYPES } from '@shop/contracts/constants';
import type { ContentPage, ContentQuery, ContentSummary, EditorSession } from '@shop/contracts/types';
import { Button, Notice, SelectField, StatusBadge, TextField, buttonClass } from '../ui/index.js';
import { texts as statusTexts } from '../ui/texts.js';
import { formatOslo } from './osloTime.js';
import { MAX_SEARCH, isFiltered, overviewQueryFrom, overviewSearchFor, withFilter } from './overviewQuery.js';
import { editorPaths } from './paths.js';
import { texts } from './texts.js';
import styles from './workspace.module.css';

/** `refreshing`: the list shown is the previous query's while the new one loads (no flash of a loading notice). */
type Load = { state: 'loading' } | { state: 'failed' } | { state: 'done'; page: ContentPage; refreshing?: boolean };

const NEW_BUTTONS = ['blog-post', 'poll', 'home-layout'] as const;

/** One page of the overview for the query in the address; `retry` loads it again. */
function useOverview(query: ContentQuery, key: string) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoad((previous) => (previous.state === 'done' ? { ...previous, refreshing: true } : { state: 'loading' }));
    getContentOverview(query, { signal: controller.signal }).then(
      (page) => setLoad({ state: 'done', page }),
      (error: unknown) => {
        if (!(isApiError(error) && error.kind === 'aborted')) setLoad({ state: 'failed' });
      },
    );
    return () => controller.abort();
    // `key` is the query as text: a new object with the same values must not load again.
  }, [key, attempt]);
  return { load, retry: () => setAttempt((n) => n + 1) };
}

/** /redaksjon: every post, poll, copy page and home layout, newest change first, filtered and searched from the address. */
export function Overview(_props: { session: EditorSession }) {
  const location = useLocation();
  const navigate = useNavigate();
  const search = overviewSearchFor(overviewQueryFrom(new URLSearchParams(location.search)));
  const query = useMemo(() => overviewQueryFrom(new URLSearchParams(search)), [search]);
  const { load, retry } = useOverview(query, search);
  const [text, setText] = useState(query.q ?? '');
  const headingId = useId();
  // Back/forward changes the address under the field: show the search that list is for.
  useEffect(() => setText(query.q ?? ''), [query.q]);

  const go = (next: ContentQuery) => navigate({ pathname: editorPaths.overview(), search: overviewSearchFor(next) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(withFilter(query, { q: text }));
  };

  return (
    <section aria-labelledby={headingId} className={styles.overview} aria-busy={load.state === 'loading' || (load.state === 'done' && load.refreshing === true)}>
      <div className={styles.titleRow}>
        <h2 id={headingId}>{texts.overview.heading}</h2>
        <div className={styles.actions} role="group" aria-label={texts.overview.create}>
          {NEW_BUTTONS.map((type) => (
            <Link key={type} to={editorPaths.newItem(type)} className={buttonClass('secondary', true)}>
              {texts.newOf[type]}
            </Link>
          ))}
        </div>
      </div>

      <form role="search" aria-label={texts.overview.filters} className={styles.filters} onSubmit={submit}>
        <div className={styles.searchField}>
          <TextField label={texts.overview.search} type="search" name="q" value={text} maxLength={MAX_SEARCH} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" variant="secondary">
            {texts.overview.searchButton}
          </Button>
        </div>
        <SelectField label={texts.overview.type} name="type" value={query.type ?? ''} onChange={(e) => go(withFilter(query, { type: (e.target.value || undefined) as ContentQuery['type'] }))}>
          <option value="">{texts.overview.allTypes}</option>
          {CONTENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {texts.types[type]}
            </option>
          ))}
        </SelectField>
        <SelectField label={texts.overview.status} name="status" value={query.status ?? ''} onChange={(e) => go(withFilter(query, { status: (e.target.value || undefined) as ContentQuery['status'] }))}>
          <option value="">{texts.overview.allStatuses}</option>
          {CONTENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusTexts.status[status]}
            </option>
          ))}
        </SelectField>
        {isFiltered(query) && (
          <Link to={editorPaths.overview()} className={buttonClass('secondary', false, styles.clear)}>
            {texts.overview.clear}
          </Link>
        )}
      </form>

      {load.state === 'loading' && <Notice>{texts.loading}</Notice>}
      {load.state === 'failed' && (
        <Notice tone="error">
          {texts.overview.failed}{' '}
          <Button small variant="secondary" onClick={retry}>
            {texts.retry}
          </Button>
        </Notice>
      )}
      {load.state === 'done' && <Results page={load.page} query={query} />}
    </section>
  );
}

function Results({ page, query }: { page: ContentPage; query: ContentQuery }) {
  const { data, meta } = page;
  return (
    <>
      <p role="status" className={styles.count}>
        {texts.overview.results(meta.total)}
      </p>
      {data.length === 0 ? (
        <Notice>{isFiltered(query) ? texts.overview.noMatch : texts.overview.empty}</Notice>
      ) : (
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>{texts.overview.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.overview.columns.title}</th>
              <th scope="col">{texts.overview.columns.type}</th>
              <th scope="col">{texts.overview.columns.status}</th>
              <th scope="col">{texts.overview.columns.changed}</th>
              <th scope="col">{texts.overview.columns.by}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <Row key={`${row.type}/${row.key}`} row={row} />
            ))}
          </tbody>
        </table>
      )}
      {meta.last_page > 1 && <Paging current={meta.current_page} last={meta.last_page} query={query} />}
    </>
  );
}

/** One piece of content; on a phone each row is a card whose cells carry their column's name (data-label). */
function Row({ row }: { row: ContentSummary }) {
  const { columns } = texts.overview;
  return (
    <tr data-testid="content-row">
      <th scope="row" data-label={columns.title}>
        <Link to={editorPaths.item(row.type, row.key)} className={styles.rowLink}>
          {row.title}
        </Link>
      </th>
      <td data-label={columns.type}>{texts.types[row.type]}</td>
      <td data-label={columns.status}>
        <StatusBadge status={row.status} pendingChanges={row.pending_changes} />
        {row.status === 'scheduled' && (
          <span className={styles.when}>
            {' '}
            {texts.overview.scheduledAt(formatOslo(row.published_at))}
            {row.publish_until && ` ${texts.overview.until(formatOslo(row.publish_until))}`}
          </span>
        )}
      </td>
      <td data-label={columns.changed}>
        <time dateTime={row.updated_at}>{formatOslo(row.updated_at)}</time>
      </td>
      <td data-label={columns.by}>{row.updated_by ?? texts.unknownAuthor}</td>
    </tr>
  );
}

function Paging({ current, last, query }: { current: number; last: number; query: ContentQuery }) {
  const to = (page: number) => ({ pathname: editorPaths.overview(), search: overviewSearchFor({ ...query, page }) });
  return (
    <nav aria-label={texts.overview.paging} className={styles.paging}>
      {current > 1 ? (
        <Link to={to(current - 1)} className={buttonClass('secondary', true)} rel="prev">
          {texts.overview.previous}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{texts.overview.pageOf(current, last)}</span>
      {current < last ? (
        <Link to={to(current + 1)} className={buttonClass('secondary', true)} rel="next">
          {texts.overview.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
