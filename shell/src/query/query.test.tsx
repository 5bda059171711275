// @vitest-environment happy-dom
import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { getQueryParam, hasQueryParam, useQueryString, withoutQueryParams } from './query.js';

describe('query-string helpers', () => {
  it.each([
    ['?openCart=1', 'openCart', true, '1'],
    ['?openCart', 'openCart', true, ''],
    ['?a=1&openCart=', 'openCart', true, ''],
    ['?a=1', 'openCart', false, null],
    ['', 'openCart', false, null],
    ['?q=ull+og+dun', 'q', true, 'ull og dun'],
  ])('%j has/get %s', (search, name, has, value) => {
    expect(hasQueryParam(search, name)).toBe(has);
    expect(getQueryParam(search, name)).toBe(value);
  });

  it.each([
    ['?openCart=1', ['openCart'], ''],
    ['?a=1&openCart=1&b=2', ['openCart'], '?a=1&b=2'],
    ['?a=1&a=2', ['a'], ''],
    ['?a=1', ['x', 'y'], '?a=1'],
    ['', ['a'], ''],
  ])('withoutQueryParams(%j, %j) → %j', (search, names, expected) => {
    expect(withoutQueryParams(search, names)).toBe(expected);
  });

  it('remove() replaces the URL through the router, keeping path, hash and state', () => {
    let helpers: ReturnType<typeof useQueryString> | undefined;
    let seen: ReturnType<typeof useLocation> | undefined;
    function Probe() {
      helpers = useQueryString();
      seen = useLocation();
      return null;
    }
    render(
      <MemoryRouter initialEntries={[{ pathname: '/herre', search: '?openCart=1&farge=3', hash: '#topp', state: { from: 'x' } }]}>
        <Probe />
      </MemoryRouter>,
    );
    expect(helpers?.has('openCart')).toBe(true);
    act(() => helpers?.remove('openCart'));
    expect(seen).toMatchObject({ pathname: '/herre', search: '?farge=3', hash: '#topp', state: { from: 'x' } });
    expect(helpers?.has('openCart')).toBe(false);
  });
});
