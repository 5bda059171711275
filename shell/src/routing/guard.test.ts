import { describe, expect, it } from 'vitest';
import { ApiError } from '@shop/contracts/api';
import { mapArticleDetail } from '@shop/contracts/mappers';
import { rawArticleDetail } from '@shop/contracts/testing';
import { GuardError, articleKey, decideProductEntry, guardExit } from './guard.js';

const visible = mapArticleDetail(rawArticleDetail({ ArticleID: 101, Name: 'Fjellbris skalljakke', Slug: 'fjellbris-skalljakke', VisibleOnWeb: 1 }));
const hidden = mapArticleDetail(rawArticleDetail({ ArticleID: 102, Name: 'Skjult vare', Slug: 'skjult-vare', VisibleOnWeb: 0 }));

describe('guardExit (SPEC §8: redirect target, else previous route, else home)', () => {
  it.each([
    { error: new GuardError('x', '/kundeservice'), canGoBack: true, exit: { kind: 'replace', to: '/kundeservice' } },
    { error: new GuardError('x', '/kundeservice'), canGoBack: false, exit: { kind: 'replace', to: '/kundeservice' } },
    { error: new GuardError('x'), canGoBack: true, exit: { kind: 'back' } },
    { error: new Error('boom'), canGoBack: true, exit: { kind: 'back' } },
    { error: new Error('boom'), canGoBack: false, exit: { kind: 'replace', to: '/' } },
    { error: null, canGoBack: false, exit: { kind: 'replace', to: '/' } },
  ])('$error.message, canGoBack $canGoBack → $exit.kind', ({ error, canGoBack, exit }) => {
    expect(guardExit(error, canGoBack)).toEqual(exit);
  });
});

describe('decideProductEntry', () => {
  it('a visible article named by its slug is shown, with the article handed to the page', () => {
    expect(decideProductEntry('fjellbris-skalljakke', { article: visible }, false)).toEqual({ kind: 'show', article: visible });
  });

  it('an id forwards to the slug of the name', () => {
    expect(decideProductEntry('101', { article: visible }, true)).toEqual({ kind: 'forward', to: '/product/fjellbris-skalljakke', article: visible });
  });

  it('a non-canonical slug (other case) forwards to the canonical one', () => {
    expect(decideProductEntry('Fjellbris-Skalljakke', { article: visible }, true)).toMatchObject({ kind: 'forward', to: '/product/fjellbris-skalljakke' });
  });

  it.each([
    { canGoBack: true, exit: { kind: 'back' } },
    { canGoBack: false, exit: { kind: 'replace', to: '/' } },
  ])('an invisible article leaves (canGoBack $canGoBack → $exit.kind) and says why', ({ canGoBack, exit }) => {
    const entry = decideProductEntry('102', { article: hidden }, canGoBack);
    expect(entry).toMatchObject({ kind: 'leave', reason: 'invisible', exit });
    expect(entry.kind === 'leave' && entry.message).toContain('not visible');
  });

  it('a failed load is a guard error: previous route or home', () => {
    const notFound = new ApiError({ kind: 'status', status: 404, message: 'Request failed with status code 404' });
    expect(decideProductEntry('finnes-ikke', { error: notFound }, true)).toMatchObject({ kind: 'leave', reason: 'failed', exit: { kind: 'back' } });
    expect(decideProductEntry('finnes-ikke', { error: new ApiError({ kind: 'network', message: 'Network Error' }) }, false)).toMatchObject({
      kind: 'leave',
      exit: { kind: 'replace', to: '/' },
    });
  });

  it('a guard error with a redirect target goes there', () => {
    expect(decideProductEntry('x', { error: new GuardError('x', '/kundeservice') }, true)).toMatchObject({ exit: { kind: 'replace', to: '/kundeservice' } });
  });
});

describe('articleKey', () => {
  it.each([
    ['101', 101],
    ['fjellbris-skalljakke', 'fjellbris-skalljakke'],
    ['101-b', '101-b'],
  ])('%s → %j', (param, key) => {
    expect(articleKey(param)).toBe(key);
  });
  it('no param is a guard error that goes home', () => {
    expect(() => articleKey(undefined)).toThrow(GuardError);
    try {
      articleKey('');
    } catch (error) {
      expect((error as GuardError).redirectTo).toBe('/');
    }
  });
});
