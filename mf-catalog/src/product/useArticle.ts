import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { alertRaised } from '@shop/contracts/bus';
import { getArticle } from '@shop/contracts/api';
import { isArticleIdParam, productPath } from '@shop/contracts/routes';
import { loadErrorTexts } from '@shop/contracts/texts';
import type { ArticleDetail } from '@shop/contracts/types';

export type ArticleLoad = { status: 'loading' } | { status: 'ready'; article: ArticleDetail } | { status: 'failed' };

/** /product/{id} (all digits) loads by id and forwards; anything else is a slug. */
export function parseArticleParam(param: string | undefined): number | string | null {
  if (!param) return null;
  return isArticleIdParam(param) ? Number(param) : param;
}

/** The article handed over when /product/{id} forwards to /product/{slug}, so the forward costs no second request. */
function handedOver(state: unknown, slug: string): ArticleDetail | null {
  const article = (state as { article?: ArticleDetail } | null)?.article;
  return article && article.slug === slug ? article : null;
}

/**
 * Loads the product page's article. By id: load, then forward (replace, not push) to /product/{slug}. By slug:
 * load by slug. An article not visible on the web sends the shopper back (or home); a failure raises the spec's
 * alert "Error: Could not load article".
 */
export function useArticle(param: string | undefined, given?: ArticleDetail | null): ArticleLoad {
  const location = useLocation();
  const navigate = useNavigate();
  const raiseAlert = useUnit(alertRaised);
  const [load, setLoad] = useState<ArticleLoad>(() =>
    given && given.visible && param !== undefined && given.slug === param ? { status: 'ready', article: given } : { status: 'loading' },
  );

  useEffect(() => {
    const key = parseArticleParam(param);
    if (key === null) {
      setLoad({ status: 'failed' });
      return;
    }
    // The shell's guard already loaded the article (ProductPageProps.article); a forward hands it over in the state.
    const handed = typeof key === 'string' ? (given && given.slug === key ? given : handedOver(location.state, key)) : null;
    if (handed && handed.visible) {
      setLoad({ status: 'ready', article: handed });
      return;
    }
    let cancelled = false;
    setLoad({ status: 'loading' });
    getArticle(key).then(
      (article) => {
        if (cancelled) return;
        if (!article.visible) {
          console.info(`[mf-catalog] article ${article.id} is not visible on the web; leaving the product page`);
          const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
          if (canGoBack) navigate(-1);
          else navigate('/', { replace: true });
          return;
        }
        if (typeof key === 'number') {
          navigate(productPath(article.slug), { replace: true, state: { article } });
        }
        setLoad({ status: 'ready', article });
      },
      () => {
        if (cancelled) return;
        setLoad({ status: 'failed' });
        raiseAlert({ type: 'error', message: loadErrorTexts.article });
      },
    );
    return () => {
      cancelled = true;
    };
    // location.state is read only together with a new param; following it would reload on every state change.
  }, [param, given, navigate, raiseAlert]);

  return load;
}
