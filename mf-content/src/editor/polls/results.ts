/**
 * A poll's results as chart rows, free of React: per question each option's count, its share in whole percent and
 * the bar's width. Shares are rounded by largest remainder, so a question's shares add up to exactly 100 % (plain
 * rounding shows 33 + 33 + 33 = 99 for three equal answers); nobody answered → every share 0.
 */
import type { PollResults } from '@shop/contracts/types';

export interface ResultRow {
  optionId: number;
  text: string;
  count: number;
  /** Whole percent of the question's answers; a question's rows add up to 100 (or 0 without answers). */
  percent: number;
  /** The bar's width in percent of the widest bar's (the most chosen option fills the row). */
  bar: number;
  correct: boolean;
}

export interface ResultQuestion {
  questionId: number;
  text: string;
  total: number;
  rows: ResultRow[];
}

/** Whole percentages of `counts` that add up to 100 (largest remainder; ties to the earlier option). */
export function wholePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total <= 0) return counts.map(() => 0);
  const exact = counts.map((n) => (100 * n) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, n) => sum + n, 0);
  const byRemainder = exact.map((x, i) => ({ i, rest: x - floors[i]! })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}

export function resultQuestions(results: PollResults): ResultQuestion[] {
  return results.questions.map((q) => {
    const counts = q.options.map((o) => o.count);
    const percents = wholePercents(counts);
    const most = Math.max(0, ...counts);
    return {
      questionId: q.question_id,
      text: q.text,
      total: q.total,
      rows: q.options.map((o, i) => ({
        optionId: o.option_id,
        text: o.text,
        count: o.count,
        percent: percents[i]!,
        bar: most > 0 ? Math.round((1000 * o.count) / most) / 10 : 0,
        correct: o.correct,
      })),
    };
  });
}

/** Whether anybody has answered (then the poll's questions are locked: the answers point at them). */
export const hasAnswers = (results: PollResults): boolean => results.participants > 0 || results.questions.some((q) => q.total > 0);
