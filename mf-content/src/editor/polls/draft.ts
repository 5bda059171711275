/**
 * The poll form's state and rules, free of React: the draft an editor works on, made from the stored poll and turned
 * back into the API's input, what is wrong with it (Norwegian, keyed by the API's own field names so a refusal from
 * the server lands at the same field), and the list edits (add, remove, move) of questions and options.
 *
 * A poll is a quiz when its editor says so: then every question needs a correct option and the shop tells each
 * participant whether they answered right; in a plain poll no option is marked (the API scores by the marks).
 */
import type { EditorPoll, PollInput } from '@shop/contracts/types';
import { pollErrors } from './texts.js';

/** The API's limits (PollInputSchema in api/src/routes/editor). */
export const POLL_LIMITS = { name: 200, description: 2000, questions: 50, question: 500, options: 12, option: 300 } as const;

export interface DraftOption {
  /** Stable while the list is edited (React keys and field ids), never sent. */
  key: string;
  text: string;
  correct: boolean;
}

export interface DraftQuestion {
  key: string;
  text: string;
  options: DraftOption[];
}

export interface PollDraft {
  name: string;
  description: string;
  bannerDesktop: string | null;
  bannerMobile: string | null;
  prizeDraw: boolean;
  quiz: boolean;
  questions: DraftQuestion[];
}

/** Field name (the API's: `name`, `questions.0.text`, `questions.0.options`, `questions.0.options.1.text`) → message. */
export type DraftErrors = Record<string, string>;

let nextKey = 0;
const newKey = (prefix: string) => `${prefix}${++nextKey}`;

export const emptyOption = (): DraftOption => ({ key: newKey('o'), text: '', correct: false });
export const emptyQuestion = (): DraftQuestion => ({ key: newKey('q'), text: '', options: [emptyOption(), emptyOption()] });

export function emptyDraft(): PollDraft {
  return { name: '', description: '', bannerDesktop: null, bannerMobile: null, prizeDraw: false, quiz: false, questions: [emptyQuestion()] };
}

/** The draft of a stored poll: a quiz when any of its options is marked correct. */
export function draftOf(poll: EditorPoll): PollDraft {
  return {
    name: poll.name,
    description: poll.description ?? '',
    bannerDesktop: poll.banner_desktop,
    bannerMobile: poll.banner_mobile,
    prizeDraw: poll.prize_draw,
    quiz: poll.questions.some((q) => q.options.some((o) => o.correct)),
    questions: poll.questions.map((q) => ({
      key: `q${q.id}`,
      text: q.text,
      options: q.options.map((o) => ({ key: `o${o.id}`, text: o.text, correct: o.correct })),
    })),
  };
}

/**
 * The draft of a refused save's input (the conflict screen's "Behold min versjon"), over the stored poll: questions the
 * input left out (locked by answers) are the stored ones.
 */
export function draftOfInput(input: PollInput, stored: EditorPoll | null): PollDraft {
  const base = stored ? draftOf(stored) : emptyDraft();
  const questions = input.questions?.map((q) => ({
    key: newKey('q'),
    text: q.text,
    options: q.options.map((o) => ({ key: newKey('o'), text: o.text, correct: o.correct })),
  }));
  return {
    ...base,
    name: input.name,
    description: input.description ?? '',
    bannerDesktop: input.banner_desktop ?? base.bannerDesktop,
    bannerMobile: input.banner_mobile ?? base.bannerMobile,
    prizeDraw: input.prize_draw ?? base.prizeDraw,
    ...(questions ? { questions, quiz: questions.some((q) => q.options.some((o) => o.correct)) } : {}),
  };
}

/**
 * The API's input. `withQuestions: false` leaves the questions out (the API keeps them: a poll somebody has answered
 * keeps its questions). Options are marked correct only in a quiz.
 */
