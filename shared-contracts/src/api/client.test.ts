/**
 * The API client against a REAL HTTP server (node:http on an ephemeral port): headers, CSRF, 204, status errors,
 * network failure, abort, timeout, de-duplication and the request shapes of the typed calls.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, firstFieldError, hasStatus, serverMessage } from './errors.js';
import { getApiBaseUrl, inFlightCount, requestsInFlight, setApiBaseUrl, setCsrfTokenSource } from './client.js';
import { getArticle, getCategories, getCategoryArticles, getGenders, searchArticles } from './catalog.js';
import { getCurrentCustomer, joinClub, loginCustomer, resendVerificationEmail } from './customer.js';
import { createReservation, payReservationInShop } from './commerce.js';
import { getOsrmTable, getPostalCode } from './content.js';
import { rawArticle, rawArticleDetail, rawCategory, rawCustomer, rawPostalCode } from '../testing/fixtures.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (req: Seen, res: ServerResponse) => void;

let server: Server;
let origin: string;
const seen: Seen[] = [];
const routes = new Map<string, Handler>();

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
function route(method: string, path: string, handler: Handler) {
  routes.set(`${method} ${path}`, handler);
}

// A server per test: a request an earlier test aborted or timed out can still arrive late on a busy machine, and must
// not land in the next test's `seen` (it did, under CI load).
beforeEach(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const s: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(s);
      const path = (req.url ?? '').split('?')[0];
      const handler = routes.get(`${req.method} ${path}`);
      if (handler) handler(s, res);
      else json(res, 404, { message: 'Fant ikke' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

let window: Window | undefined;
function setDocument(html: string) {
  window = new Window();
  window.document.head.innerHTML = html;
  (globalThis as { document?: unknown }).document = window.document;
}

beforeEach(() => {
  seen.length = 0;
  routes.clear();
  setApiBaseUrl(`${origin}/api/v1`);
  setCsrfTokenSource();
  setDocument('<meta name="csrf-token" content="tok-123">');
});

afterEach(async () => {
  vi.restoreAllMocks();
  delete (globalThis as { document?: unknown }).document;
  await window?.happyDOM.close();
  window = undefined;
});

describe('headers', () => {
  it('sends the XHR marker, the CSRF token from the meta tag and JSON bodies', async () => {
    route('POST', '/api/v1/customers/login', (_req, res) => json(res, 200, rawCustomer()));
    const user = await loginCustomer({ username: 'kari@example.no', password: 'hemmelig' });
    expect(user.first_name).toBe('Kari');
    const req = seen[0];
    expect(req.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(req.headers['x-csrf-token']).toBe('tok-123');
    expect(req.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(req.body)).toEqual({ username: 'kari@example.no', password: 'hemmelig' });
  });

  it('reads the token at request time, so a new session token is used at once', async () => {
    route('GET', '/api/v1/genders', (_req, res) => json(res, 200, []));
    await getGenders();
    document.querySelector('meta[name="csrf-token"]')!.setAttribute('content', 'tok-456');
    await getGenders();
    expect(seen.map((s) => s.headers['x-csrf-token'])).toEqual(['tok-123', 'tok-456']);
  });

  it('without the meta tag logs one console.error per request and still sends it', async () => {
    setDocument('');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    route('GET', '/api/v1/genders', (_req, res) => json(res, 200, [{ GenderID: 1, Name: 'Herre' }]));
    expect(await getGenders()).toEqual([{ id: 1, name: 'Herre' }]);
    await getGenders();
    expect(error).toHaveBeenCalledTimes(2);
    expect(seen).toHaveLength(2);
    expect(seen[0].headers['x-csrf-token']).toBeUndefined();
  });

  it('the base URL is configurable', () => {
    setApiBaseUrl('/api/v1');
    expect(getApiBaseUrl()).toBe('/api/v1');
  });
});

describe('GET /customers/current', () => {
  it('204 means no user → null', async () => {
    route('GET', '/api/v1/customers/current', (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    expect(await getCurrentCustomer()).toBeNull();
  });

  it('200 → the mapped customer', async () => {
    route('GET', '/api/v1/customers/current', (_req, res) => json(res, 200, rawCustomer({ club: 1 })));
    expect(await getCurrentCustomer()).toMatchObject({ id: 7, club: true, email_verified: true });
  });
});

describe('account actions are POSTs with the CSRF token (issue 33)', () => {
  it('resending the verification e-mail is a POST, never a GET that sends mail', async () => {
    route('POST', '/api/v1/customers/email/resend', (_req, res) => json(res, 200, { message: 'Epost sendt til kari@example.no' }));
    await resendVerificationEmail();
    expect(seen.map((s) => [s.method, s.url, s.headers['x-csrf-token']])).toEqual([['POST', '/api/v1/customers/email/resend', 'tok-123']]);
  });

  it('joining the club posts the consent and maps the answer', async () => {
    route('POST', '/api/v1/customers/current/club', (_req, res) => json(res, 200, rawCustomer({ club: 1 })));
    expect(await joinClub()).toMatchObject({ club: true });
    expect([seen[0]!.method, seen[0]!.headers['x-csrf-token'], JSON.parse(seen[0]!.body)]).toEqual(['POST', 'tok-123', { consent: 1 }]);
  });
});

describe('failures become ApiError', () => {
  it.each([
    [419, { message: 'CSRF token mismatch.' }],
    [422, { message: 'Ugyldig data', errors: { email: ['Email må ha en verdi'] } }],
    [401, { message: 'Unauthenticated.' }],
    [500, { message: 'Server Error' }],
  ])('status %i → kind status with status and data', async (status, body) => {
    route('POST', '/api/v1/customers/login/phone', (_req, res) => json(res, status, body));
    const error = await loginCustomer({ username: '91234567', password: 'x' }, 'phone').catch((e: unknown) => e);
    expect(seen[0].url).toBe('/api/v1/customers/login/phone');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'status', status, data: body, message: `Request failed with status code ${status}` });
    expect(hasStatus(error, status)).toBe(true);
    expect(serverMessage(error)).toBe(body.message);
  });

  it('exposes the first field message of a 422', async () => {
    route('PUT', '/api/v1/x', (_req, res) => json(res, 422, { message: 'Ugyldig', errors: { phone: ['Telefonnummer må ha en verdi'] } }));
    const { put } = await import('./client.js');
    const error = await put('/x', {}).catch((e: unknown) => e);
    expect(firstFieldError(error)).toBe('Telefonnummer må ha en verdi');
  });

  it('connection refused → kind network', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    setApiBaseUrl(`http://127.0.0.1:${port}/api/v1`);
    const error = await getGenders().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', status: undefined, message: 'Network Error' });
  });

  it('abort → kind aborted', async () => {
    route('GET', '/api/v1/genders', (_req, res) => setTimeout(() => json(res, 200, []), 500));
    const controller = new AbortController();
    const pending = getGenders({ signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toMatchObject({ kind: 'aborted', message: 'Request aborted' });
  });

  it('timeout → kind timeout (there is no timeout by default)', async () => {
    route('GET', '/api/v1/genders', (_req, res) => setTimeout(() => json(res, 200, [{ GenderID: 2, Name: 'Dame' }]), 150));
    expect(await getGenders({ timeout: 30 }).catch((e: unknown) => e)).toMatchObject({ kind: 'timeout', message: 'timeout of 30ms exceeded' });
    // The same slow answer succeeds without a per-call timeout.
    expect(await getGenders()).toEqual([{ id: 2, name: 'Dame' }]);
  });
});

describe('in-flight de-duplication', () => {
  it('identical concurrent GETs share one request; each caller gets its own objects', async () => {
    route('GET', '/api/v1/categories', (_req, res) => setTimeout(() => json(res, 200, [rawCategory()]), 30));
    const [a, b] = await Promise.all([getCategories(), getCategories()]);
    expect(seen).toHaveLength(1);
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    expect(inFlightCount()).toBe(0);
    await getCategories();
    expect(seen).toHaveLength(2);
  });

  it('different params are separate requests', async () => {
    route('GET', '/api/v1/categories/1/articles', (_req, res) =>
      json(res, 200, { data: [rawArticle()], meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 } }),
    );
    await Promise.all([getCategoryArticles(1, { page: 1 }), getCategoryArticles(1, { page: 2 }), getCategoryArticles(1, { page: 1 })]);
    expect(seen).toHaveLength(2);
  });

  it('a failed shared request rejects every caller and is forgotten', async () => {
    route('GET', '/api/v1/categories', (_req, res) => setTimeout(() => json(res, 503, {}), 20));
    const results = await Promise.allSettled([getCategories(), getCategories()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(seen).toHaveLength(1);
    expect(inFlightCount()).toBe(0);
  });
});

describe('requests in flight (the loading flag of the shell)', () => {
  it('counts every request until its answer or failure: with a signal, unshared, posts, failures and aborts too', async () => {
    route('GET', '/api/v1/categories', (_req, res) => setTimeout(() => json(res, 200, [rawCategory()]), 30));
    route('GET', '/api/v1/genders', (_req, res) => setTimeout(() => json(res, 503, {}), 30));
    route('POST', '/api/v1/customers/login', (_req, res) => setTimeout(() => json(res, 200, rawCustomer()), 30));
    expect(requestsInFlight()).toBe(0);
    const aborted = new AbortController();
    const pending = [
      getCategories({ signal: new AbortController().signal }),
      getGenders().catch(() => undefined),
      loginCustomer({ username: 'kari@example.no', password: 'hemmelig1' }),
      getCategories({ signal: aborted.signal }).catch(() => undefined),
    ];
    // The http client is set up on the first call: the count goes up before the request leaves.
    expect(requestsInFlight()).toBe(4);
    // A page's load with a signal is not shared, so the de-duplication map does not see it.
    expect(inFlightCount()).toBe(1);
    aborted.abort();
    await pending[3];
    expect(requestsInFlight()).toBe(3);
    await Promise.all(pending);
    expect(requestsInFlight()).toBe(0);
  });
});

describe('request shapes of the typed calls', () => {
  it('category articles send the SPEC defaults and map the page', async () => {
    route('GET', '/api/v1/categories/4/articles', (_req, res) =>
      json(res, 200, { data: [rawArticle({ PurchasableOnWeb: 0 })], meta: { current_page: 1, last_page: 3, per_page: 20, total: 41 } }),
    );
    const page = await getCategoryArticles(4);
    const query = new URL(seen[0].url, origin).searchParams;
    expect(Object.fromEntries(query)).toEqual({ page: '1', per_page: '20', orderBy: 'Name', order: 'asc' });
    expect(page.meta.total).toBe(41);
    expect(page.data[0].canPurchase).toBe(false);
  });

  it('search posts {query, take: 1000, page: 0, filters} and maps hits', async () => {
    route('POST', '/api/v1/articles/search', (_req, res) =>
      json(res, 200, { hits: { total: { value: 1, relation: 'eq' }, hits: [{ _id: '101', _score: 1, _source: rawArticle() }] } }),
    );
    const result = await searchArticles({ query: 'skalljakke', filters: 'GenderID IN [1]' });
    expect(JSON.parse(seen[0].body)).toEqual({ query: 'skalljakke', take: 1000, page: 0, filters: 'GenderID IN [1]' });
    expect(result.total).toBe(1);
    expect(result.articles[0].name).toBe('Fjellbris skalljakke herre');
  });

  it('articles load by id or by slug (URL-encoded)', async () => {
    route('GET', '/api/v1/articles/101', (_req, res) => json(res, 200, rawArticleDetail()));
    route('GET', '/api/v1/articles/bl%C3%A5-%26-gr%C3%B8nn', (_req, res) => json(res, 200, rawArticleDetail({ VisibleOnWeb: 0 })));
    expect((await getArticle(101)).visible).toBe(true);
    expect((await getArticle('blå-&-grønn')).visible).toBe(false);
  });

  it('postal code maps CoordLat/CoordLong to lat/lng', async () => {
    route('GET', '/api/v1/postalcodes/0150', (_req, res) => json(res, 200, rawPostalCode()));
    expect(await getPostalCode(' 0150 ')).toEqual({ postNo: '0150', postPlace: 'Oslo', lat: 59.9076, lng: 10.7513 });
  });

  it('OSRM table puts longitude first', async () => {
    route('GET', '/api/v1/osrm/table/v1/car/10.75,59.91;10.46,61.11', (_req, res) => json(res, 200, { code: 'Ok', distances: [[0, 1]] }));
    const table = await getOsrmTable([
      { lat: 59.91, lng: 10.75 },
      { lat: 61.11, lng: 10.46 },
    ]);
    expect(table.distances).toEqual([[0, 1]]);
    expect(new URL(seen[0].url, origin).searchParams.get('annotations')).toBe('distance');
  });

  it('createReservation posts the payload to /reservations', async () => {
    route('POST', '/api/v1/reservations', (req, res) => {
      const body = JSON.parse(req.body);
      json(res, 201, {
        ReservationID: 77,
        ShopID: body.ShopID,
        CustomerID: null,
        StatusID: 1,
        CustomerName: body.CustomerName,
        Email: body.Email,
        Phone: body.Phone,
        Delivery: body.Delivery,
        Address: body.Address,
        City: body.City,
        PostalCode: body.PostalCode,
        Total: 209800,
        TrackingUrl: null,
        Articles: [],
        DateCreated: '2026-11-22T10:00:00Z',
      });
    });
    const reservation = await createReservation({
      CustomerName: 'Kari Nordmann',
      Email: 'kari@example.no',
      Phone: '91234567',
      Delivery: 0,
      Address: 'Storgata 1',
      PostalCode: '0155',
      City: 'Oslo',
      ShopID: 3,
      items: [{ EanNo: '7090012345675', Count: 1, CampaignArticleID: null }],
      shipping_method_id: 'delivery',
    });
    expect(reservation).toMatchObject({ id: 77, shopID: 3, delivery: false, name: 'Kari Nordmann' });
    expect(JSON.parse(seen[0].body).items).toEqual([{ EanNo: '7090012345675', Count: 1, CampaignArticleID: null }]);
  });

  it('payReservationInShop posts {} with the CSRF token to /reservations/{id}/pay-in-shop; a refusal carries the server\'s text', async () => {
    route('POST', '/api/v1/reservations/77/pay-in-shop', (_req, res) => json(res, 200, { ReservationID: 77, StatusID: 1, HoldUntil: '2026-11-25T10:00:00.000Z' }));
    expect(await payReservationInShop(77)).toEqual({ reservationId: 77, statusId: 1, holdUntil: '2026-11-25T10:00:00.000Z' });
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{}' });
    expect(seen[0].headers['x-csrf-token']).toBe('tok-123');
    const refusal = 'Du har allerede 2 reservasjoner som skal betales i butikken. Hent og betal dem først, eller betal denne på nett.';
    route('POST', '/api/v1/reservations/78/pay-in-shop', (_req, res) => json(res, 409, { message: refusal }));
    const error = await payReservationInShop(78).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(serverMessage(error)).toBe(refusal);
  });
});
