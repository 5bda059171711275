// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { WhenVisible } from './WhenVisible.js';

/** A stand-in IntersectionObserver the test drives: `enter()` reports the observed element as intersecting. */
function fakeObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnected: boolean }> = [];
  class FakeObserver {
    entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, options, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    enter: () =>
      act(() => {
        for (const o of observers.filter((o) => !o.disconnected)) {
          o.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
        }
      }),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('WhenVisible', () => {
  it('shows the placeholder until the spot nears the viewport, then the children', () => {
    const io = fakeObserver();
    render(
      <WhenVisible placeholder={<a href="/klaer">Klær</a>}>
        <p>Bestselgere</p>
      </WhenVisible>,
    );
    expect(screen.getByText('Klær')).toBeTruthy();
    expect(screen.queryByText('Bestselgere')).toBeNull();
    expect(io.observers[0]!.options?.rootMargin).toBe('400px 0px');
    io.enter();
    expect(screen.getByText('Bestselgere')).toBeTruthy();
    expect(screen.queryByText('Klær')).toBeNull();
    expect(io.observers.every((o) => o.disconnected)).toBe(true);
  });

  it('starts loading `ahead` below the viewport', () => {
    const io = fakeObserver();
    render(
      <WhenVisible ahead="0px">
        <p>Bestselgere</p>
      </WhenVisible>,
    );
    expect(io.observers[0]!.options?.rootMargin).toBe('0px 0px');
  });

  it('renders the children at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible>
        <p>Bestselgere</p>
      </WhenVisible>,
    );
    expect(screen.getByText('Bestselgere')).toBeTruthy();
  });
});
