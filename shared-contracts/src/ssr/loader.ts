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
