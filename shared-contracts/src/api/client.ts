/**
 * The one HTTP client every API call goes through (SPEC §7): base /api/v1, XHR marker, CSRF header read from
 * `<meta name="csrf-token">` at request time, JSON bodies, no timeout, success = 2xx, errors → ApiError.
 *
 * Built on the platform's `fetch` (it used axios: ~20 kB gzip on every first view for what fetch already does).
 * Answers keep axios' shape ({data, status, headers}): JSON bodies parsed, an empty body (204) is ''.
 */
import { ApiError, networkError, statusError, abortedError, timeoutError } from './errors.js';

export const DEFAULT_API_BASE_URL = '/api/v1';

/** Per-call options every client function accepts as its last argument. */
export interface RequestOptions {
  /** Aborting rejects with ApiError kind 'aborted'. A call with a signal never shares an in-flight request. */
  signal?: AbortSignal;
  /** Milliseconds; default none (SPEC §7). Exceeding it rejects with ApiError kind 'timeout'. */
  timeout?: number;
}

/** A successful answer: the parsed body, the status and the response headers (names lower-case). */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Record<string, string>;
}

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

interface RequestConfig extends RequestOptions {
  method: Method;
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
}

let baseUrl = DEFAULT_API_BASE_URL;

/** Points the client at another API root (standalone remote dev servers, tests). */
export function setApiBaseUrl(url: string): void {
  baseUrl = url;
}

export function getApiBaseUrl(): string {
  return baseUrl;
}

type CsrfSource = () => string | null | undefined;

/** Reads the token the server rendered into index.html. */
export const readCsrfMeta: CsrfSource = () => {
  if (typeof document === 'undefined') return null;
  return document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? null;
};

let csrfSource: CsrfSource = readCsrfMeta;

/** Replaces where the CSRF token comes from (non-browser callers); pass nothing to restore the meta tag. */
export function setCsrfTokenSource(source?: CsrfSource): void {
  csrfSource = source ?? readCsrfMeta;
}

/** Query string as axios wrote it for the scalar params the API takes (null/undefined left out, arrays as key[]). */
function queryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const text = item instanceof Date ? item.toISOString() : typeof item === 'object' ? JSON.stringify(item) : String(item);
      search.append(Array.isArray(value) ? `${key}[]` : key, text);
    }
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

function joinUrl(base: string, url: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** Parsed JSON when the body is JSON, else the text ('' for an empty body), as axios answered. */
function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send<T>(config: RequestConfig): Promise<ApiResponse<T>> {
  const request = `${config.method.toUpperCase()} ${config.url}`;
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  // Read per request, not once at start-up: the token changes when the session does (login/logout).
  const token = csrfSource();
  if (token) headers['X-CSRF-TOKEN'] = token;
  else console.error('CSRF token not found: <meta name="csrf-token"> is missing; the request is sent without X-CSRF-TOKEN');

  let body: BodyInit | undefined;
  if (config.data !== undefined) {
    if (typeof config.data === 'string' || config.data instanceof FormData || config.data instanceof URLSearchParams) {
      body = config.data;
    } else {
      body = JSON.stringify(config.data);
      headers['Content-Type'] = 'application/json';
    }
  }

  // One controller joins the caller's signal and the timeout, so either aborts the request.
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  if (config.signal?.aborted) throw abortedError(request);
  config.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = config.timeout
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, config.timeout)
    : undefined;

  try {
    const response = await fetch(joinUrl(baseUrl, config.url) + queryString(config.params), {
      method: config.method.toUpperCase(),
      headers,
      body,
      // Remotes served from another origin still send the session cookie; same-origin requests are unaffected.
      credentials: 'include',
      signal: controller.signal,
    });
    const data = parseBody(await response.text());
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => (responseHeaders[name.toLowerCase()] = value));
    if (response.status < 200 || response.status >= 300) throw statusError(response.status, data, request);
    /*
     * The server rotates the session (and its CSRF token) on login, register, logout and account deletion and sends
     * the new token in X-CSRF-TOKEN: write it into the meta tag so the next request works without a page reload.
     */
    const rotated = responseHeaders['x-csrf-token'];
    if (rotated && csrfSource === readCsrfMeta && typeof document !== 'undefined') {
      document.querySelector('meta[name="csrf-token"]')?.setAttribute('content', rotated);
    }
    return { data: data as T, status: response.status, headers: responseHeaders };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw timeoutError(config.timeout ?? 0, request, error);
    if (controller.signal.aborted) throw abortedError(request, error);
    throw networkError(request, error);
  } finally {
    if (timer) clearTimeout(timer);
    config.signal?.removeEventListener('abort', onAbort);
  }
}

const inFlight = new Map<string, Promise<ApiResponse<unknown>>>();

function stableParams(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  return JSON.stringify(Object.keys(params).sort().map((k) => [k, params[k]]));
}

/** Number of GETs currently shared (for tests and diagnostics). */
export function inFlightCount(): number {
  return inFlight.size;
}

/**
 * GET with in-flight de-duplication: identical concurrent GETs (same base URL, path and params) share one request.
 * Each caller maps the shared raw answer itself, so nobody receives another caller's objects.
 */
export function getResponse<T>(url: string, params?: Record<string, unknown>, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const config: RequestConfig = { method: 'get', url, params, signal: opts.signal, timeout: opts.timeout };
  if (opts.signal || opts.timeout) return send<T>(config);
  const key = `${getApiBaseUrl()} ${url} ${stableParams(params)}`;
  const existing = inFlight.get(key);
  if (existing) return existing as Promise<ApiResponse<T>>;
  const promise = send<T>(config).finally(() => inFlight.delete(key));
  inFlight.set(key, promise as Promise<ApiResponse<unknown>>);
  return promise;
}

export async function get<T>(url: string, params?: Record<string, unknown>, opts?: RequestOptions): Promise<T> {
  return (await getResponse<T>(url, params, opts)).data;
}

export function sendResponse<T>(method: 'post' | 'put' | 'delete' | 'patch', url: string, data?: unknown, opts: RequestOptions = {}) {
  return send<T>({ method, url, data, signal: opts.signal, timeout: opts.timeout });
}

export async function post<T>(url: string, data?: unknown, opts?: RequestOptions): Promise<T> {
  return (await sendResponse<T>('post', url, data, opts)).data;
}

export async function put<T>(url: string, data?: unknown, opts?: RequestOptions): Promise<T> {
  return (await sendResponse<T>('put', url, data, opts)).data;
}

export async function del<T>(url: string, opts?: RequestOptions): Promise<T> {
  return (await sendResponse<T>('delete', url, undefined, opts)).data;
}

/** Path segment from a user-provided value (slugs may contain "&", "æøå"). */
export const seg = (value: string | number) => encodeURIComponent(String(value));
