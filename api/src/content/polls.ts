/**
 * Poll rules, free of the database: who the participant is, who may answer, which submitted answers are acceptable,
 * and scores.
 */
import { prizeDrawTexts } from '@shop/contracts/texts';

/**
 * Who is answering: the logged-in customer, and the device (the hashed poll device cookie, content/pollDevice.ts)
 * when the browser has one. A session is no identity: a fresh one costs nothing (25 fresh sessions cast 25 votes).
 */
export interface Voter {
  customerId: number | null;
  device: string | null;
}

/**
 * The participant whose answers count (poll_answers.participant): 'customer:<id>' for a logged-in voter whatever the
 * device, else 'device:<id>', else nobody (no answers yet). A device's anonymous answers stay the device's when its
 * voter logs in: moving them could give a customer two answers to one question (one from each device) or hand one
 * family member's answers to another on a shared computer; as a customer the voter answers once more at most.
 */
export function participantOf(voter: Voter): string | null {
  if (voter.customerId !== null) return `customer:${voter.customerId}`;
  return voter.device !== null ? `device:${voter.device}` : null;
}

/** Anonymous answers allowed from one client address in one window (offices, schools and mobile carriers share one). */
export const ANONYMOUS_ANSWER_LIMIT = { perAddress: 20, windowMs: 60 * 60 * 1000 } as const;

export type Admission = { ok: true } | { ok: false; status: 401 | 429; message: string };

/**
 * Whether this voter may answer now. A prize draw needs a logged-in customer (an entry must reach a person, and one
 * person must not enter twice); anonymous voters share their address's allowance (`anonymousFromAddress` is how
 * many anonymous answers it has sent in the current window). Customers are one participant already: no allowance.
 */
export function admission(poll: { prize_draw: boolean }, voter: Voter, anonymousFromAddress: number): Admission {
  if (voter.customerId !== null) return { ok: true };
  if (poll.prize_draw) return { ok: false, status: 401, message: prizeDrawTexts.loginRequired };
  if (anonymousFromAddress >= ANONYMOUS_ANSWER_LIMIT.perAddress) return { ok: false, status: 429, message: POLL_TEXTS.tooManyAnonymous };
  return { ok: true };
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
  tooManyAnonymous: 'Det er sendt inn mange svar fra nettverket ditt den siste timen. Logg inn for å svare, eller prøv igjen senere.',
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
