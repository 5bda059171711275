import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROW_WAIT_LIMIT_MS, HASH_SETTLE_MS, LOADING_WAIT_LIMIT_MS, runScroll, scrollActionFor, type ScrollEnv } from './scroll.js';
import { isLoading, pieceLoading } from './loading.js';

afterEach(() => vi.useRealTimers());

describe('scrollActionFor', () => {
  it.each([
    { hash: '#about', navigationType: 'PUSH', savedY: null, pathChanged: true, action: { kind: 'hash', id: 'about' } },
    { hash: '#om%20oss', navigationType: 'POP', savedY: 300, pathChanged: true, action: { kind: 'hash', id: 'om oss' } },
    { hash: '', navigationType: 'POP', savedY: 640, pathChanged: true, action: { kind: 'restore', y: 640 } },
    { hash: '', navigationType: 'POP', savedY: null, pathChanged: true, action: { kind: 'top' } },
    { hash: '', navigationType: 'PUSH', savedY: 640, pathChanged: true, action: { kind: 'top' } },
    { hash: '', navigationType: 'REPLACE', savedY: null, pathChanged: true, action: { kind: 'top' } },
    { hash: '', navigationType: 'PUSH', savedY: null, pathChanged: false, action: { kind: 'none' } },
  ] as const)('$navigationType $hash saved $savedY → $action.kind', ({ action, ...input }) => {
    expect(scrollActionFor(input)).toEqual(action);
  });
});

function env(overrides: Partial<ScrollEnv> = {}) {
  const scrolls: ScrollToOptions[] = [];
  const base: ScrollEnv = {
    isLoading: () => false,
    scrollTo: (options) => scrolls.push(options),
    elementTop: () => null,
    maxScrollY: () => 100_000,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    ...overrides,
  };
  return { env: base, scrolls };
}

