import { describe, expect, it } from 'vitest';
import { compareWithLedger, reconcileSeconds, type ShopMoney } from './reconcile.js';

const kr = (text: string) => text.replace(/ (?=kr)/g, '\u00a0');
const shop = (over: Partial<ShopMoney> = {}): ShopMoney => ({ provider: 'klarna', status: 'paid', capturedAmount: 0, refundedAmount: 0, released: false, ...over });
const ledger = (captured = 0, refunded = 0, cancelled = false) => ({ captured, refunded, cancelled });

describe('compareWithLedger: the shop\'s record against the provider\'s', () => {
  it.each<[string, ShopMoney, ReturnType<typeof ledger>, string | null]>([
    ['authorised, nothing moved: agrees', shop(), ledger(), null],
    ['captured on both sides: agrees', shop({ capturedAmount: 49900 }), ledger(49900), null],
    ['captured and partly refunded on both: agrees', shop({ capturedAmount: 49900, refundedAmount: 10000 }), ledger(49900, 10000), null],
    ['cancelled on both: agrees', shop({ status: 'cancelled' }), ledger(0, 0, true), null],
    ['Kustom captured, the shop did not record it', shop(), ledger(49900), kr('Kustom har trukket 499,00 kr, butikken har registrert 0,00 kr.')],
    ['the shop recorded a capture Qliro never did', shop({ provider: 'qliro', capturedAmount: 49900 }), ledger(0), kr('Qliro har trukket 0,00 kr, butikken har registrert 499,00 kr.')],
    ['refunded at the provider only', shop({ capturedAmount: 49900 }), ledger(49900, 19950), kr('Kustom har refundert 199,50 kr, butikken har registrert 0,00 kr.')],
    ['cancelled at the provider, active at the shop', shop(), ledger(0, 0, true), 'Kustom har kansellert betalingen, butikken har den som aktiv.'],
    ['cancelled at the shop, active at the provider', shop({ provider: 'qliro', status: 'cancelled' }), ledger(), 'Butikken har kansellert betalingen, Qliro har den fortsatt som aktiv.'],
    ['partly captured, the rest released (Qliro reverses it): agrees', shop({ provider: 'qliro', capturedAmount: 20000, released: true }), ledger(20000, 0, true), null],
    ['released but nothing captured: a cancel the shop did not record', shop({ provider: 'qliro', released: true }), ledger(0, 0, true), 'Qliro har kansellert betalingen, butikken har den som aktiv.'],
    [
      'several differences: each said once',
      shop({ capturedAmount: 10000 }),
      ledger(49900, 10000),
      kr('Kustom har trukket 499,00 kr, butikken har registrert 100,00 kr. Kustom har refundert 100,00 kr, butikken har registrert 0,00 kr.'),
    ],
  ])('%s', (_, ours, theirs, expected) => {
    expect(compareWithLedger(ours, theirs)).toBe(expected);
  });
});

describe('PAYMENT_RECONCILE_SECONDS', () => {
  it.each<[string | undefined, number]>([
    [undefined, 3600],
    ['0', 0],
    ['600', 600],
    ['nonsense', 3600],
    ['-5', 3600],
  ])('%s → %d', (value, expected) => {
    expect(reconcileSeconds(value === undefined ? {} : { PAYMENT_RECONCILE_SECONDS: value })).toBe(expected);
  });
});
