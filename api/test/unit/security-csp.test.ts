/** The Content-Security-Policy lets the checkout frame the pay page of a payment provider configured by URL. */
import { describe, expect, it } from 'vitest';
import { paymentsConfig } from '../../src/payments/config.js';
import { cspDirectives, paymentFrameOrigins } from '../../src/server/security.js';

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
