import { describe, expect, it } from 'vitest';
import { allowedActions, deadlineLabel, followUpLabel, handedOverLines, isHttpsUrl, lineCounts, osloDateTime, parseKroner, paymentLabel, refundableUnits, unknownOperationText } from './rules.js';
import { customerService, followUpItem, line, operation, reservation, shopStaff } from './fixtures.js';
import type { StaffReservationDetail } from '@shop/contracts/types';

const now = new Date('2026-11-24T12:00:00Z');
const kinds = (r: StaffReservationDetail, me = shopStaff) => allowedActions(r, me, now).map((a) => (a.enabled ? a.kind : `(${a.kind})`));
const handed = { fulfilledCount: 2 };
const captured = (amount: number, refunded = 0) => ({ ...reservation().payment!, capturedAmount: amount, refundedAmount: refunded });

const cancelled = { mode: 'refused' as const, message: 'Nettbetalingen for reservasjonen er kansellert.' };

describe('allowedActions: what each status offers', () => {
  it.each<[string, Partial<StaffReservationDetail>, typeof shopStaff, string[]]>([
    ['new click-and-collect: ready (paid in the shop)', { statusId: 1, payment: null }, shopStaff, ['ready']],
    ['awaiting payment click-and-collect: ready', { statusId: 2 }, shopStaff, ['ready']],
    ['awaiting payment home delivery: nothing', { statusId: 2, homeDelivery: true, delivery: 'delivery' }, shopStaff, []],
    ['paid click-and-collect: ready, remove a line', { statusId: 3 }, shopStaff, ['ready', 'remove-line']],
    ['paid home delivery: shipped, remove a line', { statusId: 3, homeDelivery: true, delivery: 'delivery' }, shopStaff, ['shipped', 'remove-line']],
    ['paid with one unit: no removal (that is "not collected")', { statusId: 3, lines: [line({ count: 1 })] }, shopStaff, ['ready']],
    ['ready, window open: collected, not-collected locked', { statusId: 4, pickupUntil: '2026-11-26T16:00:00Z' }, shopStaff, ['collected', '(not-collected)', 'remove-line']],
    ['ready, window ended: not-collected enabled', { statusId: 4, pickupUntil: '2026-11-24T11:59:00Z' }, shopStaff, ['collected', 'not-collected', 'remove-line']],
    ['ready, never paid online: "Betalt i butikken" instead of "Hentet"', { statusId: 4, payment: null, handOver: { mode: 'in-shop', message: null }, pickupUntil: '2026-11-26T16:00:00Z' }, shopStaff, ['paid-in-shop', '(not-collected)', 'remove-line']],
    ['ready, payment cancelled: "Hentet" locked', { statusId: 4, handOver: cancelled, pickupUntil: '2026-11-26T16:00:00Z' }, shopStaff, ['(collected)', '(not-collected)', 'remove-line']],
    ['paid home delivery, payment cancelled: "Sendt" locked', { statusId: 3, homeDelivery: true, delivery: 'delivery', handOver: cancelled }, shopStaff, ['(shipped)', 'remove-line']],
    ['ready, captured by hand: nothing removed', { statusId: 4, payment: captured(129700), pickupUntil: '2026-11-26T16:00:00Z' }, shopStaff, ['collected', '(not-collected)', '(remove-line)']],
    ['collected, shop staff: no refund', { statusId: 5, lines: [line(handed)], payment: captured(99800) }, shopStaff, []],
    ['collected, customer service: refund and return', { statusId: 5, lines: [line(handed)], payment: captured(99800) }, customerService, ['refund', 'returned']],
    ['fully refunded and returned: nothing left', { statusId: 8, lines: [line({ ...handed, refundedCount: 2, returnedCount: 2 })], payment: captured(99800, 99800) }, customerService, []],
    ['shipped, refunded money but goods not back: return only', { statusId: 6, lines: [line({ ...handed, refundedCount: 2 })], payment: captured(99800, 99800) }, customerService, ['returned']],
    ['not collected: closed', { statusId: 7 }, customerService, []],
    ['cancelled: closed', { statusId: 9 }, customerService, []],
  ])('%s', (_, over, me, expected) => {
    expect(kinds(reservation(over), me)).toEqual(expected);
  });

  it('a locked hand-over says why in the API\'s words', () => {
    expect(allowedActions(reservation({ statusId: 4, handOver: cancelled }), shopStaff, now).find((a) => a.kind === 'collected')?.reason).toBe(cancelled.message);
  });

  it('says until when "Ikke hentet" waits, in Oslo time', () => {
    const locked = allowedActions(reservation({ statusId: 4, pickupUntil: '2026-11-26T16:00:00Z' }), shopStaff, now).find((a) => a.kind === 'not-collected');
    expect(locked?.reason).toBe('Kan registreres når hentefristen er ute (26.11.2026 kl. 17:00).');
  });
});

