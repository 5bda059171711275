/** The Content-Security-Policy lets the checkout frame the pay page of a payment provider configured by URL. */
import { describe, expect, it } from 'vitest';
import { paymentsConfig } from '../../src/payments/config.js';
import { cspDirectives, paymentFrameOrigins, remoteSockets } from '../../src/server/security.js';

describe('payment frame origins', () => {
  it('are the origins of the providers configured by URL, none for the built-in stand-ins', () => {
    expect(paymentFrameOrigins(paymentsConfig({}))).toEqual([]);
    expect(
      paymentFrameOrigins(
        paymentsConfig({ KLARNA_BASE_URL: 'https://api.playground.klarna.com/', QLIRO_BASE_URL: 'http://127.0.0.1:4100/stand-in/qliro' }),
      ),
    ).toEqual(['http://127.0.0.1:4100', 'https://*.klarna.com', 'https://api.playground.klarna.com']);
    expect(paymentFrameOrigins(paymentsConfig({ KLARNA_BASE_URL: 'not a url' }))).toEqual([]);
  });

  it('go into frame-src next to self; framing the shop stays same-origin only', () => {
    const directives = cspDirectives({ remotes: {}, production: false, frameOrigins: ['https://pay.example'] });
    expect(directives['frame-src']).toEqual(["'self'", 'https://pay.example']);
    expect(directives['frame-ancestors']).toEqual(["'self'"]);
  });
});

describe('connect-src and the remotes', () => {
  const remotes = { mf_catalog: 'http://localhost:3001/mf-manifest.json', mf_content: 'https://cdn.example/content/mf-manifest.json', mf_account: '/mf/mf-account/mf-manifest.json' };

  it.each([
    [[], []],
    [['http://localhost:3001'], ['ws://localhost:3001']],
    [['https://cdn.example', 'http://127.0.0.1:4000'], ['wss://cdn.example', 'ws://127.0.0.1:4000']],
  ])('remoteSockets(%j) = %j', (origins, sockets) => {
    expect(remoteSockets(origins)).toEqual(sockets);
  });

  it("outside production: the remotes' origins and their WebSocket origins (a dev server's hot updates)", () => {
    expect(cspDirectives({ remotes, production: false, frameOrigins: [] })['connect-src']).toEqual([
      "'self'",
      'http://localhost:3001',
      'https://cdn.example',
      'ws://localhost:3001',
      'wss://cdn.example',
    ]);
  });

  it("in production: the remotes' origins only, no sockets", () => {
    expect(cspDirectives({ remotes, production: true, frameOrigins: [] })['connect-src']).toEqual(["'self'", 'http://localhost:3001', 'https://cdn.example']);
  });
});
