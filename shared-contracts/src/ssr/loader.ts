// Through the package's own name: every contracts entry is one shared singleton in the browser.
import { ApiError, getTenant } from '@shop/contracts/api';
import type { HeadContext } from '../seo/head.js';
import type { PageHead } from './head.js';

/**
 * A page's loader: a named export `loader` beside the page's default export in the remote's exposed module. The
 * shell's server renderer runs it before it renders the page; its API calls (the typed functions of
 * @shop/contracts/api) go through the server's in-process transport, and their answers travel with the page, so the
 * browser's first requests are served from them.
 */
export interface LoaderContext<P = Record<string, unknown>> {
  /** The page's absolute URL as the shopper asked for it (public origin). */
  url: string;
  /** The page's props (the same the shell gives the page component). */
  props: P;
  /** The route's URL params, decoded. */
  params: Readonly<Record<string, string>>;
}

export interface PageLoaderResult<D = unknown> {
  /** What the page renders on its first render, given to it as the `loaderData` prop (on the server and on hydration). */
  data?: D;
  head?: PageHead;
}

export type PageLoader<P = Record<string, unknown>, D = unknown> = (context: LoaderContext<P>) => Promise<PageLoaderResult<D>>;

/** Props every page the shell mounts may receive: its loader's data when the page is the one the server rendered. */
export interface LoaderDataProps<D> {
  loaderData?: D;
}

/** The brand a head names when GET /tenant/get has none (the shell's chrome says the same). */
export const FALLBACK_BRAND = 'Staut';

/**
 * What every page head is built from, for a loader: the origin of the URL the shopper asked for (the renderer gives
 * the public one) and the tenant's brand. GET /tenant/get is a cached read in-process; a failure still gives a head.
 */
export async function loaderHeadContext(context: Pick<LoaderContext, 'url'>): Promise<HeadContext> {
  const tenant = await getTenant().catch(() => null);
  return { origin: new URL(context.url).origin, brandName: tenant?.brandName || FALLBACK_BRAND };
}

/**
 * A read whose 404 is an answer, not a failure (a missing product, post or poll: the page's head says 404); any
 * other error still fails the loader, so the page renders its own loading state and the browser retries.
 */
export async function orMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
