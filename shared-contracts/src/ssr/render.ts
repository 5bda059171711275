import type { ApiTransport } from '@shop/contracts/api';

/**
 * What the process that serves pages (the API) hands the shell's server renderer per HTML request
 * (shell/src/server/render.tsx `renderPage`): one type for both sides, since the API imports no front-end code.
 */
export interface RenderRequest {
  /** Path and query of the page ("/klaer?side=2"). */
  url: string;
  /** The site's public origin, for canonical URLs ("https://staut.no"). */
  publicOrigin: string;
  /** /remotes.json's document (URLs as the browser reads them: relative ones are against the page). */
  remotes: Record<string, string>;
  /** The server's own origin ("http://127.0.0.1:8080"): relative registry URLs are fetched from it. */
  serverOrigin: string;
  /** shell/dist/index.html. */
  template: string;
  csrfToken: string;
  /** The response's CSP nonce: on React's inline scripts. */
  nonce: string;
  /** The request's Cookie header (cookie consent). */
  cookie: string;
  /** Whether the session has a customer (a first visit with none defers the cart and account models). */
  signedIn: boolean;
  /** The request's User-Agent: the layout (phone or desktop) the server renders. */
  userAgent: string;
  /** The API in this process (Fastify inject), with the shopper's cookie. */
  transport: ApiTransport;
}