describe('handed-over counts (partial pickup)', () => {
  const lines = reservation().lines; // 2 × jakke (id 11), 1 × bukse (id 12)
  it.each<[string, Record<number, string>, unknown]>([
    ['untouched: every open unit', {}, { ok: true, lines: [{ lineId: 11, count: 2 }, { lineId: 12, count: 1 }] }],
    ['one jacket, no trousers', { 11: '1', 12: '0' }, { ok: true, lines: [{ lineId: 11, count: 1 }] }],
    ['blank counts as none', { 11: '2', 12: '' }, { ok: true, lines: [{ lineId: 11, count: 2 }] }],
    ['more than reserved', { 11: '3' }, { ok: false, error: 'Antallet må være et helt tall innenfor det som er igjen.' }],
    ['not a whole number', { 11: '1.5' }, { ok: false, error: 'Antallet må være et helt tall innenfor det som er igjen.' }],
    ['negative', { 11: '-1' }, { ok: false, error: 'Antallet må være et helt tall innenfor det som er igjen.' }],
    ['nothing handed over', { 11: '0', 12: '0' }, { ok: false, error: 'Minst én vare må være utlevert. Bruk «Ikke hentet» hvis kunden ikke hentet noe.' }],
  ])('%s', (_, typed, expected) => {
    expect(handedOverLines(lines, typed)).toEqual(expected);
  });

  it('removed units are no longer open', () => {
    expect(handedOverLines([line({ removedCount: 1 })], {})).toEqual({ ok: true, lines: [{ lineId: 11, count: 1 }] });
    expect(handedOverLines([line({ removedCount: 1 })], { 11: '2' }).ok).toBe(false);
  });

  it('refunds count only units handed over and not yet refunded', () => {
    const l = line({ fulfilledCount: 2, refundedCount: 1 });
    expect(refundableUnits(l)).toBe(1);
    expect(lineCounts([l], { 11: '2' }, refundableUnits).ok).toBe(false);
    expect(lineCounts([l], { 11: '1' }, refundableUnits)).toEqual({ ok: true, lines: [{ lineId: 11, count: 1 }] });
  });
});

describe('parseKroner: kroner typed → øre', () => {
  it.each<[string, number | null]>([
    ['199', 19900],
    ['199,50', 19950],
    ['199.5', 19950],
    ['0,29', 29],
    ['1 299,90', 129990],
    ['1\u00a0299,90', 129990],
    ['kr 49', 4900],
    ['49 kr', 4900],
    ['0', null],
    ['0,00', null],
    ['-10', null],
    ['10,005', null],
    ['1,2,3', null],
    ['abc', null],
    ['', null],
  ])('%j → %j', (text, expected) => {
    expect(parseKroner(text)).toBe(expected);
  });
});

