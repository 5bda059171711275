import { describe, expect, it } from 'vitest';
import { paymentTexts } from '../payments/texts.js';
import { payInShopVerdict, type PayInShopFacts } from './payInShop.js';
import { reservationTexts } from './validation.js';

const now = new Date('2026-11-26T12:00:00Z');
const later = new Date(now.getTime() + 20 * 60_000);
const earlier = new Date(now.getTime() - 1000);
/** A fresh click-and-collect reservation: unpaid, its 30-minute payment hold running, paying in the shop not chosen. */
const fresh: PayInShopFacts = { statusId: 1, delivery: 'click-and-collect', holdUntil: later, expiredAt: null, payInShopAt: null };
const chosen = { payInShopAt: new Date(now.getTime() - 60_000), holdUntil: new Date(now.getTime() + 72 * 3_600_000) };

describe('payInShopVerdict: who may choose "Betal ved henting i butikken"', () => {
  it.each([
    ['a fresh click-and-collect reservation', {}, { ok: true, already: false }],
    ['awaiting payment (status 2)', { statusId: 2 }, { ok: true, already: false }],
    ['a reservation of older rows without a hold end', { holdUntil: null }, { ok: true, already: false }],
    ['chosen before: the same answer, the hold is not extended', chosen, { ok: true, already: true }],
    ['chosen before and laid out by staff (ready)', { ...chosen, statusId: 4 }, { ok: true, already: true }],
    ['chosen before and handed over "Betalt i butikken"', { ...chosen, statusId: 5 }, { ok: true, already: true }],
    ['home delivery', { delivery: 'delivery' }, { ok: false, status: 422, message: reservationTexts.payInShopHomeDelivery }],
    ['home delivery, whatever else', { delivery: 'delivery', statusId: 9, expiredAt: earlier }, { ok: false, status: 422, message: reservationTexts.payInShopHomeDelivery }],
    ['the payment hold has ended (the sweep has not come yet)', { holdUntil: earlier }, { ok: false, status: 410, message: paymentTexts.expired }],
    ['the hold ends this very moment', { holdUntil: now }, { ok: false, status: 410, message: paymentTexts.expired }],
    ['expired by the sweep', { statusId: 9, holdUntil: earlier, expiredAt: earlier }, { ok: false, status: 410, message: paymentTexts.expired }],
    ['chosen, then its pickup window ended unpaid (expired)', { ...chosen, statusId: 9, expiredAt: earlier }, { ok: false, status: 410, message: paymentTexts.expired }],
    ['cancelled by the shop', { statusId: 9 }, { ok: false, status: 409, message: reservationTexts.payInShopCancelled }],
    ['chosen, then cancelled by the shop', { ...chosen, statusId: 9 }, { ok: false, status: 409, message: reservationTexts.payInShopCancelled }],
    ['paid online', { statusId: 3 }, { ok: false, status: 409, message: paymentTexts.alreadyPaid }],
    ['laid out by staff without the choice', { statusId: 4 }, { ok: false, status: 409, message: reservationTexts.payInShopClosed }],
    ['collected', { statusId: 5 }, { ok: false, status: 409, message: reservationTexts.payInShopClosed }],
    ['not collected', { statusId: 7 }, { ok: false, status: 409, message: reservationTexts.payInShopClosed }],
  ] as const)('%s', (_name, patch, verdict) => {
    expect(payInShopVerdict({ ...fresh, ...patch }, now)).toEqual(verdict);
  });
});

describe('reservationTexts.tooManyPayInShop', () => {
  it.each([
    [1, 'Du har allerede én reservasjon som skal betales i butikken. Hent og betal den først, eller betal denne på nett.'],
    [2, 'Du har allerede 2 reservasjoner som skal betales i butikken. Hent og betal dem først, eller betal denne på nett.'],
  ])('%i', (cap, text) => expect(reservationTexts.tooManyPayInShop(cap)).toBe(text));
});
