/**
 * The content security policy lets a real provider's checkout run (issue 19): the provider is a stand-in served
 * from a second origin the way Kustom/Qliro serve theirs (its snippet names its own origin), so the shop's page must
 * allow that origin's scripts and frames, and the snippet's inline bootstrap runs by a per-response nonce.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawPaymentOrder } from '@shop/contracts/types';
import { paymentsConfig } from '../../src/payments/config.js';
import { installPaymentStandIns } from '../../src/payments/standins/index.js';
import { paymentOrigins } from '../../src/server/security.js';
import { useTestApp } from '../support/app.js';
import { makeShellTree } from '../accounts/browser.js';
import { freePort } from '../support/process.js';
import { HttpBrowser, iframeSrc, openPaymentsShop, paymentTestEnv, reserve, stateOf, waitFor } from './support.js';

const root = makeShellTree();
paymentTestEnv(100);

describe('CSP with the provider on a second origin', () => {
  let provider: FastifyInstance;
  let providerOrigin = '';
  const saved = { klarna: process.env.KLARNA_BASE_URL, qliro: process.env.QLIRO_BASE_URL };
  beforeAll(async () => {
    const port = await freePort();
    providerOrigin = `http://127.0.0.1:${port}`;
    provider = Fastify();
    await installPaymentStandIns(provider, paymentsConfig({}), { origin: providerOrigin });
    await provider.listen({ port, host: '127.0.0.1' });
    // The shop is configured with that provider, as with the real one (read when the app is built).
    process.env.KLARNA_BASE_URL = `${providerOrigin}/stand-in/klarna`;
    process.env.QLIRO_BASE_URL = `${providerOrigin}/stand-in/qliro`;
  });
  const t = useTestApp('pglite', { rootDir: root });
  let origin = '';
  beforeAll(async () => {
    origin = await openPaymentsShop(t());
  });
  afterAll(async () => {
    await provider.close();
    process.env.KLARNA_BASE_URL = saved.klarna;
    process.env.QLIRO_BASE_URL = saved.qliro;
    if (saved.klarna === undefined) delete process.env.KLARNA_BASE_URL;
    if (saved.qliro === undefined) delete process.env.QLIRO_BASE_URL;
  });

  const directives = (csp: string) => Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

  it("index.html allows the provider's scripts and frames and carries a fresh nonce for the snippet's bootstrap", async () => {
    const pages = await Promise.all([0, 1].map(() => fetch(`${origin}/checkout`, { headers: { accept: 'text/html' } })));
    const nonces: string[] = [];
    for (const page of pages) {
      const html = await page.text();
      const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(html)![1]!;
      const csp = directives(page.headers.get('content-security-policy')!);
      expect(csp['script-src']).toContain(providerOrigin);
      expect(csp['script-src']).toContain(`'nonce-${nonce}'`);
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['frame-src']).toEqual(expect.arrayContaining(["'self'", providerOrigin]));
      expect(csp['connect-src']).toContain(providerOrigin);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    // API answers keep the strict global policy: no nonce there.
    const api = await fetch(`${origin}/api/v1/genders`);
    expect(directives(api.headers.get('content-security-policy')!)['script-src']).toEqual(expect.arrayContaining(["'self'", providerOrigin]));
    expect(api.headers.get('content-security-policy')).not.toContain('nonce-');
  });

  it("the snippet comes from the provider's origin with an inline bootstrap; paying there pays the reservation", async () => {
    const b = await new HttpBrowser(origin).open();
    const r = await reserve(b, true, 1, false);
    const order = (await b.send('POST', '/payments/klarna/orders', { reservationId: r.ReservationID })).json as RawPaymentOrder;
    expect(order.HtmlSnippet).toMatch(/<script>[^<]+<\/script>/);
    const src = iframeSrc(order.HtmlSnippet);
    expect(new URL(src).origin).toBe(providerOrigin);
    const page = await (await fetch(src)).text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!;
    const paid = await fetch(new URL(action, providerOrigin), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')!.startsWith(origin)).toBe(true);
    const after = await waitFor(() => stateOf(t(), r.ReservationID), (v) => v.reservation === 3);
    expect(after.reservation).toBe(3);
  });
});

describe('paymentOrigins', () => {
  it.each([
    [{}, {}, []],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }, {}, ['https://*.kustom.co', 'https://api.kustom.co']],
    [{ KLARNA_BASE_URL: 'https://api.playground.kustom.co/' }, {}, ['https://*.kustom.co', 'https://api.playground.kustom.co']],
    [{ QLIRO_BASE_URL: 'http://127.0.0.1:4100/stand-in/qliro' }, {}, ['http://127.0.0.1:4100']],
    [{ KLARNA_BASE_URL: 'not a url' }, {}, []],
    [{}, { PAYMENT_CHECKOUT_ORIGINS: 'https://js.example.com  https://*.cdn.example javascript:alert(1)' }, ['https://*.cdn.example', 'https://js.example.com']],
  ])('%j %j', (config, env, origins) => expect(paymentOrigins(paymentsConfig(config), env)).toEqual(origins));
});
