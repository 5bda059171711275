import { describe, expect, it } from 'vitest';
import { capturePlan, handedUnits, handOverCapture, handOverMoney, handOverRefusal, isTrackingUrl, refusalOf, soldOf, type PaymentFacts, type PlanLine, type StaffAction } from './rules.js';
import { clockTime, fulfilmentTexts } from './texts.js';

const line = (ean: string, price: number, count: number, handed: number, removed = 0): PlanLine => ({ ean, price, count, handed, removed });

describe('capturePlan: exactly what was handed over', () => {
  it.each([
    ['everything handed over: the whole order, no lines', [line('A', 10000, 2, 2)], 0, 0, { kind: 'capture', amount: 20000, lines: null, partial: false }],
    ['whole order with shipping and discount', [line('A', 10000, 2, 2)], 19900, 3000, { kind: 'capture', amount: 36900, lines: null, partial: false }],
    ['one of two units: by line', [line('A', 10000, 2, 1)], 0, 0, { kind: 'capture', amount: 10000, lines: [{ reference: 'A', quantity: 1 }], partial: true }],
    [
      'partial with shipping and discount: frakt and rabatt lines',
      [line('A', 10000, 2, 1), line('B', 5000, 1, 1)],
      19900,
      3000,
      { kind: 'capture', amount: 31900, lines: [{ reference: 'A', quantity: 1 }, { reference: 'B', quantity: 1 }, { reference: 'frakt', quantity: 1 }, { reference: 'rabatt', quantity: 1 }], partial: true },
    ],
    ['a removed unit makes it partial even when the rest is handed over', [line('A', 10000, 2, 1, 1)], 0, 0, { kind: 'capture', amount: 10000, lines: [{ reference: 'A', quantity: 1 }], partial: true }],
    ['discount above the goods: never below 0, shipping only', [line('A', 1000, 2, 1)], 19900, 5000, { kind: 'capture', amount: 19900, lines: [{ reference: 'frakt', quantity: 1 }], partial: true }],
    ['nothing owed: cancel', [line('A', 1000, 2, 1)], 0, 5000, { kind: 'cancel', amount: 0 }],
    ['two lines of one EAN are one provider line', [line('A', 1000, 1, 1), line('A', 1000, 2, 1)], 0, 0, { kind: 'capture', amount: 2000, lines: [{ reference: 'A', quantity: 2 }], partial: true }],
  ])('%s', (_name, lines, shipping, discount, expected) => {
    expect(capturePlan(lines, shipping, discount)).toEqual(expected);
  });
});

describe('refusalOf: which status allows which action', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const past = new Date('2026-05-01T11:00:00Z');
  const future = new Date('2026-05-01T13:00:00Z');
  const cc = (statusId: number, pickupUntil: Date | null = null) => ({ statusId, delivery: 'click-and-collect', pickupUntil });
  const home = (statusId: number) => ({ statusId, delivery: 'delivery', pickupUntil: null });
  it.each<[StaffAction, { statusId: number; delivery: string; pickupUntil: Date | null }, number | null]>([
    ['ready', cc(3), null],
    ['ready', cc(1), null],
    ['ready', cc(2), null],
    ['ready', cc(4), 409],
    ['ready', home(3), 422],
    ['collected', cc(4), null],
    ['collected', cc(3), 409],
    ['collected', cc(5), 409],
    ['paid-in-shop', cc(4), null],
    ['paid-in-shop', cc(3), 409],
    ['paid-in-shop', cc(1), 409],
    ['paid-in-shop', cc(5), 409],
    ['not-collected', cc(4, past), null],
    ['not-collected', cc(4, future), 422],
    ['not-collected', cc(5, past), 409],
    ['shipped', home(3), null],
    ['shipped', cc(3), 422],
    ['shipped', home(6), 409],
    ['remove-line', cc(4), null],
    ['remove-line', home(3), null],
    ['remove-line', cc(5), 409],
    ['refund', cc(5), null],
    ['refund', home(6), null],
    ['refund', home(8), null],
    ['refund', home(3), 409],
    ['returned', cc(5), null],
    ['returned', cc(9), 409],
  ])('%s from %o → %s', (action, r, status) => {
    expect(refusalOf(action, r, now)?.status ?? null).toBe(status);
  });
  it('says in Norwegian that the pickup window is not over', () => {
    expect(refusalOf('not-collected', cc(4, future), now)?.message).toBe('Hentefristen er ikke ute ennå.');
  });
});

