// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useListingState } from './useListingState.js';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('useListingState', () => {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/vintersport']}>{children}</MemoryRouter>;

  it('shows a change at once and writes it to the query', () => {
    const { result } = renderHook(() => useListingState(), { wrapper });
    act(() => result.current[1]({ ...result.current[0], filters: { colors: [2] } }));
    expect(result.current[0].filters.colors).toEqual([2]);
  });

  it('follows the address of a back/forward even when the router has not caught up (its query unchanged)', () => {
    // The memory router never hears popstate: like a router whose pending change the back button dropped.
    const { result } = renderHook(() => useListingState(), { wrapper });
    act(() => result.current[1]({ ...result.current[0], filters: { colors: [2] } }));
    expect(result.current[0].filters.colors).toEqual([2]);
    act(() => {
      window.history.replaceState(null, '', '/vintersport');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(result.current[0].filters.colors ?? []).toEqual([]);
  });
});