describe('isHttpsUrl: tracking links', () => {
  it.each<[string, boolean]>([
    ['https://sporing.posten.no/sporing/370000000000', true],
    ['  https://www.bring.no/track?q=1  ', true],
    ['http://sporing.posten.no/x', false],
    ['javascript:alert(1)', false],
    ['https://localhost/x', false],
    ['sporing.posten.no/x', false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(isHttpsUrl(text)).toBe(expected);
  });
});

describe('labels', () => {
  const p = reservation().payment!;
  it.each<[string, Parameters<typeof paymentLabel>[0], string]>([
    ['no checkout', null, 'Ikke betalt'],
    ['authorised', p, 'Betalt'],
    ['captured', { ...p, capturedAmount: 129700 }, 'Betalt og trukket'],
    ['part refunded', { ...p, capturedAmount: 129700, refundedAmount: 10000 }, 'Delvis refundert'],
    ['all refunded', { ...p, capturedAmount: 129700, refundedAmount: 129700 }, 'Refundert'],
    ['pending', { ...p, status: 'pending' }, 'Venter på betaling'],
    ['refused', { ...p, status: 'refused' }, 'Betaling avvist'],
    ['a refund on its way: not refunded until confirmed', { ...p, capturedAmount: 129700, pendingOperations: 1, pendingRefund: 10000 }, 'Refusjon behandles'],
    ['a capture on its way', { ...p, pendingOperations: 1, pendingCapture: 129700 }, 'Trekk behandles'],
    ['cancelled with nothing on its way', { ...p, status: 'cancelled' }, 'Betaling kansellert'],
  ])('payment: %s', (_, payment, expected) => {
    expect(paymentLabel(payment)).toBe(expected);
  });

  it.each<[string, Partial<StaffReservationDetail>, string | null]>([
    ['ready: pickup deadline', { statusId: 4, pickupUntil: '2026-07-01T14:30:00Z' }, 'Hentefrist 01.07.2026 kl. 16:30'],
    ['awaiting payment: hold', { statusId: 2, holdUntil: '2026-01-15T10:05:00Z' }, 'Holdes til 15.01.2026 kl. 11:05'],
    ['paid: none', { statusId: 3, holdUntil: '2026-01-15T10:05:00Z' }, null],
  ])('deadline: %s (Oslo summer and winter time)', (_, over, expected) => {
    expect(deadlineLabel(reservation(over))).toBe(expected);
  });

  it('formats dates in Europe/Oslo', () => {
    expect(osloDateTime('2026-03-29T00:59:00Z')).toBe('29.03.2026 kl. 01:59');
    expect(osloDateTime('2026-03-29T01:00:00Z')).toBe('29.03.2026 kl. 03:00');
    expect(osloDateTime(null)).toBe('');
    expect(osloDateTime('tull')).toBe('');
  });
});

describe('follow-up texts', () => {
  it.each<[string, Parameters<typeof followUpLabel>[0], string]>([
    ['an unknown capture', followUpItem(), 'Trekk (uavklart)'],
    ['a refused refund', followUpItem({ kind: 'refund', state: 'refused' }), 'Refusjon (avvist)'],
    ['a difference from the provider', followUpItem({ type: 'payment', kind: 'discrepancy', state: 'paid' }), 'Avvik mot betalingsløsningen'],
    ['a late payment', followUpItem({ type: 'payment', kind: 'late', state: 'late' }), 'Betalt for sent'],
    ['a kind the screen does not know (a newer API)', followUpItem({ kind: 'split', state: 'odd' }), 'split (odd)'],
  ])('%s', (_, item, expected) => {
    expect(followUpLabel(item)).toBe(expected);
  });

  it.each<[string, Parameters<typeof unknownOperationText>[0], string]>([
    ['with what is known', operation({ state: 'unknown', amount: 19950, followUp: 'Qliro svarte Error.' }), 'Må følges opp: Trekk på 199,50\u00a0kr – Qliro svarte Error.'],
    ['the last error when nothing else is known', operation({ kind: 'refund', state: 'unknown', amount: 100, lastError: 'timeout' }), 'Må følges opp: Refusjon på 1,00\u00a0kr – timeout'],
    ['nothing known, no amount', operation({ kind: 'cancel', state: 'unknown', amount: null }), 'Må følges opp: Kansellering – utfallet hos betalingsløsningen er ukjent'],
  ])('unknown operation: %s', (_, op, expected) => {
    expect(unknownOperationText(op)).toBe(expected);
  });
});
