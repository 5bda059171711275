import { describe, expect, it } from 'vitest';
import { pageInput, validatePage } from './pageForm.js';
import { pageTexts } from './texts.js';

const E = pageTexts.errors;

describe('validatePage', () => {
  it.each([
    ['a complete page', { title: 'Kundeservice', body: '<p>Hei</p>' }, {}],
    ['no title', { title: ' ', body: '<p>Hei</p>' }, { title: E.titleMissing }],
    ['a long title', { title: 'x'.repeat(201), body: '<p>Hei</p>' }, { title: E.titleTooLong }],
    ['an empty editor', { title: 'Kundeservice', body: '<p></p>' }, { body: E.bodyMissing }],
    ['nothing', { title: '', body: '' }, { title: E.titleMissing, body: E.bodyMissing }],
  ])('%s', (_name, draft, errors) => {
    expect(validatePage(draft)).toEqual(errors);
  });
});

describe('pageInput', () => {
  it('sends the trimmed title, the text and the version it was based on', () => {
    expect(pageInput({ title: ' Om oss ', body: '<p>Hei</p>' }, 3)).toEqual({ title: 'Om oss', body: '<p>Hei</p>', version: 3 });
  });
});
