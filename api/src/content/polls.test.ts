import { describe, expect, it } from 'vitest';
import { checkAnswers, participantOf, pollScore, questionScore, type PollStructure } from './polls.js';

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
    [{ id: 'abc', customerId: 7 }, 'customer:7'],
    [{ id: 'abc', customerId: null }, 'session:abc'],
  ])('%j → %s', (session, expected) => expect(participantOf(session)).toBe(expected));
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