export function inputOf(draft: PollDraft, { active, version, withQuestions }: { active: boolean; version?: number; withQuestions: boolean }): PollInput {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    banner_desktop: draft.bannerDesktop,
    banner_mobile: draft.bannerMobile,
    active,
    prize_draw: draft.prizeDraw,
    ...(withQuestions
      ? { questions: draft.questions.map((q) => ({ text: q.text.trim(), options: q.options.map((o) => ({ text: o.text.trim(), correct: draft.quiz && o.correct })) })) }
      : {}),
    ...(version === undefined ? {} : { version }),
  };
}

/** Everything wrong with the draft; `withQuestions: false` checks only what a save sends (the questions are locked). */
export function draftErrors(draft: PollDraft, { withQuestions = true }: { withQuestions?: boolean } = {}): DraftErrors {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = pollErrors.nameMissing;
  else if (name.length > POLL_LIMITS.name) errors.name = pollErrors.nameTooLong(POLL_LIMITS.name);
  if (draft.description.trim().length > POLL_LIMITS.description) errors.description = pollErrors.descriptionTooLong(POLL_LIMITS.description);
  if (!withQuestions) return errors;

  if (draft.questions.length === 0) errors.questions = pollErrors.noQuestions;
  else if (draft.questions.length > POLL_LIMITS.questions) errors.questions = pollErrors.tooManyQuestions(POLL_LIMITS.questions);
  draft.questions.forEach((q, i) => {
    const at = `questions.${i}`;
    const text = q.text.trim();
    if (!text) errors[`${at}.text`] = pollErrors.questionMissing;
    else if (text.length > POLL_LIMITS.question) errors[`${at}.text`] = pollErrors.questionTooLong(POLL_LIMITS.question);
    const seen = new Set<string>();
    q.options.forEach((o, j) => {
      const option = o.text.trim();
      const field = `${at}.options.${j}.text`;
      if (!option) errors[field] = pollErrors.optionMissing;
      else if (option.length > POLL_LIMITS.option) errors[field] = pollErrors.optionTooLong(POLL_LIMITS.option);
      else if (seen.has(option.toLocaleLowerCase('nb'))) errors[field] = pollErrors.optionTwice;
      seen.add(option.toLocaleLowerCase('nb'));
    });
    if (q.options.length < 2) errors[`${at}.options`] = pollErrors.tooFewOptions;
    else if (q.options.length > POLL_LIMITS.options) errors[`${at}.options`] = pollErrors.tooManyOptions(POLL_LIMITS.options);
    else if (draft.quiz && !q.options.some((o) => o.correct)) errors[`${at}.options`] = pollErrors.noCorrect;
  });
  return errors;
}

/** Whether two drafts would save the same (list keys aside; correct marks count only in a quiz). */
export function sameDraft(a: PollDraft, b: PollDraft, { withQuestions = true }: { withQuestions?: boolean } = {}): boolean {
  const input = (d: PollDraft) => JSON.stringify(inputOf(d, { active: false, withQuestions }));
  return input(a) === input(b) && (!withQuestions || a.quiz === b.quiz);
}

// ── list edits (pure: each returns a new array) ──

/** The list with item `from` moved by `by` places (-1 up, +1 down); unchanged when that leaves the list. */
export function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

export const removed = <T>(list: readonly T[], at: number): T[] => list.filter((_, i) => i !== at);

export const replaced = <T>(list: readonly T[], at: number, change: (item: T) => T): T[] => list.map((item, i) => (i === at ? change(item) : item));

/** The first field with an error in the form's order (where to put the focus). */
export function firstErrorField(errors: DraftErrors, draft: PollDraft): string | null {
  const order = [
    'name',
    'description',
    'questions',
    ...draft.questions.flatMap((q, i) => [`questions.${i}.text`, ...q.options.map((_, j) => `questions.${i}.options.${j}.text`), `questions.${i}.options`]),
  ];
  return order.find((field) => field in errors) ?? Object.keys(errors)[0] ?? null;
}
