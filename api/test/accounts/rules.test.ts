/** Pure account rules: input validation, VAT breakdown, paging, unique-violation detection, login slow-down. */
import { describe, expect, it } from 'vitest';
import { requiredFieldTexts } from '@shop/contracts/texts/forms';
import { accountFieldTexts, isValidEmail, normaliseEmail, registrationErrors, updateErrors } from '../../src/accounts/validation.js';
import { pageMeta, vatBreakdown } from '../../src/accounts/history.js';
import { isUniqueViolation } from '../../src/accounts/services.js';
import { PREFERENCES_LIMITS, preferencesErrors, preferencesTexts } from '../../src/accounts/preferences.js';
import { missingCurrentPassword, needsCurrentPassword, sensitiveChange } from '../../src/accounts/reauth.js';
import { currentPasswordTexts } from '@shop/contracts/texts/forms';
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

describe('sensitiveChange: what needs the current password', () => {
  const customer = { email: 'kari@example.no' };
  it.each<[string, string | undefined, string | undefined, { password: boolean; newEmail: string | null }, boolean]>([
    ['nothing sensitive', undefined, undefined, { password: false, newEmail: null }, false],
    ['the same address (normalised by the caller)', 'kari@example.no', undefined, { password: false, newEmail: null }, false],
    ['a new address', 'ny@example.no', undefined, { password: false, newEmail: 'ny@example.no' }, true],
    ['a new password', undefined, 'hemmelig-2', { password: true, newEmail: null }, true],
    ['an empty password is still a change (the password rules refuse it)', undefined, '', { password: true, newEmail: null }, true],
    ['both', 'ny@example.no', 'hemmelig-2', { password: true, newEmail: 'ny@example.no' }, true],
  ])('%s', (_name, email, password, expected, needs) => {
    const change = sensitiveChange(customer, email, password);
    expect(change).toEqual(expected);
    expect(needsCurrentPassword(change)).toBe(needs);
  });

  it.each([
    [undefined, currentPasswordTexts.required],
    ['', currentPasswordTexts.required],
    [' ', null],
    ['hemmelig-1', null],
  ])('missingCurrentPassword(%j)', (given, message) => {
    expect(missingCurrentPassword(given)).toEqual(message ? { field: 'current_password', message } : null);
  });
});

describe('preferencesErrors', () => {
  const many = (n: number, value: unknown) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value]));
  it.each<[string, Record<string, unknown> | undefined, Record<string, string>]>([
    ['not sent', undefined, {}],
    ['empty', {}, {}],
    ['text, number, flag, list', { theme: 'mørk', shop: 55, compact: false, sizes: ['M', 40, true] }, {}],
    ['text at the limit', { t: 'x'.repeat(PREFERENCES_LIMITS.textLength) }, {}],
    ['text over the limit', { t: 'x'.repeat(PREFERENCES_LIMITS.textLength + 1) }, { 'preferences.t': preferencesTexts.value }],
    ['list at the limit', { l: Array.from({ length: PREFERENCES_LIMITS.listItems }, () => 1) }, {}],
    ['list over the limit', { l: Array.from({ length: PREFERENCES_LIMITS.listItems + 1 }, () => 1) }, { 'preferences.l': preferencesTexts.value }],
    ['list holding a list', { l: [[1]] }, { 'preferences.l': preferencesTexts.value }],
    ['list holding a long text', { l: ['x'.repeat(PREFERENCES_LIMITS.textLength + 1)] }, { 'preferences.l': preferencesTexts.value }],
    ['object', { o: { a: 1 } }, { 'preferences.o': preferencesTexts.value }],
    ['null', { n: null }, { 'preferences.n': preferencesTexts.value }],
    ['not a finite number', { n: Number.POSITIVE_INFINITY }, { 'preferences.n': preferencesTexts.value }],
    ['values fine, 6 kB in all', many(30, 'z'.repeat(200)), { preferences: preferencesTexts.tooLarge }],
    ['multi-byte text counts in bytes', many(12, 'å'.repeat(190)), { preferences: preferencesTexts.tooLarge }],
    ['just under the size limit', many(18, 'z'.repeat(200)), {}],
  ])('%s', (_name, preferences, expected) => {
    expect(fields(preferencesErrors(preferences))).toEqual(expected);
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
    // A parallel request read the clock before another one opened the window (elapsed < 0).
    ['a free attempt whose clock reads before the window opened', 2, -40, 0],
    ['a slowed attempt whose clock reads before the window opened waits its delay, no more', 4, -40, 1000],
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
