import { describe, expect, it, vi } from 'vitest';
import { afterFirstView } from './start.js';

function fakeWindow(readyState: DocumentReadyState) {
  const listeners: Record<string, () => void> = {};
  return {
    win: {
      document: { readyState },
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    } as unknown as Window,
    fire: (type: string) => listeners[type]?.(),
  };
}

describe('afterFirstView (start-up models wait for the first view)', () => {
  it('starts once the window has loaded and the page is no longer loading', () => {
    vi.useFakeTimers();
    const start = vi.fn();
    let busy = true;
    const { win, fire } = fakeWindow('loading');
    afterFirstView(start, () => busy, win);
    vi.advanceTimersByTime(500);
    expect(start).not.toHaveBeenCalled();
    fire('load');
    vi.advanceTimersByTime(500);
    expect(start).not.toHaveBeenCalled();
    busy = false;
    vi.advanceTimersByTime(60);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(start).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('starts after three seconds at the latest, whatever is still loading', () => {
    vi.useFakeTimers();
    const start = vi.fn();
    const { win } = fakeWindow('complete');
    afterFirstView(start, () => true, win);
    vi.advanceTimersByTime(2900);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(start).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
