/**
 * Poll rules, free of the database: who the participant is, which submitted answers are acceptable, and scores.
 */

/** A poll participant: the logged-in customer, else the browser session (SPEC: one answer per session or customer). */
export function participantOf(session: { id: string; customerId: number | null }): string {
  return session.customerId !== null ? `customer:${session.customerId}` : `session:${session.id}`;
}

export interface PollStructure {
  questions: Array<{ id: number; options: Array<{ id: number; correct: boolean }> }>;
}

export interface SubmittedAnswer {
  question_id: number;
  option_id: number;
}

export type AnswerCheck =
  | { ok: true; answers: SubmittedAnswer[] }
  | { ok: false; status: 400 | 409; message: string; field?: string };

export const POLL_TEXTS = {
  empty: 'Velg et svar før du sender inn.',
  unknownQuestion: 'Spørsmålet hører ikke til denne avstemningen.',
  unknownOption: 'Svaret hører ikke til spørsmålet.',
  twice: 'Du kan bare gi ett svar per spørsmål.',
  alreadyAnswered: 'Du har allerede svart på dette spørsmålet.',
  notFound: 'Fant ikke avstemningen.',
  questionNotFound: 'Fant ikke spørsmålet.',
} as const;

/**
 * Checks submitted answers against the poll and what this participant already answered. A repeat (a question the
 * participant answered before) is a 409; anything malformed is a 400. All-or-nothing: no answer is kept on error.
 */
export function checkAnswers(poll: PollStructure, submitted: SubmittedAnswer[], answeredQuestionIds: ReadonlySet<number>): AnswerCheck {
  if (submitted.length === 0) return { ok: false, status: 400, message: POLL_TEXTS.empty, field: 'answers' };
  const seen = new Set<number>();
  for (const [i, a] of submitted.entries()) {
    const question = poll.questions.find((q) => q.id === a.question_id);
    if (!question) return { ok: false, status: 400, message: POLL_TEXTS.unknownQuestion, field: `answers.${i}.question_id` };
    if (!question.options.some((o) => o.id === a.option_id)) {
      return { ok: false, status: 400, message: POLL_TEXTS.unknownOption, field: `answers.${i}.option_id` };
    }
    if (seen.has(a.question_id)) return { ok: false, status: 400, message: POLL_TEXTS.twice, field: `answers.${i}.question_id` };
    seen.add(a.question_id);
  }
  if (submitted.some((a) => answeredQuestionIds.has(a.question_id))) {
    return { ok: false, status: 409, message: POLL_TEXTS.alreadyAnswered };
  }
  return { ok: true, answers: submitted };
}

/** Whether an answer is right: the chosen option is marked correct. */
export function isCorrect(poll: PollStructure, answer: SubmittedAnswer): boolean {
  return poll.questions.find((q) => q.id === answer.question_id)?.options.find((o) => o.id === answer.option_id)?.correct ?? false;
}

/** The participant's score: correct answers out of the number of questions. */
export function pollScore(poll: PollStructure & { id: number }, answers: SubmittedAnswer[]) {
  return { poll_id: poll.id, score: answers.filter((a) => isCorrect(poll, a)).length, total: poll.questions.length };
}

/** How many chose each option of a question (every option listed, zero included, in the question's order). */
export function questionScore(questionId: number, optionIds: number[], chosen: Array<{ option_id: number; count: number }>) {
  const counts = new Map(chosen.map((c) => [c.option_id, c.count]));
  const options = optionIds.map((id) => ({ option_id: id, count: counts.get(id) ?? 0 }));
  return { question_id: questionId, options, total: options.reduce((sum, o) => sum + o.count, 0) };
}