describe('handedUnits', () => {
  const lines = [{ id: 1, count: 2, removedCount: 0 }, { id: 2, count: 3, removedCount: 1 }];
  it.each([
    ['default: every unit not removed', undefined, new Map([[1, 2], [2, 2]])],
    ['asked lines; others 0', [{ lineId: 2, count: 1 }], new Map([[1, 0], [2, 1]])],
    ['the same line twice adds up', [{ lineId: 1, count: 1 }, { lineId: 1, count: 1 }], new Map([[1, 2], [2, 0]])],
    ['more than remains', [{ lineId: 2, count: 3 }], null],
    ['unknown line', [{ lineId: 9, count: 1 }], null],
  ])('%s', (_n, asked, expected) => {
    expect(handedUnits(lines, asked)).toEqual(expected);
  });
});

describe('isTrackingUrl', () => {
  it.each([
    ['https://sporing.posten.no/sporing/370724760000000001', true],
    ['http://sporing.posten.no/x', false],
    ['javascript:alert(1)', false],
    ['https://user:pw@evil.example/x', false],
    ['https://localhost/x', false],
    ['ikke en lenke', false],
    [`https://a.no/${'x'.repeat(2000)}`, false],
  ])('%s → %s', (url, ok) => expect(isTrackingUrl(url)).toBe(ok));
});

describe('soldOf and texts', () => {
  it('one entry per EAN plus frakt and a negative rabatt', () => {
    expect(soldOf([{ ean: 'A', count: 1, price: 100 }, { ean: 'A', count: 2, price: 100 }], 50, 30)).toEqual([
      { reference: 'A', quantity: 3, unitPrice: 100 },
      { reference: 'frakt', quantity: 1, unitPrice: 50 },
      { reference: 'rabatt', quantity: 1, unitPrice: -30 },
    ]);
  });
  it('names who changed it and when, in Oslo time', () => {
    expect(clockTime(new Date('2026-01-15T13:03:00Z'))).toBe('14:03');
    expect(clockTime(new Date('2026-07-15T12:03:00Z'))).toBe('14:03');
    expect(fulfilmentTexts.stale('Nora Butikk', '14:03', 'Klar til henting')).toBe('Reservasjonen er endret av Nora Butikk kl. 14:03 (Klar til henting). Last inn på nytt.');
  });
});

