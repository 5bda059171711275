import { ApiError } from '@shop/contracts/api';
import { isArticleIdParam, productPath } from '@shop/contracts/routes';
import type { ArticleDetail } from '@shop/contracts/types';

/** A guard failure that knows where the shopper should go instead (SPEC §8: "the error's redirect target"). */
export class GuardError extends Error {
  override readonly name = 'GuardError';
  constructor(
    message: string,
    readonly redirectTo?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** How a guard leaves a route it refuses: one step back in history, or a replace to a path. */
export type GuardExit = { kind: 'back' } | { kind: 'replace'; to: string };

/**
 * SPEC §8: any guard error redirects to the error's redirect target, else the previous route, else home.
 * "Previous route" is the history entry behind this one when it belongs to the shop (`canGoBack`); going back
 * rather than pushing it again leaves no dead entry for the back button.
 */
export function guardExit(error: unknown, canGoBack: boolean): GuardExit {
  if (error instanceof GuardError && error.redirectTo) return { kind: 'replace', to: error.redirectTo };
  return canGoBack ? { kind: 'back' } : { kind: 'replace', to: '/' };
}

export type ProductEntry =
  /** The URL names the article by its slug: show it, handing the loaded article to the page. */
  | { kind: 'show'; article: ArticleDetail }
  /** An id (or a non-canonical slug): replace the URL with the slug route, handing the article over. */
  | { kind: 'forward'; to: string; article: ArticleDetail }
  /** Not visible on the web, or the article could not be loaded: leave, with the reason. */
  | { kind: 'leave'; exit: GuardExit; reason: 'invisible' | 'failed'; message: string };

/**
 * The product route's guard (SPEC §2, §5, §8): the article must be visible on the web (the API answers invisible
 * articles with VisibleOnWeb 0 instead of hiding them, so the shop can send the shopper back); `/product/{id}`
 * forwards to `/product/{slug}` of the article's name; a failed load is a guard error.
 */
export function decideProductEntry(
  param: string,
  outcome: { article: ArticleDetail } | { error: unknown },
  canGoBack: boolean,
): ProductEntry {
  if ('error' in outcome) {
    const error = outcome.error;
    const detail = error instanceof ApiError && error.status ? `${error.status}` : error instanceof Error ? error.message : 'ukjent feil';
    return { kind: 'leave', exit: guardExit(error, canGoBack), reason: 'failed', message: `article ${param} could not be loaded (${detail})` };
  }
  const { article } = outcome;
  if (!article.visible) {
    return {
      kind: 'leave',
      exit: guardExit(null, canGoBack),
      reason: 'invisible',
      message: `article ${article.id} is not visible on the web; leaving /product/${param}`,
    };
  }
  if (param === article.slug) return { kind: 'show', article };
  return { kind: 'forward', to: productPath(article.slug), article };
}

/** `/product/{param}`: an id is loaded by id, anything else by slug; no param at all is a guard error. */
export function articleKey(param: string | undefined): number | string {
  if (!param) throw new GuardError('product route without an article', '/');
  return isArticleIdParam(param) ? Number(param) : param;
}
