import { describe, expect, it } from 'vitest';
import type { EditorPoll } from '@shop/contracts/types';
import { bannerUrl, thumbnailUrl } from './banner.js';
import { draftErrors, draftOf, draftOfInput, emptyDraft, firstErrorField, inputOf, moved, removed, sameDraft, type PollDraft } from './draft.js';
import { pollErrors } from './texts.js';

let k = 0;
const option = (text: string, correct = false) => ({ key: `t${++k}`, text, correct });
const question = (text: string, ...options: Array<ReturnType<typeof option>>) => ({ key: `t${++k}`, text, options });
const draft = (change: Partial<PollDraft> = {}): PollDraft => ({
  ...emptyDraft(),
  name: 'Vinterquiz',
  questions: [question('Hvor mange butikker?', option('3'), option('14', true))],
  ...change,
});

const stored: EditorPoll = {
  id: 7,
  name: 'Vinterquiz',
  description: null,
  banner_desktop: '/api/v1/images/uploads/AbCdEfGhIjKlMnOpQrStUv/1920.webp',
  banner_mobile: null,
  active: true,
  prize_draw: true,
  quiz: true,
  version: 4,
  questions: [
    {
      id: 11,
      poll_id: 7,
      text: 'Når ble Staut grunnlagt?',
      options: [
        { id: 21, question_id: 11, text: '2008', correct: false },
        { id: 22, question_id: 11, text: '2012', correct: true },
      ],
    },
  ],
};

describe('draftErrors (what the form says before it sends)', () => {
  it.each<[string, Partial<PollDraft>, Record<string, string>]>([
    ['a complete poll', {}, {}],
    ['a blank name', { name: '   ' }, { name: pollErrors.nameMissing }],
    ['a name of 201 characters', { name: 'x'.repeat(201) }, { name: pollErrors.nameTooLong(200) }],
    ['a description of 2001 characters', { description: 'x'.repeat(2001) }, { description: pollErrors.descriptionTooLong(2000) }],
    ['no questions', { questions: [] }, { questions: pollErrors.noQuestions }],
    ['a question without text', { questions: [question(' ', option('a'), option('b'))] }, { 'questions.0.text': pollErrors.questionMissing }],
    ['a question with one option', { questions: [question('Q', option('a'))] }, { 'questions.0.options': pollErrors.tooFewOptions }],
    ['a blank option', { questions: [question('Q', option('a'), option(''), option('c'))] }, { 'questions.0.options.1.text': pollErrors.optionMissing }],
    ['the same option twice (case aside)', { questions: [question('Q', option('Ja'), option(' ja '))] }, { 'questions.0.options.1.text': pollErrors.optionTwice }],
    ['13 options', { questions: [question('Q', ...Array.from({ length: 13 }, (_, i) => option(`o${i}`)))] }, { 'questions.0.options': pollErrors.tooManyOptions(12) }],
    ['a quiz question with nothing marked correct', { quiz: true, questions: [question('Q', option('a'), option('b'))] }, { 'questions.0.options': pollErrors.noCorrect }],
    ['a quiz question with two correct options', { quiz: true, questions: [question('Q', option('a', true), option('b', true))] }, {}],
    ['a plain poll needs no correct option', { quiz: false, questions: [question('Q', option('a'), option('b'))] }, {}],
    [
      'errors in the second question are named by its place',
      { questions: [question('Q1', option('a'), option('b')), question('', option('a'))] },
      { 'questions.1.text': pollErrors.questionMissing, 'questions.1.options': pollErrors.tooFewOptions },
    ],
  ])('%s', (_name, change, expected) => {
    expect(draftErrors(draft(change))).toEqual(expected);
  });

  it('checks only the name and description while the questions are locked (the save leaves them out)', () => {
    expect(draftErrors(draft({ questions: [] }), { withQuestions: false })).toEqual({});
    expect(draftErrors(draft({ name: '', questions: [] }), { withQuestions: false })).toEqual({ name: pollErrors.nameMissing });
  });

  it('firstErrorField follows the form: name, then each question top to bottom', () => {
    const d = draft({ questions: [question('Q1', option('a'), option('')), question('', option('a'))] });
    expect(firstErrorField(draftErrors(d), d)).toBe('questions.0.options.1.text');
    const named = draft({ name: '', questions: [question('', option('a'), option('b'))] });
    expect(firstErrorField(draftErrors(named), named)).toBe('name');
    expect(firstErrorField({}, named)).toBeNull();
  });
});

