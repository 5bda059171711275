/** Pure account rules: input validation, VAT breakdown, paging, unique-violation detection, login slow-down. */
import { describe, expect, it } from 'vitest';
import { requiredFieldTexts } from '@shop/contracts/texts/forms';
import { accountFieldTexts, isValidEmail, normaliseEmail, registrationErrors, updateErrors } from '../../src/accounts/validation.js';
import { pageMeta, vatBreakdown } from '../../src/accounts/history.js';
import { isUniqueViolation } from '../../src/accounts/services.js';
import { accountOf, earliestAttemptMs, waitMs } from '../../src/accounts/throttle.js';

const valid = {
  first_name: 'Kari', last_name: 'Nordmann', email: 'kari@example.no', phone: '91234567', password: 'hemmelig-1',
  password_confirmation: 'hemmelig-1', terms_conditions: 1,
};
const fields = (errors: Array<{ field: string; message: string }>) => Object.fromEntries(errors.map((e) => [e.field, e.message]));

describe('registrationErrors', () => {
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['valid', {}, {}],
    ['terms as "1"', { terms_conditions: '1' }, {}],
    ['+47 phone', { phone: '+47 41234567' }, {}],
    ['missing first name', { first_name: undefined }, { first_name: requiredFieldTexts.first_name }],
    ['blank phone', { phone: ' ' }, { phone: requiredFieldTexts.phone }],
    ['phone starting with 2', { phone: '21234567' }, { phone: accountFieldTexts.phone }],
    ['e-mail without domain', { email: 'kari@' }, { email: accountFieldTexts.email }],
    ['short password', { password: '1234567', password_confirmation: '1234567' }, { password: accountFieldTexts.password }],
    ['password of blanks only (could never log in)', { password: ' '.repeat(10), password_confirmation: ' '.repeat(10) }, { password: accountFieldTexts.password }],
    ['confirmation differs', { password_confirmation: 'x' }, { password_confirmation: accountFieldTexts.passwordConfirmation }],
    ['terms not accepted', { terms_conditions: 0 }, { terms_conditions: accountFieldTexts.terms }],
    ['future birth date', { birth_date: '2999-01-01' }, { birth_date: accountFieldTexts.birthDate }],
    ['impossible birth date', { birth_date: '1990-13-01' }, { birth_date: accountFieldTexts.birthDate }],
  ])('%s', (_name, change, expected) => {
    expect(fields(registrationErrors({ ...valid, ...change }))).toEqual(expected);
  });
});

describe('updateErrors: only the fields sent are checked', () => {
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['nothing', {}, {}],
    ['a name', { first_name: 'Ola' }, {}],
    ['blank last name', { last_name: '' }, { last_name: requiredFieldTexts.last_name }],
    ['blank e-mail', { email: '  ' }, { email: requiredFieldTexts.email }],
    ['password without confirmation', { password: 'hemmelig-2' }, { password_confirmation: accountFieldTexts.passwordConfirmation }],
  ])('%s', (_name, input, expected) => {
    expect(fields(updateErrors(input))).toEqual(expected);
  });
});

describe('small helpers', () => {
  it.each([
    [' Kari@Example.NO ', 'kari@example.no'],
    ['ola@example.no', 'ola@example.no'],
  ])('normaliseEmail(%s)', (raw, expected) => expect(normaliseEmail(raw)).toBe(expected));

  it.each([
    ['a@b.no', true],
    ['a b@c.no', false],
    ['@c.no', false],
    [`${'a'.repeat(250)}@b.no`, false],
  ])('isValidEmail(%s)', (raw, expected) => expect(isValidEmail(raw)).toBe(expected));

  it.each([
    [12500, 25, { Vat: 2500, NetAmount: 10000 }],
    [10011, 25, { Vat: 2002, NetAmount: 8009 }],
    [1, 25, { Vat: 0, NetAmount: 1 }],
    [11500, 15, { Vat: 1500, NetAmount: 10000 }],
    [0, 25, { Vat: 0, NetAmount: 0 }],
  ])('vatBreakdown(%i, %i)', (total, percent, expected) => {
    const result = vatBreakdown(total, percent);
    expect(result).toEqual(expected);
    expect(result.Vat + result.NetAmount).toBe(total);
  });

  it.each([
    [1, 10, 0, { current_page: 1, last_page: 1, per_page: 10, total: 0 }],
    [2, 10, 12, { current_page: 2, last_page: 2, per_page: 10, total: 12 }],
    [1, 10, 30, { current_page: 1, last_page: 3, per_page: 10, total: 30 }],
  ])('pageMeta(%i, %i, %i)', (page, per, total, expected) => expect(pageMeta(page, per, total)).toEqual(expected));

  it.each([
    [{ code: '23505' }, true],
    [{ cause: { code: '23505' } }, true],
    [{ code: '23503' }, false],
    [null, false],
    [new Error('x'), false],
  ])('isUniqueViolation(%j)', (error, expected) => expect(isUniqueViolation(error)).toBe(expected));
});

describe('login slow-down rule (accounts/throttle.ts)', () => {
  const rule = { free: 3, firstDelayMs: 1000, maxDelayMs: 5000 };
  it.each<[number, number]>([
    [1, 0],
    [3, 0],
    [4, 1000],
    [5, 3000],
    [6, 7000],
    // 4000 would pass the cap: 5000 from here on.
    [7, 12_000],
    [8, 17_000],
    [1003, 1000 + 2000 + 4000 + 5000 * 997],
  ])('attempt %i may be made %i ms after its window opened', (n, ms) => {
    expect(earliestAttemptMs(n, rule)).toBe(ms);
  });

  it.each<[string, number, number, number]>([
    ['a free attempt', 2, 0, 0],
    ['the first slowed attempt at once', 4, 0, 1000],
    ['the first slowed attempt a little later', 4, 400, 600],
    ['the first slowed attempt after its delay', 4, 1000, 0],
    ['a slow guesser has waited long enough', 6, 60_000, 0],
    ['never past the window end', 1003, 10_000, 50_000],
  ])('%s', (_name, n, elapsed, expected) => {
    expect(waitMs(n, 1_000_000, 1_000_000 + elapsed, rule, 60_000)).toBe(expected);
  });

  it('keys: e-mail and phone of one customer are one account; unknown names count under themselves', () => {
    const kari = { id: 42, createdAt: new Date('2026-01-02T03:04:05Z') };
    expect(accountOf(kari, 'email:kari@example.no')).toBe(accountOf(kari, 'phone:91234567'));
    expect(accountOf(null, 'email:ingen@example.no')).not.toBe(accountOf(null, 'phone:91234567'));
    // Customer 42 of another database (ids start again) is another account, for a Redis shared by both.
    expect(accountOf({ id: 42, createdAt: new Date('2026-03-04T05:06:07Z') }, '')).not.toBe(accountOf(kari, ''));
  });
});
