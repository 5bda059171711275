/**
 * Where the provider sends the shopper and its callbacks (issue 18): the return path is a same-origin path of safe
 * characters (else 422, nothing started), and under NODE_ENV=production every URL given to a provider is on
 * PUBLIC_URL, never on the Host a request claims; without an https PUBLIC_URL the app does not start.
 * On every test database.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RawPaymentOrder } from '@shop/contracts/types';
import { ConfigError } from '../../src/config.js';
import { buildApp } from '../../src/server/app.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { makeShellTree } from '../accounts/browser.js';
import { basicStandIn, HttpBrowser, openPaymentsShop, paymentTestEnv, reserve, stateOf } from './support.js';

const root = makeShellTree();
paymentTestEnv();

const klarnaOrderAtStandIn = async (origin: string, orderId: string) => {
  const res = await fetch(`${origin}/stand-in/klarna/checkout/v3/orders/${orderId}`, { headers: { authorization: basicStandIn } });
  return (await res.json()) as { merchant_urls: Record<string, string> };
};

describe.each(testDatabaseKinds())('the payment return path on %s', (kind) => {
  const t = useTestApp(kind, { rootDir: root });
  let origin = '';
  beforeAll(async () => {
    origin = await openPaymentsShop(t());
  });

  it('is a path on this site: anything else is a 422 naming the field, and nothing is started', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, false);
    const refused = [
      '/checkout\r\nSet-Cookie: x=1',
      '/checkout\nx',
      '/check\tout',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/checkout',
      'evil.example',
      '/kjøp',
      '/\u2215evil.example',
      '/checkout#fragment',
      // issue 33: the one rule of every return path (siteReturnPath), on the resolved and decoded path
      '/.//evil.example',
      '/%2e//evil.example',
      '/a/..//evil.example',
      '/%2f%2fevil.example',
      '/%5cevil.example',
      `/${'a'.repeat(300)}`,
      '',
    ];
    for (const confirmationPath of refused) {
      for (const provider of ['klarna', 'qliro']) {
        const res = await b.send('POST', `/payments/${provider}/orders`, { reservationId: r.ReservationID, confirmationPath });
        expect(res.status, JSON.stringify(confirmationPath)).toBe(422);
        expect(res.json.message).toMatch(/^Returadressen etter betalingen må være en adresse på denne nettsiden/);
        expect(res.json.errors).toEqual([{ field: 'confirmationPath', message: res.json.message }]);
      }
    }
    // Longer than any schema allows: still a 4xx, never a 500.
    expect((await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID, confirmationPath: `/${'a'.repeat(5000)}` })).status).toBe(400);
    expect((await stateOf(t(), r.ReservationID)).payments).toEqual([]);

    // The checkout's own return path goes to the provider after this shop's origin.
    const ok = await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID, confirmationPath: '/checkout?steg=bekreftelse&betaling=klarna' });
    expect(ok.status).toBe(201);
    const atKlarna = await klarnaOrderAtStandIn(origin, (ok.json as RawPaymentOrder).OrderID);
    expect(atKlarna.merchant_urls.confirmation).toBe(`${origin}/checkout?steg=bekreftelse&betaling=klarna&order_id={checkout.order.id}`);
  });
});

describe.each(testDatabaseKinds())('payments under NODE_ENV=production on %s', (kind) => {
  const PUBLIC_URL = 'https://shop.example';
  // The environment main.ts would have; read when the app is built (payments/config.ts), then put back.
  beforeAll(() => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PUBLIC_URL', PUBLIC_URL);
    vi.stubEnv('PAYMENT_STAND_INS', '1');
  });
  const t = useTestApp(kind, { rootDir: root, production: true });
  let origin = '';
  beforeAll(async () => {
    vi.unstubAllEnvs();
    origin = await openPaymentsShop(t());
  });
  afterEach(() => vi.unstubAllEnvs());

  it('every URL sent to the provider is on PUBLIC_URL, whatever Host the request claims', async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true);
    for (const forged of [{ host: 'evil.example' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }]) {
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/v1/payments/klarna/orders',
        headers: { ...forged, cookie: b.cookie, 'x-csrf-token': b.token, 'content-type': 'application/json' },
        payload: { reservationId: r.ReservationID, confirmationPath: '/checkout?steg=bekreftelse&betaling=klarna' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const sent = await klarnaOrderAtStandIn(origin, res.json<RawPaymentOrder>().OrderID);
      expect(JSON.stringify(sent)).not.toContain('evil.example');
      expect(sent.merchant_urls).toEqual({
        terms: `${PUBLIC_URL}/kundeservice`,
        checkout: `${PUBLIC_URL}/checkout`,
        confirmation: `${PUBLIC_URL}/checkout?steg=bekreftelse&betaling=klarna&order_id={checkout.order.id}`,
        push: `${PUBLIC_URL}/api/v1/payments/klarna/push?klarna_order_id={checkout.order.id}`,
        validation: `${PUBLIC_URL}/api/v1/payments/klarna/validate?klarna_order_id={checkout.order.id}`,
        notification: `${PUBLIC_URL}/api/v1/payments/klarna/notification?klarna_order_id={checkout.order.id}`,
      });
    }
  });

  it.each([
    ['without PUBLIC_URL', undefined],
    ['with an http PUBLIC_URL', 'http://shop.example'],
    ['with a PUBLIC_URL that is no origin', 'https://shop.example/butikk'],
  ])('the app refuses to start %s', async (_name, publicUrl) => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PUBLIC_URL', publicUrl);
    await expect(buildApp({ database: t().database, rootDir: root, production: true })).rejects.toThrow(ConfigError);
  });
});