describe('handOverMoney: what pays for goods that leave the shop', () => {
  const pay = (status: string, over: Partial<PaymentFacts> = {}): PaymentFacts => ({ status, authorizedAmount: status === 'pending' || status === 'refused' ? 0 : 20000, capturedAmount: 0, refundedAmount: 0, discrepancy: null, operations: [], ...over });
  const op = (kind: string, state: string, reason = 'staff') => ({ kind, state, reason });
  const online = { mode: 'online' };
  const inShop = { mode: 'in-shop' };
  const refused = (message: string) => ({ mode: 'refused', message });
  it.each<[string, PaymentFacts[], object]>([
    ['never a checkout: paid in the shop', [], inShop],
    ['an open checkout only: paid in the shop', [pay('pending')], inShop],
    ['a checkout the provider refused holds no money: paid in the shop', [pay('refused')], inShop],
    ['a checkout the shop gave up before it was paid: paid in the shop', [pay('cancelled', { authorizedAmount: 0, operations: [op('void', 'confirmed', 'other-provider')] })], inShop],
    ['paid online', [pay('paid')], online],
    ['paid online, a given-up checkout beside it', [pay('cancelled', { authorizedAmount: 0 }), pay('paid')], online],
    ['paid online with a late duplicate being paid back', [pay('late', { operations: [op('cancel', 'sent', 'duplicate-payment')] }), pay('paid')], online],
    ['captured by hand (confirmed): online, the hand-over records it', [pay('paid', { capturedAmount: 20000, operations: [op('capture', 'confirmed')] })], online],
    ['a capture the provider refused leaves the authorisation: online', [pay('paid', { operations: [op('capture', 'refused')] })], online],
    ['an extension on its way moves no money', [pay('paid', { operations: [op('extend', 'sent')] })], online],
    ['cancelled by hand', [pay('cancelled', { operations: [op('cancel', 'confirmed')] })], refused(fulfilmentTexts.handOverCancelled)],
    ['cancelled by the workspace or the sweep', [pay('cancelled', { operations: [op('cancel', 'confirmed', 'pickup-ended')] })], refused(fulfilmentTexts.handOverCancelled)],
    ['a cancel by hand queued', [pay('paid', { operations: [op('cancel', 'queued')] })], refused(fulfilmentTexts.handOverInFlight)],
    ['a capture by hand at the provider', [pay('paid', { operations: [op('capture', 'sent')] })], refused(fulfilmentTexts.handOverInFlight)],
    ['a release on its way', [pay('paid', { capturedAmount: 1000, operations: [op('capture', 'confirmed'), op('release', 'queued')] })], refused(fulfilmentTexts.handOverInFlight)],
    ['a refund on its way', [pay('paid', { capturedAmount: 20000, operations: [op('refund', 'sent')] })], refused(fulfilmentTexts.handOverInFlight)],
    ['an operation to be followed up', [pay('paid', { operations: [op('capture', 'unknown')] })], refused(fulfilmentTexts.handOverFollowUp)],
    ['refunded before the hand-over', [pay('paid', { capturedAmount: 20000, refundedAmount: 5000 })], refused(fulfilmentTexts.handOverRefunded)],
    ['differs from the provider', [pay('paid', { discrepancy: 'avvik' })], refused(fulfilmentTexts.handOverDiscrepancy)],
    ['paid late, being paid back', [pay('late', { operations: [op('cancel', 'sent', 'expired')] })], refused(fulfilmentTexts.handOverInFlight)],
    ['paid late, cancel not sent yet', [pay('late')], refused(fulfilmentTexts.handOverLate)],
    ['paid late and paid back by the system: paid in the shop', [pay('cancelled', { operations: [op('cancel', 'confirmed', 'duplicate-payment')] })], inShop],
    ['mismatched amount or reference', [pay('mismatch')], refused(fulfilmentTexts.handOverMismatch)],
    ['on hold at the provider', [pay('onhold')], refused(fulfilmentTexts.handOverOnHold)],
    ['a given-up checkout still being read: the shopper may have paid it', [pay('cancelled', { authorizedAmount: 0, operations: [op('void', 'queued', 'paid-in-shop')] })], refused(fulfilmentTexts.handOverInFlight)],
  ])('%s', (_, payments, expected) => {
    expect(handOverMoney(payments)).toMatchObject(expected);
  });

  it.each<['collected' | 'shipped' | 'paid-in-shop', object, string | null]>([
    ['collected', online, null],
    ['shipped', online, null],
    ['paid-in-shop', online, fulfilmentTexts.paidOnline],
    ['collected', inShop, fulfilmentTexts.payInShopFirst],
    ['shipped', inShop, fulfilmentTexts.payInShopFirst],
    ['paid-in-shop', inShop, null],
    ['collected', refused('x'), 'x'],
    ['paid-in-shop', refused('x'), 'x'],
  ])('%s when %o → %s', (action, money, expected) => {
    expect(handOverRefusal(action, { ...(money as { mode: 'online' }), payment: pay('paid') })).toBe(expected);
  });
});

describe('handOverCapture: a capture made by hand is recorded, never repeated', () => {
  const whole = capturePlan([line('A', 10000, 2, 2)], 0, 0);
  const half = capturePlan([line('A', 10000, 2, 1)], 0, 0);
  it.each([
    ['nothing captured: the plan as it is', whole, { authorizedAmount: 20000, capturedAmount: 0 }, whole],
    ['all captured by hand, all handed over: nothing more', whole, { authorizedAmount: 20000, capturedAmount: 20000 }, { kind: 'captured', captured: 20000, release: false, refundDue: 0 }],
    ['all captured by hand, half handed over: the rest is the customer’s', half, { authorizedAmount: 20000, capturedAmount: 20000 }, { kind: 'captured', captured: 20000, release: false, refundDue: 10000 }],
    ['half captured by hand, half handed over: the rest released', half, { authorizedAmount: 20000, capturedAmount: 10000 }, { kind: 'captured', captured: 10000, release: true, refundDue: 0 }],
    ['part captured by hand, all handed over: refused until the rest is captured', whole, { authorizedAmount: 20000, capturedAmount: 1000 }, { kind: 'short', captured: 1000, owed: 20000 }],
    ['captured, then nothing owed (discount): all of it is the customer’s', capturePlan([line('A', 1000, 2, 1)], 0, 5000), { authorizedAmount: 20000, capturedAmount: 1000 }, { kind: 'captured', captured: 1000, release: true, refundDue: 1000 }],
  ])('%s', (_, plan, payment, expected) => {
    expect(handOverCapture(plan, payment)).toEqual(expected);
  });
});
