import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstViewPaint } from './firstPaint.js';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return () => done;
};

describe('afterFirstViewPaint', () => {
  it('waits for the first view\'s image, then a painted frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    document.body.innerHTML = '<div id="root"><div data-first-view="mf_content/HomePage"><img src="/a.svg"></div></div>';
    const image = document.querySelector('img')!;
    Object.defineProperty(image, 'complete', { value: false });
    const done = await settled(afterFirstViewPaint(document, 500));
    await vi.advanceTimersByTimeAsync(100);
    expect(done()).toBe(false);
    image.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(50);
    expect(done()).toBe(true);
  });

  it('waits at most maxWaitMs for an image that does not come', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    document.body.innerHTML = '<div data-first-view="mf_catalog/SearchPage"><img src="/slow.svg"></div>';
    Object.defineProperty(document.querySelector('img')!, 'complete', { value: false });
    const done = await settled(afterFirstViewPaint(document, 500));
    await vi.advanceTimersByTimeAsync(450);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(done()).toBe(true);
  });

  it('without a first-view image waits for one frame only', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const done = await settled(afterFirstViewPaint(document, 500));
    await vi.advanceTimersByTimeAsync(50);
    expect(done()).toBe(true);
  });
});
