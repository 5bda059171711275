import { describe, expect, it } from 'vitest';
import type { Customer } from '@shop/contracts/types';
import { reloadTarget, sharedUserFlag, shouldReloadOnUserChange } from './crossTab.js';

describe('shouldReloadOnUserChange', () => {
  const out = { loaded: false, id: null };
  const kari = { loaded: true, id: 7 };
  it.each([
    ['another tab logged in', JSON.stringify(kari), out, true],
    ['another tab logged out', JSON.stringify(out), kari, true],
    ['another user logged in', JSON.stringify({ loaded: true, id: 8 }), kari, true],
    ['same state (this tab already knows)', JSON.stringify(kari), kari, false],
    ['same anonymous state', JSON.stringify(out), out, false],
    ['key removed', null, kari, false],
    ['junk', '{not json', kari, false],
    ['wrong shape', '{"id":7}', out, false],
  ])('%s', (_name, raw, current, expected) => {
    expect(shouldReloadOnUserChange(raw, current)).toBe(expected);
  });
});

describe('sharedUserFlag and reloadTarget', () => {
  it('describes the user', () => {
    expect(sharedUserFlag(null)).toEqual({ loaded: false, id: null });
    expect(sharedUserFlag({ id: 7 } as Customer)).toEqual({ loaded: true, id: 7 });
  });
  it.each([
    ['https://butikk.no/klaer?side=2', false, 'https://butikk.no/klaer?side=2'],
    ['https://butikk.no/klaer?side=2', true, 'https://butikk.no/klaer?side=2&openCart=1'],
    ['https://butikk.no/', true, 'https://butikk.no/?openCart=1'],
  ])('%s (cart %s)', (href, openCart, expected) => {
    expect(reloadTarget(href, openCart)).toBe(expected);
  });
});