describe('runScroll', () => {
  it('top scrolls at once', () => {
    const { env: e, scrolls } = env();
    runScroll({ kind: 'top' }, e);
    expect(scrolls).toEqual([{ top: 0, left: 0 }]);
  });

  it('a hash scrolls smoothly after 50 ms, 80 px above the element', () => {
    vi.useFakeTimers();
    const { env: e, scrolls } = env({ elementTop: (id) => (id === 'about' ? 1000 : null) });
    runScroll({ kind: 'hash', id: 'about' }, e);
    vi.advanceTimersByTime(49);
    expect(scrolls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(scrolls).toEqual([{ top: 920, behavior: 'smooth' }]);
  });

  it('a hash whose element is not there yet tries again when loading is over', () => {
    vi.useFakeTimers();
    let loading = true;
    let top: number | null = null;
    const { env: e, scrolls } = env({ isLoading: () => loading, elementTop: () => top });
    runScroll({ kind: 'hash', id: 'about' }, e);
    vi.advanceTimersByTime(200);
    expect(scrolls).toEqual([]);
    loading = false;
    top = 500;
    vi.advanceTimersByTime(50);
    expect(scrolls).toEqual([{ top: 420, behavior: 'smooth' }]);
  });

  it('a hash follows its element while what is above it grows, then settles (issue 21: /#about)', () => {
    vi.useFakeTimers();
    let loading = false;
    let top = 2000;
    const { env: e, scrolls } = env({ isLoading: () => loading, elementTop: () => top });
    runScroll({ kind: 'hash', id: 'about' }, e);
    vi.advanceTimersByTime(50);
    expect(scrolls).toEqual([{ top: 1920, behavior: 'smooth' }]);
    // The sections passed on the way load and push the section down: the scroll follows it.
    loading = true;
    top = 3100;
    vi.advanceTimersByTime(50);
    expect(scrolls.at(-1)).toEqual({ top: 3020, behavior: 'smooth' });
    top = 4300;
    vi.advanceTimersByTime(1000);
    expect(scrolls.at(-1)).toEqual({ top: 4220, behavior: 'smooth' });
    expect(scrolls).toHaveLength(3);
    // Still loading: it keeps watching; once nothing loads and the element stays put for HASH_SETTLE_MS it stops.
    loading = false;
    vi.advanceTimersByTime(HASH_SETTLE_MS);
    top = 5000;
    vi.advanceTimersByTime(1000);
    expect(scrolls).toHaveLength(3);
  });

  it('a hash follows the page as it grows tall enough to reach the element', () => {
    vi.useFakeTimers();
    let max = 1000;
    const { env: e, scrolls } = env({ elementTop: () => 1500, maxScrollY: () => max });
    runScroll({ kind: 'hash', id: 'about' }, e);
    vi.advanceTimersByTime(50);
    expect(scrolls).toEqual([{ top: 1420, behavior: 'smooth' }]);
    max = 3000;
    vi.advanceTimersByTime(50);
    expect(scrolls).toEqual([
      { top: 1420, behavior: 'smooth' },
      { top: 1420, behavior: 'smooth' },
    ]);
  });

  it("a hash stops following when the shopper scrolls, or at the next navigation", () => {
    vi.useFakeTimers();
    let top = 1000;
    let shopperScrolls: (() => void) | null = null;
    let unsubscribed = 0;
    const { env: e, scrolls } = env({
      isLoading: () => true,
      elementTop: () => top,
      onShopperScroll: (fn) => {
        shopperScrolls = fn;
        return () => void (unsubscribed += 1);
      },
    });
    runScroll({ kind: 'hash', id: 'about' }, e);
    vi.advanceTimersByTime(50);
    expect(scrolls).toHaveLength(1);
    shopperScrolls!();
    top = 2000;
    vi.advanceTimersByTime(500);
    expect(scrolls).toHaveLength(1);

    const next = env({ isLoading: () => true, elementTop: () => top, onShopperScroll: () => () => void (unsubscribed += 1) });
    const cancel = runScroll({ kind: 'hash', id: 'about' }, next.env);
    vi.advanceTimersByTime(50);
    cancel();
    top = 3000;
    vi.advanceTimersByTime(500);
    expect(next.scrolls).toEqual([{ top: 1920, behavior: 'smooth' }]);
    expect(unsubscribed).toBe(1);
  });

  it('a hash whose element never comes gives up after the loading limit', () => {
    vi.useFakeTimers();
    let asked = 0;
    const { env: e } = env({ elementTop: () => (asked++, null) });
    runScroll({ kind: 'hash', id: 'nowhere' }, e);
    vi.advanceTimersByTime(LOADING_WAIT_LIMIT_MS + 1000);
    const after = asked;
    vi.advanceTimersByTime(5000);
    expect(asked).toBe(after);
  });

  it('restore waits for the loading flag to go, then 300 ms', () => {
    vi.useFakeTimers();
    let loading = true;
    const { env: e, scrolls } = env({ isLoading: () => loading });
    runScroll({ kind: 'restore', y: 1234 }, e);
    vi.advanceTimersByTime(1000);
    expect(scrolls).toEqual([]);
    loading = false;
    vi.advanceTimersByTime(50); // next poll sees the flag gone
    vi.advanceTimersByTime(299);
    expect(scrolls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(scrolls).toEqual([{ top: 1234 }]);
  });

  it('a loading flag that comes back during the 300 ms is waited for again', () => {
    vi.useFakeTimers();
    let loading = false;
    const { env: e, scrolls } = env({ isLoading: () => loading });
    runScroll({ kind: 'restore', y: 500 }, e);
    vi.advanceTimersByTime(100);
    loading = true; // the page's next request starts
    vi.advanceTimersByTime(400);
    expect(scrolls).toEqual([]);
    loading = false;
    vi.advanceTimersByTime(50 + 299);
    expect(scrolls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(scrolls).toEqual([{ top: 500 }]);
  });

  it('restore gives the page a moment to grow tall enough, then scrolls anyway', () => {
    vi.useFakeTimers();
    let max = 200;
    const { env: e, scrolls } = env({ maxScrollY: () => max });
    runScroll({ kind: 'restore', y: 500 }, e);
    vi.advanceTimersByTime(300 + 100);
    expect(scrolls).toEqual([]);
    max = 800;
    vi.advanceTimersByTime(50);
    expect(scrolls).toEqual([{ top: 500 }]);
    max = 10;
    runScroll({ kind: 'restore', y: 500 }, e);
    vi.advanceTimersByTime(300 + GROW_WAIT_LIMIT_MS);
    expect(scrolls).toEqual([{ top: 500 }, { top: 500 }]);
  });

  it('restore gives up waiting for a loading flag that never goes', () => {
    vi.useFakeTimers();
    const { env: e, scrolls } = env({ isLoading: () => true });
    runScroll({ kind: 'restore', y: 10 }, e);
    vi.advanceTimersByTime(LOADING_WAIT_LIMIT_MS + 300);
    expect(scrolls).toEqual([{ top: 10 }]);
  });

  it('the next navigation cancels a pending scroll', () => {
    vi.useFakeTimers();
    const { env: e, scrolls } = env();
    const cancel = runScroll({ kind: 'restore', y: 99 }, e);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(scrolls).toEqual([]);
  });
});

describe('loading flag', () => {
  it('counts remote pieces in and out (a second "done" is harmless)', () => {
    expect(isLoading()).toBe(false);
    const done = pieceLoading();
    expect(isLoading()).toBe(true);
    done();
    done();
    expect(isLoading()).toBe(false);
  });
});
