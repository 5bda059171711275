/**
 * The first view's API answers: the answers of the requests the page's loader made on the server (issue 22), carried
 * by the Effector store $pageAnswers (sid 'contracts/page-answers', hydrated from the page's PageData by the shell):
 * the page's first requests are answered from there, so axios (~21 kB gzip, imported on the first request that goes
 * to the network: client.ts) is not part of any page's first view.
 *
 * Each answer serves ONE request with the same method, path, params and body (answerKey), and only while it can
 * still be what the server would say: within ANSWER_LIFETIME_MS of the page load (the API's own answer store keeps
 * catalogue reads that long) and before the page sends its first write (a write may change what the answers say,
 * e.g. a login changes the current customer). A request without a matching answer goes to the network as before.
 */

import { $pageAnswers } from '../ssr/state.js';

/** How the server writes an answer: the request's key, the HTTP status and the JSON body ('' for 204). */
export interface FirstViewAnswer {
  key: string;
  status: number;
  data: unknown;
}

/** As long as the API's answer store serves a catalogue read unchanged (api/src/cache). */
export const ANSWER_LIFETIME_MS = 30_000;

type Params = Record<string, unknown> | undefined;

function stableParams(params: Params): string {
  if (!params) return '';
  return JSON.stringify(
    Object.keys(params)
      .filter((k) => params[k] !== undefined)
      .sort()
      .map((k) => [k, params[k]]),
  );
}

/** One string per request: the server and the client build it from the same parts with this one function. */
export function answerKey(method: string, url: string, params?: Params, body?: unknown): string {
  return `${method.toUpperCase()} ${url} ${stableParams(params)} ${body === undefined ? '' : JSON.stringify(body)}`;
}

interface Store {
  answers: Map<string, FirstViewAnswer>;
  until: number;
}

let store: Store | undefined;
let readFrom: unknown;

const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());

function current(): Store | undefined {
  // The browser's global state: the shell hydrates it once, before the first render (never read on the server).
  const raw: unknown = $pageAnswers.getState();
  if (raw !== readFrom) {
    // A new list (tests, or a page that set one): read it once. Answers are counted from the page load, not from here.
    readFrom = raw;
    const answers = new Map<string, FirstViewAnswer>();
    if (Array.isArray(raw)) {
      for (const answer of raw as FirstViewAnswer[]) {
        if (answer && typeof answer.key === 'string' && typeof answer.status === 'number') answers.set(answer.key, answer);
      }
    }
    store = { answers, until: ANSWER_LIFETIME_MS };
  }
  return store;
}

/**
 * The inline answer for this request, removed from the list (it serves one request); undefined when there is none,
 * it is too old, or the request is a write (which also drops every answer left).
 */
export function takeFirstViewAnswer(method: string, url: string, params?: Params, body?: unknown): FirstViewAnswer | undefined {
  const answers = current();
  if (!answers || answers.answers.size === 0) return undefined;
  const key = answerKey(method, url, params, body);
  const answer = answers.answers.get(key);
  if (answer) answers.answers.delete(key);
  else if (method.toUpperCase() !== 'GET' && !isRead(url)) answers.answers.clear();
  if (!answer || now() > answers.until) return undefined;
  return answer;
}

/** POSTs that only read (searches): they do not change what the other answers say. */
const READ_POSTS = new Set(['/articles/search', '/articles/searchids']);
const isRead = (url: string) => READ_POSTS.has(url);
