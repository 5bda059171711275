import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROW_WAIT_LIMIT_MS, HASH_FOLLOW_MS, HASH_STILL_MS, LOADING_WAIT_LIMIT_MS, runScroll, scrollActionFor, type ScrollEnv } from './scroll.js';
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

/** A page that arrives where it is sent at once (as far as it can scroll), unless a test says otherwise. */
function env(overrides: Partial<ScrollEnv> = {}) {
  const scrolls: ScrollToOptions[] = [];
  let y = 0;
  const base: ScrollEnv = {
    isLoading: () => false,
    scrollTo: (options) => {
      scrolls.push(options);
      y = Math.min(options.top ?? y, base.maxScrollY());
    },
    elementTop: () => null,
    maxScrollY: () => 100_000,
    scrollY: () => y,
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

  it('a hash follows its element while what is above it grows, quiet spells included, for HASH_FOLLOW_MS (issue 21: /#about)', () => {
    vi.useFakeTimers();
    let loading = false;
    let top = 2000;
    const { env: e, scrolls } = env({ isLoading: () => loading, elementTop: () => top });
    runScroll({ kind: 'hash', id: 'about' }, e);
    vi.advanceTimersByTime(50);
    expect(scrolls).toEqual([{ top: 1920, behavior: 'smooth' }]);
    // The sections passed on the way load and push the section down: the page follows it at once.
    loading = true;
    top = 3100;
    vi.advanceTimersByTime(50);
    expect(scrolls.at(-1)).toEqual({ top: 3020, behavior: 'instant' });
    top = 4300;
    vi.advanceTimersByTime(1000);
    expect(scrolls.at(-1)).toEqual({ top: 4220, behavior: 'instant' });
    expect(scrolls).toHaveLength(3);
    // Nothing loading and nothing moving for a while (a slow phone rendering a widget whose code has arrived), then
    // the widget's cards push the section down once more: still followed. Standing still scrolls nothing.
    loading = false;
    vi.advanceTimersByTime(2000);
    expect(scrolls).toHaveLength(3);
    top = 4578;
    vi.advanceTimersByTime(50);
    expect(scrolls.at(-1)).toEqual({ top: 4498, behavior: 'instant' });
    expect(scrolls).toHaveLength(4);
    // After HASH_FOLLOW_MS the page is the shopper's: a later change is not followed.
    vi.advanceTimersByTime(HASH_FOLLOW_MS);
    top = 5000;
    vi.advanceTimersByTime(1000);
    expect(scrolls).toHaveLength(4);
  });

  it('a smooth scroll that stopped short of the element (the page changed under it) is finished once the page is still', () => {
    vi.useFakeTimers();
    let y = 0;
    const scrolls: ScrollToOptions[] = [];
    const { env: base } = env({ elementTop: () => 3000 });
    // The smooth scroll gets a third of the way and stops; on its way the page moves every poll.
    const e: ScrollEnv = {
      ...base,
      scrollTo: (options) => {
        scrolls.push(options);
        y = options.behavior === 'smooth' ? 0 : (options.top ?? y);
      },
      scrollY: () => y,
    };
    runScroll({ kind: 'hash', id: 'about' }, e);
    vi.advanceTimersByTime(50);
    expect(scrolls).toEqual([{ top: 2920, behavior: 'smooth' }]);
    for (const at of [300, 700, 973]) {
      y = at;
      vi.advanceTimersByTime(50);
    }
    // Moving: left alone. Still for HASH_STILL_MS: put where it was going.
    vi.advanceTimersByTime(HASH_STILL_MS - 50);
    expect(scrolls).toHaveLength(1);
    vi.advanceTimersByTime(50);
    expect(scrolls.at(-1)).toEqual({ top: 2920, behavior: 'instant' });
    // There it stays: nothing more to do.
    vi.advanceTimersByTime(2000);
    expect(scrolls).toHaveLength(2);
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
      { top: 1420, behavior: 'instant' },
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
