import { describe, expect, it } from 'vitest';
import { ApiError } from '@shop/contracts/api';
import type { Promocode } from '@shop/contracts/types';
import { texts } from '../texts.js';
import { describePromo, promoErrorMessage, promoProblem, promoValidity } from './rules.js';

const code = (overrides: Partial<Promocode> = {}): Promocode => ({
  id: 1,
  name: 'VINTER',
  valid_from: '2026-11-01T00:00:00Z',
  valid_to: '2026-11-30T23:59:59Z',
  fixed: true,
  amount: 5000,
  type: 'cart',
  ...overrides,
});
const now = new Date('2026-11-22T08:00:00Z');

describe('promo codes', () => {
  it.each([
    { case: 'inside the window', promo: code(), validity: 'valid' },
    { case: 'before valid_from', promo: code({ valid_from: '2026-12-01T00:00:00Z' }), validity: 'notYet' },
    { case: 'after valid_to', promo: code({ valid_to: '2026-11-21T00:00:00Z' }), validity: 'expired' },
    { case: 'open-ended', promo: code({ valid_to: null }), validity: 'valid' },
  ])('validity: $case', ({ promo, validity }) => {
    expect(promoValidity(promo, now)).toBe(validity);
  });

  it.each([
    { case: 'fixed amount in kroner', promo: code(), text: /^50,00\skr i rabatt$/ },
    { case: 'fraction as percent', promo: code({ fixed: false, amount: 15 }), text: /^15 % rabatt$/ },
  ])('describe: $case', ({ promo, text }) => {
    expect(describePromo(promo)).toMatch(text);
  });

  it.each([
    { case: 'usable', promo: code(), state: { discountActive: false, cartEmpty: false }, problem: null },
    { case: 'expired', promo: code({ valid_to: '2026-11-01T00:00:00Z' }), state: { discountActive: false, cartEmpty: false }, problem: texts.promoExpired },
    { case: 'discount already active', promo: code(), state: { discountActive: true, cartEmpty: false }, problem: texts.promoAlreadyActive },
    { case: 'empty cart', promo: code(), state: { discountActive: false, cartEmpty: true }, problem: texts.promoEmptyCart },
  ])('problem: $case', ({ promo, state, problem }) => {
    expect(promoProblem(promo, { now, ...state })).toBe(problem);
  });

  it.each([
    { case: '404 without a body', error: new ApiError({ kind: 'status', status: 404, message: 'x' }), text: texts.promoNotFound },
    { case: 'the API’s Norwegian message', error: new ApiError({ kind: 'status', status: 422, message: 'x', data: { message: 'Koden er brukt opp' } }), text: 'Koden er brukt opp' },
    { case: 'network failure', error: new ApiError({ kind: 'network', message: 'Network Error' }), text: texts.reservationFailed },
  ])('error text: $case', ({ error, text }) => {
    expect(promoErrorMessage(error)).toBe(text);
  });
});
