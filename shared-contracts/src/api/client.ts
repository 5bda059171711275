/**
 * The one axios instance every API call goes through (SPEC §7): base /api/v1, XHR marker, CSRF header read from
 * `<meta name="csrf-token">` at request time, JSON bodies, no timeout, success = 2xx, errors → ApiError.
 *
 * axios (the customer's design card, docs/adr/0005) is imported on the first request, not with this module: the
 * first view's data comes inline with index.html, so its ~21 kB gzip stays off the path to the first render.
 */
import type { AxiosInstance, AxiosRequestConfig, AxiosResponse, AxiosStatic } from 'axios';
import { httpErrorTexts } from '@shop/contracts/texts';
import { PREVIEW_PARAM } from '@shop/contracts/routes';
import { ApiError, toApiError } from './errors.js';
import { takeFirstViewAnswer } from './firstAnswers.js';
import { serverTransport, type ApiTransport } from './transport.js';

export const DEFAULT_API_BASE_URL = '/api/v1';

/** Per-call options every client function accepts as its last argument. */
export interface RequestOptions {
  /** Aborting rejects with ApiError kind 'aborted'. A call with a signal never shares an in-flight request. */
  signal?: AbortSignal;
  /** Milliseconds; default none (SPEC §7). Exceeding it rejects with ApiError kind 'timeout'. */
  timeout?: number;
}

/**
 * The options of a public content read that has a preview (a blog post, a poll, a copy page): `preview` asks for the
 * latest saved version, drafts included (`?forhandsvisning=1`). The API answers it only to an editor's session and
 * never from or into its answer cache; anyone else gets the published content or a 404, as without it.
 */
export interface ContentReadOptions extends RequestOptions {
  preview?: boolean;
}

