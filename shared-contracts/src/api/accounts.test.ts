/**
 * Account additions to the client (issue 6) against a real HTTP server: the rotated CSRF token is picked up from
 * the X-CSRF-TOKEN answer header, the API's array-shaped field errors are read, and the verify/review calls.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, fieldErrors, firstFieldError } from './errors.js';
import { setApiBaseUrl, setCsrfTokenSource } from './client.js';
import { createCustomerReview, loginCustomer, logoutCustomer, verifyEmail } from './customer.js';
import { rawCustomer } from '../testing/fixtures.js';

type Handler = (body: string, res: ServerResponse, headers: Record<string, unknown>) => void;
let server: Server;
const routes = new Map<string, Handler>();
const csrfSeen: unknown[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      csrfSeen.push(req.headers['x-csrf-token']);
      const handler = routes.get(`${req.method} ${(req.url ?? '').split('?')[0]}`);
      if (handler) handler(body, res, req.headers);
      else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"message":"nei"}');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let window: Window;
beforeEach(() => {
  routes.clear();
  csrfSeen.length = 0;
  setCsrfTokenSource();
  window = new Window();
  window.document.head.innerHTML = '<meta name="csrf-token" content="old-token">';
  (globalThis as { document?: unknown }).document = window.document;
});
afterEach(async () => {
  delete (globalThis as { document?: unknown }).document;
  await window.happyDOM.close();
});

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

describe('rotated CSRF token', () => {
  it('a login answer with X-CSRF-TOKEN updates the meta tag, and the next request sends the new token', async () => {
    routes.set('POST /api/v1/customers/login', (_b, res) => reply(res, 200, rawCustomer(), { 'x-csrf-token': 'new-token' }));
    routes.set('POST /api/v1/customers/logout', (_b, res) => reply(res, 200, { message: 'ok' }));
    await loginCustomer({ username: 'kari@example.no', password: 'x' });
    expect(document.querySelector('meta[name="csrf-token"]')!.getAttribute('content')).toBe('new-token');
    await logoutCustomer();
    expect(csrfSeen).toEqual(['old-token', 'new-token']);
  });

  it('answers without the header leave the token alone; a custom token source is never overwritten', async () => {
    routes.set('POST /api/v1/customers/logout', (_b, res) => reply(res, 200, { message: 'ok' }));
    await logoutCustomer();
    expect(document.querySelector('meta[name="csrf-token"]')!.getAttribute('content')).toBe('old-token');
    setCsrfTokenSource(() => 'custom');
    routes.set('POST /api/v1/customers/login', (_b, res) => reply(res, 200, rawCustomer(), { 'x-csrf-token': 'new-token' }));
    await loginCustomer({ username: 'kari@example.no', password: 'x' });
    expect(document.querySelector('meta[name="csrf-token"]')!.getAttribute('content')).toBe('old-token');
  });
});

describe('field errors', () => {
  const err = (errors: unknown) => new ApiError({ kind: 'status', status: 422, data: { message: 'm', errors }, message: 'x' });
  it.each([
    ['the API array shape', [{ field: 'first_name', message: 'Fornavn må ha en verdi' }, { field: 'first_name', message: 'annet' }, { field: 'email', message: 'Email må ha en verdi' }], { first_name: 'Fornavn må ha en verdi', email: 'Email må ha en verdi' }],
    ['the Laravel object shape', { phone: ['Telefonnummer må ha en verdi'] }, { phone: 'Telefonnummer må ha en verdi' }],
    ['no errors', undefined, {}],
    ['junk', [1, null, { field: 3 }], {}],
  ])('%s', (_name, errors, expected) => {
    expect(fieldErrors(err(errors))).toEqual(expected);
    expect(firstFieldError(err(errors))).toBe(Object.values(expected)[0] ?? null);
  });
  it('non-ApiErrors have none', () => {
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});

describe('verify and review calls', () => {
  it('POST /customers/email/verify sends the token', async () => {
    let sent = '';
    routes.set('POST /api/v1/customers/email/verify', (body, res) => ((sent = body), reply(res, 200, { message: 'E-postadressen er bekreftet.' })));
    expect(await verifyEmail({ token: 'abc' })).toEqual({ message: 'E-postadressen er bekreftet.' });
    expect(JSON.parse(sent)).toEqual({ token: 'abc' });
  });

  it('POST /customers/current/reviews answers the mapped review', async () => {
    routes.set('POST /api/v1/customers/current/reviews', (body, res) =>
      reply(res, 201, {
        id: 9, content: JSON.parse(body).content, reply: null, customer: { id: 7, first_name: 'Kari', last_name: 'Nordmann' }, rating: 4,
        approved: 0, created_at: '2026-11-22T08:00:00.000Z', reviewable_id: 102, reviewable_type: 'article', true_to_size: 0,
        size_color: 'M / Sort', anonymous: 0,
      }),
    );
    const review = await createCustomerReview({ article_id: 102, rating: 4, content: 'Fin', true_to_size: 0, size_color: 'M / Sort', anonymous: 0 });
    expect(review).toMatchObject({ id: 9, approved: false, anonymous: false, rating: 4, content: 'Fin' });
  });
});