describe('draftOf and inputOf (the API shape both ways)', () => {
  it('a stored poll with a correct option is a quiz, and saves back to the same input', () => {
    const d = draftOf(stored);
    expect(d.quiz).toBe(true);
    expect(inputOf(d, { active: true, version: 4, withQuestions: true })).toEqual({
      name: 'Vinterquiz',
      description: null,
      banner_desktop: stored.banner_desktop,
      banner_mobile: null,
      active: true,
      prize_draw: true,
      questions: [{ text: 'Når ble Staut grunnlagt?', options: [{ text: '2008', correct: false }, { text: '2012', correct: true }] }],
      version: 4,
    });
  });

  it('a poll without correct options is no quiz; marks left in the draft are not sent when it is no quiz', () => {
    const plain = draftOf({ ...stored, questions: [{ ...stored.questions[0]!, options: stored.questions[0]!.options.map((o) => ({ ...o, correct: false })) }] });
    expect(plain.quiz).toBe(false);
    const input = inputOf({ ...draftOf(stored), quiz: false }, { active: false, withQuestions: true });
    expect(input.questions![0]!.options.every((o) => !o.correct)).toBe(true);
    expect('version' in input).toBe(false);
  });

  it('trims texts, sends a blank description as null, and leaves the questions out when locked', () => {
    const input = inputOf(draft({ name: '  Quiz  ', description: '   ' }), { active: false, version: 2, withQuestions: false });
    expect(input).toEqual({ name: 'Quiz', description: null, banner_desktop: null, banner_mobile: null, active: false, prize_draw: false, version: 2 });
  });

  it('sameDraft ignores list keys, and the questions when locked', () => {
    const a = draftOf(stored);
    const b = { ...draftOf(stored), questions: a.questions.map((q) => ({ ...q, key: 'other' })) };
    expect(sameDraft(a, b)).toBe(true);
    const edited = { ...a, questions: [{ ...a.questions[0]!, text: 'Annet spørsmål' }] };
    expect(sameDraft(a, edited)).toBe(false);
    expect(sameDraft(a, edited, { withQuestions: false })).toBe(true);
    expect(sameDraft(a, { ...a, prizeDraw: false }, { withQuestions: false })).toBe(false);
    expect(sameDraft(a, { ...a, quiz: false })).toBe(false);
  });
});

describe('list edits', () => {
  it.each<[string, number, -1 | 1, string[]]>([
    ['the second up', 1, -1, ['b', 'a', 'c']],
    ['the second down', 1, 1, ['a', 'c', 'b']],
    ['the first up (stays)', 0, -1, ['a', 'b', 'c']],
    ['the last down (stays)', 2, 1, ['a', 'b', 'c']],
  ])('moved: %s', (_name, from, by, expected) => {
    const list = ['a', 'b', 'c'];
    expect(moved(list, from, by)).toEqual(expected);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('removed drops one place', () => {
    expect(removed(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});

describe('banner URLs (one stored size per slot)', () => {
  const id = 'AbCdEfGhIjKlMnOpQrStUv';
  it.each<[number, 'desktop' | 'mobile', string]>([
    [4000, 'desktop', `/api/v1/images/uploads/${id}/1920.webp`],
    [4000, 'mobile', `/api/v1/images/uploads/${id}/960.webp`],
    [800, 'desktop', `/api/v1/images/uploads/${id}/800.webp`],
    [800, 'mobile', `/api/v1/images/uploads/${id}/800.webp`],
    [1000, 'mobile', `/api/v1/images/uploads/${id}/960.webp`],
  ])('%i px wide for %s', (width, slot, url) => {
    expect(bannerUrl({ id, width }, slot)).toBe(url);
  });

  it('thumbnails are the smallest size', () => {
    expect(thumbnailUrl({ id, width: 4000 })).toBe(`/api/v1/images/uploads/${id}/320.webp`);
    expect(thumbnailUrl({ id, width: 200 })).toBe(`/api/v1/images/uploads/${id}/200.webp`);
  });
});

describe('draftOfInput (the conflict screen\'s "Behold min versjon" hands back a refused save)', () => {
  const withoutKeys = (d: PollDraft) => ({ ...d, questions: d.questions.map((q) => ({ text: q.text, options: q.options.map((o) => ({ text: o.text, correct: o.correct })) })) });
  it.each<[string, Parameters<typeof inputOf>[1], EditorPoll | null]>([
    ['a save with its questions, over the stored poll', { active: true, version: 4, withQuestions: true }, stored],
    ['a save without questions (locked by answers) keeps the stored ones', { active: true, version: 4, withQuestions: false }, stored],
    ['a new poll that was never stored', { active: false, withQuestions: true }, null],
  ])('%s', (_, options, base) => {
    const mine: PollDraft = { ...draftOf(stored), name: 'Vinterquiz 2', description: 'Ny tekst', prizeDraw: false };
    const restored = draftOfInput(inputOf(mine, options), base);
    const expected = options.withQuestions ? mine : { ...mine, questions: draftOf(stored).questions };
    expect(withoutKeys(restored)).toEqual(withoutKeys(expected));
  });
});