/** The query of a content read: the preview parameter when asked for, else none (the same key as without options). */
export function previewQuery(opts: ContentReadOptions | undefined): Record<string, unknown> | undefined {
  return opts?.preview ? { [PREVIEW_PARAM]: 1 } : undefined;
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

/**
 * The session's CSRF token as a form posted without JavaScript carries it (FORM_CSRF_FIELD, @shop/contracts/constants):
 * in the browser the meta tag's, on the server the request's (the shell's renderer sets the source per request), so
 * the server's markup and the hydration render write the same value.
 */
export function csrfToken(): string | null {
  return csrfSource() ?? null;
}

function createHttp(axios: AxiosStatic): AxiosInstance {
  const instance = axios.create({
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    timeout: 0,
    // Remotes served from another origin still send the session cookie; same-origin requests are unaffected.
    withCredentials: true,
    validateStatus: (status) => status >= 200 && status < 300,
  });

  // Read per request, not once at start-up: the token changes when the session does (login/logout).
  instance.interceptors.request.use((config) => {
    const token = csrfSource();
    if (token) {
      config.headers.set('X-CSRF-TOKEN', token);
    } else {
      console.error('CSRF token not found: <meta name="csrf-token"> is missing; the request is sent without X-CSRF-TOKEN');
    }
    return config;
  });

  /**
   * The server rotates the session (and its CSRF token) on login, register, logout and account deletion and sends
   * the new token in X-CSRF-TOKEN: write it into the meta tag so the next request works without a page reload.
   */
  instance.interceptors.response.use((response) => {
    const header = response.headers?.['x-csrf-token'];
    const token = typeof header === 'string' ? header : null;
    if (token && csrfSource === readCsrfMeta && typeof document !== 'undefined') {
      document.querySelector('meta[name="csrf-token"]')?.setAttribute('content', token);
    }
    return response;
  });
  return instance;
}

let loading: Promise<AxiosInstance> | undefined;

/** The axios instance, imported and set up on the first call; a failed import is tried again on the next call. */
export function http(): Promise<AxiosInstance> {
  loading ??= import('axios').then(
    (module) => createHttp(module.default),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const inFlight = new Map<string, Promise<AxiosResponse<unknown>>>();

function stableParams(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  return JSON.stringify(Object.keys(params).sort().map((k) => [k, params[k]]));
}

/** Number of GETs currently shared (for tests and diagnostics). */
export function inFlightCount(): number {
  return inFlight.size;
}

/** The browser's requests to the API on their way: every method, shared or not, with or without a signal. */
let sending = 0;

/**
 * How many requests the browser has sent to the API and not yet had answered (the shell's loading flag, SPEC §2).
 * Unlike inFlightCount it counts the requests a page makes with an abort signal too — nearly every page's own
 * load — which a scroll waiting for "nothing loading" must not miss (issue 21: /#about landed above the section
 * while the home page's sections were still fetching). Answers from the page itself (inline) and the server's
 * in-process requests are not counted.
 */
export function requestsInFlight(): number {
  return sending;
}

/**
 * The request's answer from index.html (firstAnswers.ts), shaped as axios would give it; undefined when the page
 * has none for it. A 2xx only: the server writes no error answers.
 */
function inlineAnswer<T>(config: AxiosRequestConfig): AxiosResponse<T> | undefined {
  if (config.signal?.aborted || baseUrl !== DEFAULT_API_BASE_URL) return undefined;
  const answer = takeFirstViewAnswer(config.method ?? 'get', config.url ?? '', config.params, config.data);
  if (!answer || answer.status < 200 || answer.status >= 300) return undefined;
  return { data: answer.data as T, status: answer.status, statusText: '', headers: {}, config } as AxiosResponse<T>;
}

/** A request on the server (a page loader): through the API's in-process transport, errors as the browser gets them. */
async function sendThrough<T>(transport: ApiTransport, config: AxiosRequestConfig): Promise<AxiosResponse<T>> {
  const method = (config.method ?? 'get').toUpperCase();
  const response = await transport({ method, url: config.url ?? '', params: config.params, data: config.data });
  if (response.status < 200 || response.status >= 300) {
    throw new ApiError({ kind: 'status', message: httpErrorTexts.status(response.status), status: response.status, data: response.data, request: `${method} ${config.url ?? ''}` });
  }
  return { data: response.data as T, status: response.status, statusText: '', headers: {}, config } as AxiosResponse<T>;
}

async function send<T>(config: AxiosRequestConfig): Promise<AxiosResponse<T>> {
  const transport = serverTransport();
  if (transport) return sendThrough<T>(transport, config);
  const inline = inlineAnswer<T>(config);
  if (inline) return inline;
  sending += 1;
  try {
    return await (await http()).request<T>({ baseURL: baseUrl, ...config });
  } catch (error) {
    throw toApiError(error);
  } finally {
    sending -= 1;
  }
}

/**
 * GET with in-flight de-duplication: identical concurrent GETs (same base URL, path and params) share one request.
 * Each caller maps the shared raw answer itself, so nobody receives another caller's objects.
 */
export function getResponse<T>(url: string, params?: Record<string, unknown>, opts: RequestOptions = {}): Promise<AxiosResponse<T>> {
  const config: AxiosRequestConfig = { method: 'get', url, params, signal: opts.signal, timeout: opts.timeout };
  // On the server each request is a different shopper's: nothing is shared between them.
  if (opts.signal || opts.timeout || serverTransport()) return send<T>(config);
  const key = `${getApiBaseUrl()} ${url} ${stableParams(params)}`;
  const existing = inFlight.get(key);
  if (existing) return existing as Promise<AxiosResponse<T>>;
  const promise = send<T>(config).finally(() => inFlight.delete(key));
  inFlight.set(key, promise as Promise<AxiosResponse<unknown>>);
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

/**
 * POST of a multipart form (a file upload), reporting the share of the body sent so far (0…1) as it goes. The browser
 * sets the multipart content type and boundary itself.
 */
export async function postForm<T>(url: string, form: FormData, opts: RequestOptions & { onProgress?: (sent: number) => void } = {}): Promise<T> {
  const { onProgress } = opts;
  const response = await send<T>({
    method: 'post',
    url,
    data: form,
    signal: opts.signal,
    timeout: opts.timeout,
    ...(onProgress ? { onUploadProgress: (event: { loaded: number; total?: number }) => event.total && onProgress(Math.min(1, event.loaded / event.total)) } : {}),
  });
  return response.data;
}

export async function del<T>(url: string, opts?: RequestOptions): Promise<T> {
  return (await sendResponse<T>('delete', url, undefined, opts)).data;
}

/** Path segment from a user-provided value (slugs may contain "&", "æøå"). */
export const seg = (value: string | number) => encodeURIComponent(String(value));
