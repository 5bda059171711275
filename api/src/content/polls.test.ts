import { describe, expect, it } from 'vitest';
import { prizeDrawTexts } from '@shop/contracts/texts';
import { admission, ANONYMOUS_ANSWER_LIMIT, checkAnswers, participantOf, POLL_TEXTS, pollScore, questionScore, type PollStructure } from './polls.js';

const poll: PollStructure & { id: number } = {
  id: 1,
  questions: [
    { id: 1, options: [{ id: 1, correct: false }, { id: 2, correct: true }] },
    { id: 2, options: [{ id: 3, correct: true }, { id: 4, correct: false }] },
    { id: 3, options: [{ id: 5, correct: false }, { id: 6, correct: false }] },
  ],
};

describe('participantOf', () => {
  it.each([
    [{ customerId: 7, device: null }, 'customer:7'],
    // Logged in: the customer, whatever the device (one answer per customer on every device).
    [{ customerId: 7, device: 'd1' }, 'customer:7'],
    [{ customerId: null, device: 'd1' }, 'device:d1'],
    [{ customerId: null, device: null }, null],
  ])('%j → %s', (voter, expected) => expect(participantOf(voter)).toBe(expected));
});

describe('admission', () => {
  const { perAddress } = ANONYMOUS_ANSWER_LIMIT;
  const customer = { customerId: 7, device: null };
  const visitor = { customerId: null, device: 'd1' };
  it.each([
    ['a customer', { prize_draw: false }, customer, 0, { ok: true }],
    ['a customer, however busy the address', { prize_draw: false }, customer, perAddress * 10, { ok: true }],
    ['a customer, prize draw', { prize_draw: true }, customer, 0, { ok: true }],
    ['a visitor', { prize_draw: false }, visitor, 0, { ok: true }],
    ['a visitor, last one allowed', { prize_draw: false }, visitor, perAddress - 1, { ok: true }],
    ['a visitor, allowance used', { prize_draw: false }, visitor, perAddress, { ok: false, status: 429, message: POLL_TEXTS.tooManyAnonymous }],
    ['a visitor without a device yet, allowance used', { prize_draw: false }, { customerId: null, device: null }, perAddress, { ok: false, status: 429 }],
    ['a visitor, prize draw', { prize_draw: true }, visitor, 0, { ok: false, status: 401, message: prizeDrawTexts.loginRequired }],
  ])('%s', (_name, poll, voter, fromAddress, expected) => {
    expect(admission(poll, voter, fromAddress)).toMatchObject(expected);
  });
});

describe('checkAnswers', () => {
  it.each([
    ['one valid answer', [{ question_id: 1, option_id: 2 }], [], { ok: true }],
    ['all questions', [{ question_id: 1, option_id: 1 }, { question_id: 2, option_id: 3 }, { question_id: 3, option_id: 6 }], [], { ok: true }],
    ['nothing', [], [], { ok: false, status: 400 }],
    ['unknown question', [{ question_id: 9, option_id: 2 }], [], { ok: false, status: 400 }],
    ['option of another question', [{ question_id: 1, option_id: 3 }], [], { ok: false, status: 400 }],
    ['two answers to one question', [{ question_id: 1, option_id: 1 }, { question_id: 1, option_id: 2 }], [], { ok: false, status: 400 }],
    ['a repeat', [{ question_id: 2, option_id: 3 }], [2], { ok: false, status: 409 }],
    ['a new question after others', [{ question_id: 3, option_id: 5 }], [1, 2], { ok: true }],
  ])('%s', (_name, submitted, answered, expected) => {
    expect(checkAnswers(poll, submitted, new Set(answered))).toMatchObject(expected);
  });
});

describe('pollScore', () => {
  it.each([
    [[], 0],
    [[{ question_id: 1, option_id: 2 }], 1],
    [[{ question_id: 1, option_id: 1 }, { question_id: 2, option_id: 3 }], 1],
    [[{ question_id: 1, option_id: 2 }, { question_id: 2, option_id: 3 }, { question_id: 3, option_id: 5 }], 2],
  ])('%j → %i of 3', (answers, score) => {
    expect(pollScore(poll, answers)).toEqual({ poll_id: 1, score, total: 3 });
  });
});

describe('questionScore', () => {
  it('lists every option, zeros included, and the total', () => {
    expect(questionScore(1, [1, 2, 3], [{ option_id: 2, count: 4 }, { option_id: 1, count: 1 }])).toEqual({
      question_id: 1,
      options: [{ option_id: 1, count: 1 }, { option_id: 2, count: 4 }, { option_id: 3, count: 0 }],
      total: 5,
    });
  });
});
