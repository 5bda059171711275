/**
 * Security suite, access control (issue "Production grade"), on every test database:
 * 1. CSRF: every mutating route of the route table answers 419 without the session's X-CSRF-TOKEN — before its input
 *    is validated and without writing anything — except the server-to-server routes in CSRF_EXEMPTIONS, which verify
 *    themselves instead (a forged payment push changes nothing; the stand-ins want credentials).
 * 2. Login: the routes that need somebody logged in answer an anonymous session as SPEC §8 says (404 "Ingen bruker
 *    logget inn" for account update/delete and resend, 401 for history, reviews and the member code; editor 401/403).
 * 3. Isolation: with customer B's session nothing of customer A comes back (profile, code, reservations, orders,
 *    reviews, payments, poll answers), and A's account cannot be changed or deleted.
 * 4. Headers: the CSP lets the real site work — the shell and its inline scripts (by hash), the remotes' origins from
 *    remotes.json (REMOTES_JSON / REMOTES_FILE) for Module Federation's manifest fetch, remote entries, chunks and
 *    CSS, the API's images — and nothing else runs; framing by other sites is refused; HSTS,
 *    upgrade-insecure-requests and Secure cookies only in production (NODE_ENV=production); session cookies are
 *    always HttpOnly and SameSite=Lax.
 * One app and database per file (the headers' development/production apps share its database).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { accountTexts, authErrorTexts } from '@shop/contracts/texts/forms';
import type { RawCustomer, RawCustomerOrder, RawPaginated, RawPaymentOrder, RawReservation, RawReview } from '@shop/contracts/types';
import * as s from '../../src/db/schema.js';
import { loadConfig, REPO_ROOT } from '../../src/config.js';
import { buildApp, type App } from '../../src/server/app.js';
import { HSTS_MAX_AGE } from '../../src/server/security.js';
import { TEXTS } from '../../src/server/errors.js';
import { CSRF_EXEMPTIONS, isCsrfExempt } from '../../src/server/session.js';
import { qliroNotificationToken } from '../../src/payments/qliro.js';
import { EDITOR_TEXTS } from '../../src/routes/editor/guard.js';
import { fulfilmentTexts } from '../../src/fulfilment/texts.js';
import type { RouteEntry } from '../../src/server/route-table.js';
import { useTestApp } from '../support/app.js';
import { paymentsOf } from '../payments/support.js';
import { testDatabaseKinds } from '../support/databases.js';
import { ean13 } from '../support/fixtures.js';
import { makeShellTree } from '../accounts/browser.js';
import { sampleRequest } from './support/fuzz.js';
import {
  ALFA,
  BRAVO,
  callableRoutes,
  changedTables,
  Client,
  fingerprint,
  insertSecurityData,
  isEditorRoute,
  isWorkspaceRoute,
  makeSession,
  MUTATING_METHODS,
  NEEDS_CUSTOMER,
  PUBLIC_CUSTOMER_ROUTES,
  routeKey,
  schemasOf,
  STAFF,
  type SecurityData,
} from './support/harness.js';
import { baseFor } from './support/run-fuzz.js';
import { writeFakeShellRenderer } from '../support/shellRenderer.js';

const INLINE = "window.__SHOP_BOOT__ = { started: Date.now() };";

/** A built-looking tree: index.html with one inline script and one bundle, and one remote. */
function makeBuiltTree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-'));
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    `<!doctype html><html lang="nb"><head><meta name="csrf-token" content="__CSRF_TOKEN__"><script>${INLINE}</script><style>:root{--x:1}</style><script defer src="/main.0123456789.js"></script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'main.0123456789.js'), 'console.log(1);');
  fs.mkdirSync(path.join(root, 'mf-catalog', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'mf-catalog', 'dist', 'remoteEntry.js'), 'var mf_catalog;');
  writeFakeShellRenderer(root);
  return root;
}

/** `content-security-policy` as directive → sources. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  expect(header, 'a CSP header').not.toBe('');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const cookieOf = (res: LightMyRequestResponse) => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : [String(raw ?? '')]).find((c) => c.startsWith('sid=')) ?? '';
};

const REMOTES_JSON = JSON.stringify({
  mf_catalog: 'https://cdn.example.no/mf-catalog/mf-manifest.json',
  mf_cart_checkout: 'http://localhost:3002/mf-manifest.json',
  mf_account: '/mf/mf-account/mf-manifest.json',
  mf_content: '/mf/mf-content/mf-manifest.json',
});
/** Sorted, as the policy lists them. */
const REMOTE_ORIGINS = ['http://localhost:3002', 'https://cdn.example.no'];

/** Everything that identifies customer A: none of it may reach anybody else. */
const ALFA_MARKERS = [ALFA.email, ALFA.phone, ALFA.firstName, ALFA.lastName, ALFA.address, ALFA.city, ALFA.memberCode, ALFA.reviewText, ALFA.klarnaOrderId];
const leaks = (body: string) => ALFA_MARKERS.filter((m) => body.includes(m));

describe.each(testDatabaseKinds())('access control on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: makeShellTree() });
  let data: SecurityData;
  beforeAll(async () => {
    data = await insertSecurityData(t().db);
  });

  const app = () => t().app;
  const sample = (route: RouteEntry) => sampleRequest({ method: route.method, url: route.url, schemas: schemasOf(route), base: baseFor(route, data) });
  const send = (client: Client, route: RouteEntry, options: { csrf?: boolean | string } = {}) => {
    const { url, json } = sample(route);
    return client.send(route.method, url, { ...options, ...(json !== undefined ? { payload: JSON.stringify(json), contentType: 'application/json' } : {}) });
  };
  const apiRoutes = () => callableRoutes(app()).filter((r) => r.url.startsWith('/api/v1/'));
  const mutating = () => callableRoutes(app()).filter((r) => MUTATING_METHODS.has(r.method));

  describe('CSRF', () => {
    it('every mutating route answers 419 without the session token, before validation, and writes nothing', async () => {
      const routes = mutating().filter((r) => !isCsrfExempt(r.method, r.url));
      expect(routes.length).toBeGreaterThanOrEqual(20);
      const anonymous = await makeSession(t().db);
      const other = await makeSession(t().db);
      const customer = await makeSession(t().db, BRAVO.id);
      const staff = await makeSession(t().db, STAFF.id);
      const before = await fingerprint(t().database);
      const problems: string[] = [];
      for (const route of routes) {
        const variants: Array<[string, Client, boolean | string]> = [
          ['no cookie, no token', new Client(app, null), false],
          ['no cookie, a token', new Client(app, null), anonymous.token],
          ['session, no token', new Client(app, anonymous), false],
          ['session, wrong token', new Client(app, anonymous), 'x'.repeat(43)],
          ["session, another session's token", new Client(app, anonymous), other.token],
          ['logged-in customer, no token', new Client(app, customer), false],
          ['staff, no token', new Client(app, staff), false],
        ];
        for (const [name, client, csrf] of variants) {
          const res = await send(client, route, { csrf });
          if (res.statusCode !== 419 || res.json<{ message: string }>().message !== TEXTS.csrf) problems.push(`${routeKey(route)} (${name}): ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
        // Garbage is still a 419, not a 400: the token is checked before the input.
        const garbage = await new Client(app, anonymous).send(route.method, route.url.replace(/:[A-Za-z0-9_]+/g, 'x'), { csrf: false, payload: '{"broken', contentType: 'application/json' });
        if (garbage.statusCode !== 419) problems.push(`${routeKey(route)} (garbage): ${garbage.statusCode}`);
      }
      expect(problems).toEqual([]);
      expect(changedTables(before, await fingerprint(t().database))).toEqual([]);
    });

    it('the exemptions are exactly the mutating routes that take no token, each with its reason', async () => {
      const takesNoToken: string[] = [];
      for (const route of mutating()) {
        const res = await send(new Client(app, null), route, { csrf: false });
        if (res.statusCode !== 419) takesNoToken.push(routeKey(route));
      }
      const listed = CSRF_EXEMPTIONS.map((e) => `${e.method} ${e.url}`);
      expect(takesNoToken.sort()).toEqual([...listed].sort());
      for (const e of CSRF_EXEMPTIONS) expect(e.why.length, `${e.method} ${e.url}`).toBeGreaterThan(40);
      // Only the payment pushes inside the API; the rest are the provider stand-ins (off in production, see headers).
      expect(listed.filter((k) => k.includes('/api/v1/'))).toEqual([
        'POST /api/v1/payments/klarna/push',
        'POST /api/v1/payments/klarna/notification',
        'POST /api/v1/payments/qliro/push',
        'POST /api/v1/payments/qliro/order-management/:reservationId/:token',
        'POST /api/v1/payments/klarna/validate',
        'POST /api/v1/payments/qliro/validate',
      ]);
      expect(listed.filter((k) => !k.includes('/api/v1/')).every((k) => /^(POST|PUT) \/stand-in\//.test(k))).toBe(true);
    });

    it('the exempt routes verify themselves: forged pushes change nothing, the stand-ins want credentials', async () => {
      // Over real HTTP, so that the shop's adapters reach the provider stand-ins the way they reach Klarna and Qliro.
      await app().listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(app().server.address() as AddressInfo).port}`;
      const shopper = new Client(app, await makeSession(t().db));
      const reservation = await shopper.send('POST', '/api/v1/reservations', {
        payload: JSON.stringify({
          CustomerName: 'Kari Nordmann', Email: 'kari@example.no', Phone: '91234567', Delivery: 0, Address: '', PostalCode: '0150', City: 'OSLO',
          ShopID: 1, shipping_method_id: 'click-and-collect', items: [{ EanNo: ean13('701011'), Count: 1, CampaignArticleID: null }],
        }),
        contentType: 'application/json',
      });
      expect(reservation.statusCode, reservation.body).toBe(201);
      const reservationId = reservation.json<RawReservation>().ReservationID;
      const orders: Record<string, RawPaymentOrder> = {};
      for (const provider of ['klarna', 'qliro']) {
        const res = await shopper.send('POST', `/api/v1/payments/${provider}/orders`, { payload: JSON.stringify({ reservationId }), contentType: 'application/json' });
        expect(res.statusCode, res.body).toBe(201);
        orders[provider] = res.json<RawPaymentOrder>();
      }
      const state = async () => ({
        reservation: (await t().db.select({ status: s.reservations.statusId }).from(s.reservations).where(eq(s.reservations.id, reservationId)))[0]?.status,
        payments: (await t().db.select({ status: s.paymentOrders.status }).from(s.paymentOrders).where(eq(s.paymentOrders.reservationId, reservationId)).orderBy(s.paymentOrders.id)).map((p) => p.status),
      });
      const before = await state();
      // Starting Qliro gave up the Klarna checkout (one open payment per reservation).
      expect(before).toEqual({ reservation: 1, payments: ['cancelled', 'pending'] });

      // Forged pushes from anybody (no cookie, no token) claiming the orders are paid: answered, nothing changes.
      const forgedKlarna = await fetch(`${origin}/api/v1/payments/klarna/push?klarna_order_id=${orders.klarna!.OrderID}`, { method: 'POST' });
      expect(forgedKlarna.status).toBe(200);
      const forgedQliro = await fetch(`${origin}/api/v1/payments/qliro/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ OrderId: Number(orders.qliro!.OrderID), Status: 'Completed', CustomerCheckoutStatus: 'Completed', TotalPrice: 1 }),
      });
      expect(forgedQliro.status).toBe(200);
      // A push is answered at once and handled after the answer (payments/runtime.ts): read what that handling did.
      await paymentsOf(t()).idle();
      expect(await state()).toEqual(before);
      // Qliro's order-management notification: without the reservation's token it is not even a route; with it, the
      // body is ignored (it only makes the shop read the reservation's Qliro orders).
      const notification = (token: string) =>
        fetch(`${origin}/api/v1/payments/qliro/order-management/${reservationId}/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ OrderId: Number(orders.qliro!.OrderID), Status: 'Success', PaymentType: 'Capture', Amount: 1 }) });
      expect((await notification('gjettet-token')).status).toBe(404);
      expect((await notification(qliroNotificationToken(reservationId + 1, 'standin-secret'))).status).toBe(404);
      expect((await notification(qliroNotificationToken(reservationId, 'standin-secret'))).status).toBe(200);
      await paymentsOf(t()).idle();
      expect(await state()).toEqual(before);
      // A push about an order the shop does not know reads nothing and writes nothing.
      const snapshot = await fingerprint(t().database);
      expect((await fetch(`${origin}/api/v1/payments/klarna/push?klarna_order_id=ukjent-ordre`, { method: 'POST' })).status).toBe(200);
      expect((await fetch(`${origin}/api/v1/payments/qliro/push`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"OrderId":424242}' })).status).toBe(200);
      await paymentsOf(t()).idle();
      expect(changedTables(snapshot, await fingerprint(t().database))).toEqual([]);

      // The stand-ins' provider APIs refuse calls without the merchant's credentials.
      const noAuth = async (path: string, body = '{}') => (await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status;
      expect(await noAuth('/stand-in/klarna/checkout/v3/orders')).toBe(401);
      expect(await noAuth(`/stand-in/klarna/ordermanagement/v1/orders/${orders.klarna!.OrderID}/acknowledge`)).toBe(401);
      expect(await noAuth('/stand-in/qliro/checkout/merchantapi/orders')).toBe(401);
      expect((await fetch(`${origin}/stand-in/klarna/pay/00000000-0000-4000-8000-000000000000`, { method: 'POST' })).status).toBe(404);
      expect(await state()).toEqual(before);
    });
  });

  describe('routes that need somebody logged in', () => {
    it('every customer route is either public on purpose or needs a login', () => {
      const customerRoutes = apiRoutes().filter((r) => r.url.startsWith('/api/v1/customers'));
      const unclassified = customerRoutes.map(routeKey).filter((k) => !(k in NEEDS_CUSTOMER) && !PUBLIC_CUSTOMER_ROUTES.has(k));
      expect(unclassified).toEqual([]);
      const missing = [...Object.keys(NEEDS_CUSTOMER), ...PUBLIC_CUSTOMER_ROUTES].filter((k) => !customerRoutes.some((r) => routeKey(r) === k));
      expect(missing).toEqual([]);
    });

    it('answer an anonymous session (with a valid token) as SPEC §8 says; public routes never ask for a login', async () => {
      const before = await fingerprint(t().database, ['sessions']);
      const problems: string[] = [];
      for (const route of apiRoutes()) {
        const key = routeKey(route);
        if (isCsrfExempt(route.method, route.url) || key === 'POST /api/v1/customers/logout') continue;
        // A fresh anonymous session each time (a successful register would log the session in).
        const res = await send(new Client(app, await makeSession(t().db)), route);
        const message = res.headers['content-type']?.toString().startsWith('application/json') ? (res.json<{ message?: string }>()?.message ?? null) : null;
        if (key in NEEDS_CUSTOMER) {
          if (res.statusCode !== NEEDS_CUSTOMER[key] || message !== authErrorTexts[404]) problems.push(`${key}: ${res.statusCode} ${message}`);
        } else if (isEditorRoute(route.url)) {
          if (res.statusCode !== 401 || message !== EDITOR_TEXTS.unauthenticated) problems.push(`${key}: ${res.statusCode} ${message}`);
        } else if (isWorkspaceRoute(route.url)) {
          if (res.statusCode !== 401 || message !== fulfilmentTexts.unauthenticated) problems.push(`${key}: ${res.statusCode} ${message}`);
        } else if (res.statusCode === 401 || res.statusCode === 403) {
          problems.push(`${key} asks for a login: ${res.statusCode} ${message}`);
        }
        if (key === 'GET /api/v1/customers/current' && res.statusCode !== 204) problems.push(`${key}: ${res.statusCode} (204 means nobody)`);
      }
      expect(problems).toEqual([]);
      // Nothing an anonymous visitor can reach through these wrote a customer, a review, a post…
      const changed = changedTables(before, await fingerprint(t().database, ['sessions']));
      expect(changed.filter((table) => !['reservations', 'reservation_lines', 'stock', 'orders', 'order_lines', 'poll_answers', 'customers', 'customer_tokens', 'email_outbox', 'login_attempts'].includes(table))).toEqual([]);
    });

    it('a visitor without any session gets the same answers from the GET routes', async () => {
      const nobody = new Client(app, null);
      for (const route of apiRoutes().filter((r) => r.method === 'GET' && routeKey(r) in NEEDS_CUSTOMER)) {
        const res = await send(nobody, route);
        expect(res.statusCode, routeKey(route)).toBe(NEEDS_CUSTOMER[routeKey(route)]);
      }
    });

    it('editor routes answer 403 to a customer who is not staff', async () => {
      const customer = new Client(app, await makeSession(t().db, BRAVO.id));
      const editorRoutes = apiRoutes().filter((r) => isEditorRoute(r.url));
      expect(editorRoutes.length).toBeGreaterThanOrEqual(8);
      for (const route of editorRoutes) {
        const res = await send(customer, route);
        expect([res.statusCode, res.json<{ message: string }>().message], routeKey(route)).toEqual([403, EDITOR_TEXTS.forbidden]);
      }
    });

    it('shop workspace routes answer 403 to a customer who is not staff', async () => {
      const customer = new Client(app, await makeSession(t().db, BRAVO.id));
      const workspaceRoutes = apiRoutes().filter((r) => isWorkspaceRoute(r.url));
      expect(workspaceRoutes.length).toBeGreaterThanOrEqual(13);
      for (const route of workspaceRoutes) {
        const res = await send(customer, route);
        expect([res.statusCode, res.json<{ message: string }>().message], routeKey(route)).toEqual([403, fulfilmentTexts.forbidden]);
      }
    });
  });

  describe("customer B never sees or changes customer A's data", () => {
    const bravo = async () => new Client(app, await makeSession(t().db, BRAVO.id));

    it("B's own profile, code and history hold only B's rows", async () => {
      const b = await bravo();
      const me = await b.send('GET', '/api/v1/customers/current');
      expect(me.statusCode).toBe(200);
      expect(me.json<RawCustomer>()).toMatchObject({ id: BRAVO.id, email: BRAVO.email });
      const code = await b.send('GET', '/api/v1/customers/current/code');
      expect(code.json<{ code: string }>().code).toBe(BRAVO.memberCode);

      const reservations = (await b.send('GET', '/api/v1/customers/current/reservations?page=1')).json<RawPaginated<RawReservation>>();
      expect(reservations.data.map((r) => r.ReservationID)).toEqual([data.bravo.reservationId]);
      const orders = (await b.send('GET', '/api/v1/customers/current/orders?page=1')).json<RawPaginated<RawCustomerOrder>>();
      expect(orders.data.map((o) => o.OrderID)).toEqual([data.bravo.orderId]);
      const reviews = (await b.send('GET', '/api/v1/customers/current/reviews?page=1')).json<RawPaginated<RawReview>>();
      expect(reviews.data.map((r) => r.id)).toEqual([data.bravo.reviewId]);
      for (const res of [me, code]) expect(leaks(res.body)).toEqual([]);
      // The scan below would notice: A's own session does see A's markers.
      const a = new Client(app, await makeSession(t().db, ALFA.id));
      expect(leaks((await a.send('GET', '/api/v1/customers/current/reservations?page=1')).body)).not.toEqual([]);
    });

    it("B cannot change or delete A's account (401 'En annen bruker er logget inn')", async () => {
      const b = await bravo();
      const [aBefore] = await t().db.select().from(s.customers).where(eq(s.customers.id, ALFA.id));
      const put = await b.send('PUT', `/api/v1/customers/${ALFA.id}`, {
        payload: JSON.stringify({ first_name: 'Kapret', last_name: 'Konto', phone: '49999999', email: 'kapret@example.no', password: 'Nytt-passord-1', password_confirmation: 'Nytt-passord-1' }),
        contentType: 'application/json',
      });
      expect([put.statusCode, put.json<{ message: string }>().message]).toEqual([401, accountTexts.otherUserLoggedIn]);
      const del = await b.send('DELETE', `/api/v1/customers/${ALFA.id}`);
      expect([del.statusCode, del.json<{ message: string }>().message]).toEqual([401, accountTexts.otherUserLoggedIn]);
      const [aAfter] = await t().db.select().from(s.customers).where(eq(s.customers.id, ALFA.id));
      expect(aAfter).toEqual(aBefore);
      const aReservations = await t().db.select().from(s.reservations).where(eq(s.reservations.customerId, ALFA.id));
      expect(aReservations.map((r) => r.id)).toEqual([data.alfa.reservationId]);
      // B's own session is intact after the refused attempts.
      expect((await b.send('GET', '/api/v1/customers/current')).json<RawCustomer>().id).toBe(BRAVO.id);
    });

    it("B cannot pay for, read or review through A's reservation and purchases", async () => {
      const b = await bravo();
      expect((await b.send('GET', `/api/v1/payments/klarna/orders/${ALFA.klarnaOrderId}`)).statusCode).toBe(404);
      const start = await b.send('POST', '/api/v1/payments/klarna/orders', { payload: JSON.stringify({ reservationId: data.alfa.reservationId }), contentType: 'application/json' });
      expect(start.statusCode).toBe(404);
      // Article 101 was bought by A, not by B.
      const review = await b.send('POST', '/api/v1/customers/current/reviews', { payload: JSON.stringify({ article_id: 101, rating: 5, content: 'Kjøpte den aldri' }), contentType: 'application/json' });
      expect(review.statusCode).toBe(403);
      const answers = await b.send('GET', `/api/v1/polls/${data.pollId}/answers`);
      expect(answers.json()).toEqual([]);
    });

    it("no GET route of the API answers B (or an anonymous visitor) with anything of A's, whatever id is asked for", async () => {
      const b = await bravo();
      const anonymous = new Client(app, await makeSession(t().db));
      const alfaIds = [data.alfa.reservationId, data.alfa.orderId, data.alfa.reviewId, ALFA.id].map(String);
      const problems: string[] = [];
      let calls = 0;
      for (const route of apiRoutes().filter((r) => r.method === 'GET')) {
        const { url } = sample(route);
        const urls = [url];
        // Every path parameter also gets A's ids and order id (an id from the client never selects another customer's row).
        for (const param of route.url.match(/:([A-Za-z0-9_]+)/g) ?? []) {
          for (const id of [...alfaIds, ALFA.klarnaOrderId]) {
            const base = baseFor(route, data);
            urls.push(sampleRequest({ method: route.method, url: route.url, schemas: schemasOf(route), base: { ...base, params: { ...base?.params, [param.slice(1)]: id } } }).url);
          }
        }
        for (const u of urls) {
          for (const client of [b, anonymous]) {
            calls += 1;
            const res = await client.send('GET', u);
            // What the request itself carried may be echoed in an error ("alfa-klarna-ordre-1 is not a coordinate"):
            // that is the caller's own input, not A's data.
            const found = leaks(res.body).filter((m) => !decodeURIComponent(u).includes(m));
            if (found.length) problems.push(`${u} → ${res.statusCode} shows ${found.join(', ')}`);
          }
        }
      }
      expect(calls).toBeGreaterThan(100);
      expect(problems).toEqual([]);
    });
  });

  describe('security headers (CSP, framing, HSTS, cookies)', () => {
    const root = makeBuiltTree();
    const config = loadConfig({ REMOTES_JSON }, { cwd: root, readFile: () => '' });
    /** The shop as main.ts builds it in development (remotes from REMOTES_JSON) and in production (REMOTES_FILE). */
    let development: App;
    let production: App;
    beforeAll(async () => {
      development = await buildApp({ database: t().database, rootDir: root, remotes: config.remotes });
      await development.ready();
      // Production: configured the way main.ts does it, with the remotes from a REMOTES_FILE this time.
      const file = path.join(root, 'remotes.json');
      fs.writeFileSync(file, REMOTES_JSON);
      const prodEnv = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', REMOTES_FILE: file };
      const prod = loadConfig(prodEnv, { cwd: root, readFile: (f) => fs.readFileSync(f, 'utf8') });
      expect(prod.production).toBe(true);
      // The payments read NODE_ENV and PUBLIC_URL when the app is built.
      vi.stubEnv('NODE_ENV', prodEnv.NODE_ENV);
      vi.stubEnv('PUBLIC_URL', prodEnv.PUBLIC_URL);
      try {
        production = await buildApp({ database: t().database, rootDir: root, remotes: prod.remotes, production: prod.production, apiDocs: prod.apiDocs });
        await production.ready();
      } finally {
        vi.unstubAllEnvs();
      }
    });
    afterAll(async () => {
      await development?.close();
      await production?.close();
      fs.rmSync(root, { recursive: true, force: true });
    });

    const openShop = (app: App) => app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });

    it('index.html: a CSP that allows this origin, the remotes and its own inline script, and nothing else', async () => {
      const res = await openShop(development);
      expect(res.statusCode).toBe(200);
      const policy = csp(res);
      const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
      // The page's inline scripts are the template's own (hashed); what the server renders per request runs under the
      // response's nonce (React's) or is data (PageData, application/json), never a window global.
      const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline).toEqual([INLINE]);
      const hashes = inline.map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      expect(hashes).toContain(hash);
      expect(policy['default-src']).toEqual(["'self'"]);
      // …and this response's nonce, for the payment snippet's inline bootstrap (the checkout reads it from the meta).
      const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(res.body)![1]!;
      expect(policy['script-src']).toEqual(["'self'", ...REMOTE_ORIGINS, ...hashes, `'nonce-${nonce}'`]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      for (const directive of ['connect-src', 'style-src', 'font-src', 'img-src']) {
        for (const origin of ['\'self\'', ...REMOTE_ORIGINS]) expect(policy[directive], directive).toContain(origin);
      }
      expect(policy['style-src']).toContain("'unsafe-inline'");
      expect(policy['img-src']).toEqual(expect.arrayContaining(['data:', 'https:']));
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['form-action']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'self'"]);
      expect(policy['frame-src']).toEqual(["'self'"]);
      const everything = Object.values(policy).flat();
      expect(everything).not.toContain('*');
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(everything).not.toContain("'unsafe-eval'");
      expect(policy['upgrade-insecure-requests']).toBeUndefined();
    });

    it('the same policy (without the page hash) and the other headers on API answers, errors, assets and the registry', async () => {
      const app = development;
      const answers = await Promise.all([
        app.inject({ method: 'GET', url: '/api/v1/health' }),
        app.inject({ method: 'GET', url: '/api/v1/finnes-ikke' }),
        app.inject({ method: 'POST', url: '/api/v1/reservations', payload: {} }),
        app.inject({ method: 'GET', url: '/main.0123456789.js' }),
        app.inject({ method: 'GET', url: '/mf/mf-catalog/remoteEntry.js' }),
        app.inject({ method: 'GET', url: '/remotes.json' }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 419, 200, 200, 200]);
      for (const res of answers) {
        const policy = csp(res);
        expect(policy['script-src']).toEqual(["'self'", ...REMOTE_ORIGINS]);
        expect(policy['frame-ancestors']).toEqual(["'self'"]);
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
      // The API is same-origin only; a shell on another origin must be able to load the remotes and the registry.
      expect(answers[0]!.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answers[4]!.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(answers[4]!.headers['access-control-allow-origin']).toBe('*');
      expect(answers[5]!.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });

    it('development: the session cookie is HttpOnly and SameSite=Lax, not Secure (plain http://localhost)', async () => {
      const cookie = cookieOf(await openShop(development));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
    });

    it('production: HSTS, upgrade-insecure-requests, and Secure + HttpOnly + SameSite=Lax cookies (also after login)', async () => {
      const res = await openShop(production);
      expect(res.headers['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE}; includeSubDomains`);
      const policy = csp(res);
      expect(policy['upgrade-insecure-requests']).toEqual([]);
      expect(policy['script-src']).toEqual(expect.arrayContaining(["'self'", ...REMOTE_ORIGINS]));
      const cookie = cookieOf(res);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      // Registering logs in on a rotated session: the new cookie has the same flags.
      const token = /<meta name="csrf-token" content="([^"]+)">/.exec(res.body)![1]!;
      const password = 'Hemmelig-passord-1';
      const register = await production.inject({
        method: 'POST',
        url: '/api/v1/customers/register',
        headers: { cookie: cookie.split(';')[0]!, 'x-csrf-token': token },
        payload: { first_name: 'Pia', last_name: 'Prod', email: 'pia.prod@example.no', phone: '46666666', password, password_confirmation: password, terms_conditions: 1 },
      });
      expect(register.statusCode, register.body).toBe(201);
      const rotated = cookieOf(register);
      expect(rotated).not.toBe('');
      expect(rotated).toMatch(/; Secure/i);
      expect(rotated).toMatch(/HttpOnly/i);
      expect(rotated).toMatch(/SameSite=Lax/i);
      expect((await production.inject({ method: 'GET', url: '/api/v1/health' })).headers['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE}; includeSubDomains`);
    });

    it('the poll device cookie: HttpOnly, SameSite=Lax, poll routes only, and Secure in production only', async () => {
      for (const [app, secure] of [[development, false], [production, true]] as const) {
        const page = await openShop(app);
        const token = /<meta name="csrf-token" content="([^"]+)">/.exec(page.body)![1]!;
        const res = await app.inject({
          method: 'POST',
          url: `/api/v1/polls/${data.pollId}/answers`,
          headers: { cookie: cookieOf(page).split(';')[0]!, 'x-csrf-token': token },
          payload: { answers: [{ question_id: data.questionId, option_id: data.optionIds[0]! }] },
        });
        expect(res.statusCode, res.body).toBe(201);
        const raw = res.headers['set-cookie'];
        const device = (Array.isArray(raw) ? raw : [String(raw ?? '')]).find((c) => c.startsWith('poll_device='))!;
        expect(device).toMatch(/HttpOnly/i);
        expect(device).toMatch(/SameSite=Lax/i);
        expect(device).toMatch(/Path=\/api\/v1\/polls/);
        if (secure) expect(device).toMatch(/; Secure/i);
        else expect(device).not.toMatch(/Secure/i);
      }
    });

    it('production serves no API docs (UI or JSON) unless API_DOCS=1', async () => {
      const docs = (app: App) => Promise.all(['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html'].map((url) => app.inject({ method: 'GET', url })));
      expect((await docs(production)).map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
      expect((await docs(development)).every((r) => r.statusCode < 400)).toBe(true);
      vi.stubEnv('NODE_ENV', 'production');
      vi.stubEnv('PUBLIC_URL', 'https://shop.example');
      const env = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', API_DOCS: '1', REMOTES_JSON };
      const withDocs = await buildApp({ database: t().database, rootDir: root, production: true, apiDocs: loadConfig(env, { cwd: root, readFile: () => '' }).apiDocs });
      vi.unstubAllEnvs();
      try {
        expect((await withDocs.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      } finally {
        await withDocs.close();
      }
    });

    it('production mounts no payment stand-ins, so their CSRF exemptions name no route there', () => {
      expect(production.routeTable.some((r) => r.url.startsWith('/stand-in/'))).toBe(false);
      expect(development.routeTable.some((r) => r.url.startsWith('/stand-in/'))).toBe(true);
    });

    it.runIf(fs.existsSync(path.join(REPO_ROOT, 'shell', 'dist', 'index.html')))(
      "the real built index.html: every inline script is allowed by hash, every script it loads by 'self'",
      async () => {
        const real = await buildApp({ database: t().database, rootDir: REPO_ROOT, remotes: config.remotes });
        // The app is not listening, so the shell's server renderer cannot read the remotes from it (it reads them over
        // HTTP): it says so once per remote, and renders the page's own scripts, which are what this test checks.
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
        try {
          const res = await openShop(real);
          expect(res.statusCode).toBe(200);
          for (const [message] of warn.mock.calls) expect(String(message)).toMatch(/^\[shell\] mf_\w+\/startup\.json could not be read/);
          const policy = csp(res);
          for (const match of res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
            const src = /\bsrc="([^"]+)"/.exec(match[1] ?? '')?.[1];
            const type = /\btype="([^"]+)"/.exec(match[1] ?? '')?.[1];
            const nonce = /\bnonce="([^"]+)"/.exec(match[1] ?? '')?.[1];
            // Data the browser never runs (PageData, JSON-LD) needs no permission; React's own scripts carry the nonce.
            if (type === 'application/json' || type === 'application/ld+json') continue;
            if (nonce) {
              expect(policy['script-src']).toContain(`'nonce-${nonce}'`);
            } else if (src) {
              const origin = new URL(src, 'http://shop.local').origin;
              expect(origin === 'http://shop.local' || policy['script-src']!.includes(origin), src).toBe(true);
            } else if (match[2]) {
              expect(policy['script-src']).toContain(`'sha256-${createHash('sha256').update(match[2]).digest('base64')}'`);
            }
          }
          for (const match of res.body.matchAll(/<link\b[^>]*href="([^"]+)"/gi)) {
            const origin = new URL(match[1]!, 'http://shop.local').origin;
            expect(origin === 'http://shop.local' || match[1]!.startsWith('data:'), match[1]).toBe(true);
          }
        } finally {
          warn.mockRestore();
          await real.close();
        }
      },
    );
  });
});
