/**
 * The API client's way out on the server (issue 22): the shell's server renderer runs page loaders in the API's own
 * process, and their requests go through a transport the API builds (Fastify's inject: no socket, the shopper's
 * session cookie). Chosen per request by a getter (the renderer keeps the current request's transport in an
 * AsyncLocalStorage), so this module stays browser-safe; in the browser no getter is set and axios is used.
 */
export interface TransportRequest {
  method: string;
  /** Path below the API root, e.g. "/articles/12". */
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
}

export interface TransportResponse {
  status: number;
  data: unknown;
}

export type ApiTransport = (request: TransportRequest) => Promise<TransportResponse>;

let current: (() => ApiTransport | undefined) | undefined;

/** Sets (or with nothing, clears) the getter of the current request's transport. */
export function setServerTransport(getter?: () => ApiTransport | undefined): void {
  current = getter;
}

/** The transport of the request being rendered, if any. */
export function serverTransport(): ApiTransport | undefined {
  return current?.();
}
