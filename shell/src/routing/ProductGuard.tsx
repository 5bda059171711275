import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { getArticle } from '@shop/contracts/api';
import { alertRaised } from '@shop/contracts/bus';
import { loadErrorTexts } from '@shop/contracts/texts';
import type { ArticleDetail } from '@shop/contracts/types';
import { RemoteLoading } from '../federation/RemoteBoundary.js';
import type { RemoteModuleRef } from '../federation/composition.js';
import { preloadRemoteModule } from '../federation/preload.js';
import { articleKey, decideProductEntry, guardExit, type GuardExit } from './guard.js';
import { productShown } from './model.js';

/**
 * Marks a handover in the history state as made by this page load. The state outlives a reload (history keeps it),
 * and a copy from before the reload may be stale (visibility, prices, stock): the guard checks such an article again.
 */
const PAGE_LOAD = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

interface Handover {
  article?: ArticleDetail;
  articleCheckedBy?: string;
}

function handedOver(state: unknown, param: string | undefined): ArticleDetail | null {
  const { article, articleCheckedBy } = (state as Handover | null) ?? {};
  return article && param !== undefined && article.slug === param && articleCheckedBy === PAGE_LOAD ? article : null;
}

/** The history entry behind this one belongs to the shop (React Router numbers its entries from 0). */
function canGoBack(): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

/**
 * The product route's navigation guard: loads the article (by id or slug) while the page's code preloads, then
 * shows the page, forwards an id to the slug route (replace; the article goes along in the history state so the page
 * does not fetch it again), or leaves an invisible or unloadable article for the previous route or home.
 */
export function ProductGuard({
  page,
  children,
  loaded = null,
}: {
  /** The product page the registry's remotes declare: its code preloads while the guard checks the article. */
  page: RemoteModuleRef;
  children: (article: ArticleDetail) => ReactNode;
  loaded?: ArticleDetail | null;
}) {
  const { articleName } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [raiseAlert, announce] = useUnit([alertRaised, productShown]);
  // The server-rendered page's article (its loader checked it): shown on the first render, on the server and in the
  // hydration render alike. By id, the guard still forwards to the slug in the browser.
  const handed = handedOver(location.state, articleName) ?? (loaded?.visible && loaded.slug === articleName ? loaded : null);

  useEffect(() => {
    if (handed) {
      announce({ path: location.pathname + location.search, title: handed.name });
      return;
    }
    let cancelled = false;
    const leave = (exit: GuardExit) => {
      if (exit.kind === 'back') navigate(-1);
      else navigate(exit.to, { replace: true });
    };
    // The page's code loads while the article does; a failed preload is left to the page's RemoteBoundary (retry).
    preloadRemoteModule(page.remote, page.module).catch(() => undefined);
    let key: number | string;
    try {
      key = articleKey(articleName);
    } catch (error) {
      leave(guardExit(error, canGoBack()));
      return;
    }
    getArticle(key).then(
      (article) => {
        if (cancelled) return;
        const entry = decideProductEntry(articleName ?? '', { article }, canGoBack());
        if (entry.kind === 'leave') {
          console.info(`[shell] ${entry.message}`);
          leave(entry.exit);
          return;
        }
        const state: Handover = { ...((location.state as object | null) ?? {}), article: entry.article, articleCheckedBy: PAGE_LOAD };
        const to = entry.kind === 'forward' ? entry.to : location.pathname;
        navigate({ pathname: to, search: location.search, hash: location.hash }, { replace: true, state });
      },
      (error: unknown) => {
        if (cancelled) return;
        const entry = decideProductEntry(articleName ?? '', { error }, canGoBack());
        if (entry.kind !== 'leave') return;
        console.warn(`[shell] ${entry.message}`);
        raiseAlert({ type: 'error', message: loadErrorTexts.article });
        leave(entry.exit);
      },
    );
    return () => {
      cancelled = true;
    };
    // Only a new param (or a handover appearing) restarts the check; location is read as of that moment.
  }, [articleName, handed]);

  return handed ? <>{children(handed)}</> : <RemoteLoading />;
}
