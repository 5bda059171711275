/**
 * The first view's answers from the page's PageData (firstAnswers.ts): the key both sides build, one answer per request, the
 * lifetime, writes dropping what is left — and the typed calls answered without the network (in node a request to
 * the relative /api/v1 could not succeed, so a resolved call proves the inline answer served it).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rawArticleDetail, rawCustomer } from '../testing/fixtures.js';
import { DEFAULT_API_BASE_URL, setApiBaseUrl } from './client.js';
import { getArticle, getCategoryArticles, getGenders, searchArticles, searchBody } from './catalog.js';
import { getCurrentCustomer } from './customer.js';
import { serverValuesApplied } from '../ssr/state.js';
import { ANSWER_LIFETIME_MS, answerKey, takeFirstViewAnswer, type FirstViewAnswer } from './firstAnswers.js';

function pageAnswers(answers: FirstViewAnswer[]) {
  // A new array each time: the client reads a new list as a new page's (the shell hydrates once per page).
  serverValuesApplied({ 'contracts/page-answers': [...answers] });
}

beforeEach(() => setApiBaseUrl(DEFAULT_API_BASE_URL));
afterEach(() => {
  pageAnswers([]);
  vi.restoreAllMocks();
});

describe('answerKey', () => {
  it('ignores the order of params and leaves out undefined ones (axios sends neither)', () => {
    expect(answerKey('get', '/x', { b: 2, a: 1, c: undefined })).toBe(answerKey('GET', '/x', { a: 1, b: 2 }));
    expect(answerKey('GET', '/x', { a: 1 })).not.toBe(answerKey('GET', '/x', { a: '1' }));
    expect(answerKey('POST', '/s', undefined, { q: 1 })).not.toBe(answerKey('POST', '/s', undefined, { q: 2 }));
  });
});

describe('takeFirstViewAnswer', () => {
  it('serves each answer once, then the request goes to the network', () => {
    pageAnswers([{ key: answerKey('GET', '/genders'), status: 200, data: [] }]);
    expect(takeFirstViewAnswer('GET', '/genders')?.data).toEqual([]);
    expect(takeFirstViewAnswer('GET', '/genders')).toBeUndefined();
  });

  it('serves nothing once the answers are older than the API keeps them', () => {
    pageAnswers([{ key: answerKey('GET', '/genders'), status: 200, data: [] }]);
    vi.spyOn(performance, 'now').mockReturnValue(ANSWER_LIFETIME_MS + 1);
    expect(takeFirstViewAnswer('GET', '/genders')).toBeUndefined();
  });

  it('drops every answer left at the first write, but not at a search (a read sent as POST)', () => {
    pageAnswers([
      { key: answerKey('GET', '/genders'), status: 200, data: [] },
      { key: answerKey('GET', '/customers/current'), status: 204, data: '' },
    ]);
    expect(takeFirstViewAnswer('POST', '/articles/search', undefined, { query: 'x' })).toBeUndefined();
    expect(takeFirstViewAnswer('GET', '/genders')).toBeDefined();
    expect(takeFirstViewAnswer('POST', '/customers/logout')).toBeUndefined();
    expect(takeFirstViewAnswer('GET', '/customers/current')).toBeUndefined();
  });

  it('has nothing without a list (dev servers, tests)', () => {
    expect(takeFirstViewAnswer('GET', '/genders')).toBeUndefined();
  });
});

describe('typed calls answered from index.html', () => {
  it('maps the inline answers as it maps network answers', async () => {
    const query = { page: 1, per_page: 20, orderBy: 'Name', order: 'asc' };
    pageAnswers([
      { key: answerKey('GET', '/genders'), status: 200, data: [{ GenderID: 1, Name: 'Herre' }] },
      { key: answerKey('GET', '/articles/r%C3%B8d-lue'), status: 200, data: rawArticleDetail() },
      { key: answerKey('GET', '/categories/1/articles', query), status: 200, data: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } } },
      { key: answerKey('POST', '/articles/search', undefined, searchBody({ query: 'jakke', take: 24 })), status: 200, data: { hits: { total: { value: 0 }, hits: [] } } },
      { key: answerKey('GET', '/customers/current'), status: 204, data: '' },
    ]);
    expect(await getGenders()).toHaveLength(1);
    expect((await getArticle('rød-lue')).name).toBe(rawArticleDetail().Name);
    expect((await getCategoryArticles(1, { page: 1 })).data).toEqual([]);
    expect((await searchArticles({ query: 'jakke', take: 24, page: 0, filters: '' })).total).toBe(0);
    expect(await getCurrentCustomer()).toBeNull();
  });

  it('never answers a request whose signal is already aborted, nor one for another API root', async () => {
    pageAnswers([{ key: answerKey('GET', '/customers/current'), status: 200, data: rawCustomer() }]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // no CSRF meta tag here
    setApiBaseUrl('http://127.0.0.1:9/api/v1');
    await expect(getCurrentCustomer()).rejects.toBeDefined();
    setApiBaseUrl(DEFAULT_API_BASE_URL);
    pageAnswers([{ key: answerKey('GET', '/customers/current'), status: 200, data: rawCustomer() }]);
    const controller = new AbortController();
    controller.abort();
    await expect(getCurrentCustomer({ signal: controller.signal })).rejects.toBeDefined();
  });
});
