import { Link } from 'react-router-dom';
import type { Loaded } from './useLoad.js';
import { texts } from '../texts.js';

/** Loading, missing and failed states of a page (the ready state is the caller's). */
export function LoadState({ state, retry }: { state: Exclude<Loaded<unknown>, { status: 'ready' }>; retry: () => void }) {
  if (state.status === 'loading') return <p role="status">{texts.loading}</p>;
  if (state.status === 'missing')
    return (
      <p role="alert">
        {texts.notFound} <Link to="/">{texts.toFrontPage}</Link>
      </p>
    );
  return (
    <p role="alert">
      {texts.loadFailed}{' '}
      <button type="button" onClick={retry}>
        {texts.retry}
      </button>
    </p>
  );
}
