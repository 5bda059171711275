import { describe, expect, it } from 'vitest';
import { decideOperation, type OperationAsk, type PaymentState, type Pending } from './decide.js';
import { paymentTexts } from './texts.js';

const sold = [
  { reference: 'A', quantity: 2, unitPrice: 10000 },
  { reference: 'B', quantity: 1, unitPrice: 5000 },
  // As routes/payments/staff.ts passes them (money.ts soldLines): shipping and the discount as lines of one.
  { reference: 'frakt', quantity: 1, unitPrice: 4900 },
  { reference: 'rabatt', quantity: 1, unitPrice: -1900 },
];
const paid = (over: Partial<PaymentState> = {}): PaymentState => ({ provider: 'klarna', status: 'paid', authorizedAmount: 25000, capturedAmount: 0, refundedAmount: 0, ...over });
const none: Pending = { capture: 0, refund: 0, cancel: false };
const { operationAmount: amount, operationNotAllowed: notAllowed, operationLines: lines } = paymentTexts;

describe('decideOperation', () => {
  it.each<[string, PaymentState, Pending, OperationAsk, { amount: number } | string]>([
    ['full capture', paid(), none, { kind: 'capture' }, { amount: 25000 }],
    ['partial capture by amount', paid(), none, { kind: 'capture', amount: 1000 }, { amount: 1000 }],
    ['partial capture by lines', paid(), none, { kind: 'capture', lines: [{ reference: 'A', quantity: 1 }] }, { amount: 10000 }],
    ['capture above authorised', paid(), none, { kind: 'capture', amount: 25001 }, amount],
    ['capture counts the queued one', paid(), { ...none, capture: 20000 }, { kind: 'capture', amount: 5001 }, amount],
    ['rest after partial', paid({ capturedAmount: 10000 }), none, { kind: 'capture' }, { amount: 15000 }],
    ['capture an unpaid one', paid({ status: 'late' }), none, { kind: 'capture' }, notAllowed],
    ['unknown line', paid(), none, { kind: 'capture', lines: [{ reference: 'C', quantity: 1 }] }, lines],
    ['too many units', paid(), none, { kind: 'capture', lines: [{ reference: 'A', quantity: 3 }] }, lines],
    ['lines and a different amount', paid(), none, { kind: 'capture', amount: 1, lines: [{ reference: 'A', quantity: 1 }] }, amount],
    ['qliro partial needs lines', paid({ provider: 'qliro' }), none, { kind: 'capture', amount: 1000 }, lines],
    ['qliro full capture', paid({ provider: 'qliro' }), none, { kind: 'capture' }, { amount: 25000 }],
    ['refund nothing captured', paid(), none, { kind: 'refund' }, amount],
    ['full refund', paid({ capturedAmount: 25000 }), none, { kind: 'refund' }, { amount: 25000 }],
    ['partial refund', paid({ capturedAmount: 25000, refundedAmount: 5000 }), none, { kind: 'refund', amount: 20000 }, { amount: 20000 }],
    ['refund above captured', paid({ capturedAmount: 10000 }), none, { kind: 'refund', amount: 10001 }, amount],
    ['refund counts the queued one', paid({ capturedAmount: 10000 }), { ...none, refund: 10000 }, { kind: 'refund', amount: 1 }, amount],
    ['cancel uncaptured', paid(), none, { kind: 'cancel' }, { amount: 25000 }],
    ['cancel a late one', paid({ status: 'late' }), none, { kind: 'cancel' }, { amount: 25000 }],
    ['no cancel after capture', paid({ capturedAmount: 1 }), none, { kind: 'cancel' }, notAllowed],
    ['no cancel with a capture queued', paid(), { ...none, capture: 1 }, { kind: 'cancel' }, notAllowed],
    ['no cancel twice', paid(), { ...none, cancel: true }, { kind: 'cancel' }, notAllowed],
    ['no capture with a cancel queued', paid(), { ...none, cancel: true }, { kind: 'capture' }, notAllowed],
    ['extend', paid(), none, { kind: 'extend' }, { amount: 0 }],
    ['no extend when all captured', paid({ capturedAmount: 25000 }), none, { kind: 'extend' }, notAllowed],
    ['release after a partial capture', paid({ capturedAmount: 10000 }), none, { kind: 'release' }, { amount: 15000 }],
    ['release with a partial capture queued', paid(), { ...none, capture: 10000 }, { kind: 'release' }, { amount: 15000 }],
    ['no release with nothing captured', paid(), none, { kind: 'release' }, notAllowed],
    ['no release when all is captured', paid({ capturedAmount: 25000 }), none, { kind: 'release' }, notAllowed],
    ['no release twice', paid({ capturedAmount: 10000 }), { ...none, release: true }, { kind: 'release' }, notAllowed],
    ['no capture with a release queued', paid({ capturedAmount: 10000 }), { ...none, release: true }, { kind: 'capture' }, notAllowed],
    ['no extend with a release queued', paid({ capturedAmount: 10000 }), { ...none, release: true }, { kind: 'extend' }, notAllowed],
    ['capture names shipping and discount', paid({ authorizedAmount: 28000 }), none, { kind: 'capture', lines: [{ reference: 'A', quantity: 1 }, { reference: 'frakt', quantity: 1 }, { reference: 'rabatt', quantity: 1 }] }, { amount: 10000 + 4900 - 1900 }],
    ['discount alone is no capture', paid({ authorizedAmount: 28000 }), none, { kind: 'capture', lines: [{ reference: 'rabatt', quantity: 1 }] }, amount],
    ['shipping only once', paid({ authorizedAmount: 28000 }), none, { kind: 'capture', lines: [{ reference: 'frakt', quantity: 2 }] }, lines],
    ['nothing on a pending checkout', paid({ status: 'pending' }), none, { kind: 'cancel' }, notAllowed],
  ])('%s', (_name, payment, pending, ask, expected) => {
    const decision = decideOperation(payment, pending, ask, sold);
    if (typeof expected === 'string') expect(decision).toEqual({ ok: false, message: expected });
    else expect(decision).toMatchObject({ ok: true, ...expected });
  });
});
