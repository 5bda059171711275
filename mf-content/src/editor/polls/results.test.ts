import { describe, expect, it } from 'vitest';
import type { PollResults } from '@shop/contracts/types';
import { hasAnswers, resultQuestions, wholePercents } from './results.js';

describe('wholePercents (shares that add up to 100)', () => {
  it.each<[string, number[], number[]]>([
    ['nobody answered', [0, 0, 0], [0, 0, 0]],
    ['one answer', [0, 1], [0, 100]],
    ['three equal: the first gets the spare point', [1, 1, 1], [34, 33, 33]],
    ['halves', [2, 2], [50, 50]],
    ['2 of 3 and 1 of 3', [2, 1], [67, 33]],
    ['largest remainder wins: 1/7, 2/7, 4/7 = 14.3, 28.6, 57.1', [1, 2, 4], [14, 29, 57]],
    ['six equal', [1, 1, 1, 1, 1, 1], [17, 17, 17, 17, 16, 16]],
    ['a lone option', [5], [100]],
    ['no options', [], []],
  ])('%s', (_name, counts, expected) => {
    const percents = wholePercents(counts);
    expect(percents).toEqual(expected);
    const total = counts.reduce((a, b) => a + b, 0);
    expect(percents.reduce((a, b) => a + b, 0)).toBe(total > 0 ? 100 : 0);
  });
});

const results: PollResults = {
  poll_id: 3,
  participants: 4,
  questions: [
    {
      question_id: 1,
      text: 'Hvor mange butikker?',
      total: 4,
      options: [
        { option_id: 10, text: '3', correct: false, count: 1 },
        { option_id: 11, text: '14', correct: true, count: 3 },
      ],
    },
    { question_id: 2, text: 'Favorittsesong?', total: 0, options: [{ option_id: 20, text: 'Vinter', correct: false, count: 0 }, { option_id: 21, text: 'Sommer', correct: false, count: 0 }] },
  ],
};

describe('resultQuestions (chart rows)', () => {
  it('gives each option its count, share and bar (the most chosen fills the row), correct options marked', () => {
    const [first, second] = resultQuestions(results);
    expect(first).toEqual({
      questionId: 1,
      text: 'Hvor mange butikker?',
      total: 4,
      rows: [
        { optionId: 10, text: '3', count: 1, percent: 25, bar: 33.3, correct: false },
        { optionId: 11, text: '14', count: 3, percent: 75, bar: 100, correct: true },
      ],
    });
    expect(second!.rows.map((r) => [r.percent, r.bar])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it.each<[string, PollResults, boolean]>([
    ['answers', results, true],
    ['nobody yet', { ...results, participants: 0, questions: results.questions.map((q) => ({ ...q, total: 0, options: q.options.map((o) => ({ ...o, count: 0 })) })) }, false],
  ])('hasAnswers: %s', (_name, r, expected) => {
    expect(hasAnswers(r)).toBe(expected);
  });
});
