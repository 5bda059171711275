// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $isMobile, RESIZE_DEBOUNCE_MS, debounce, isMobileWidth, watchViewport, widthForUserAgent } from './viewport.js';

afterEach(() => vi.useRealTimers());

/** happy-dom's own control of the window size (it fires "resize" like a browser). */
const setInnerWidth = (width: number) =>
  (window as unknown as { happyDOM: { setInnerWidth(width: number): void } }).happyDOM.setInnerWidth(width);

describe('mobile breakpoint', () => {
  it.each([
    [375, true],
    [1019, true],
    [1020, false],
    [1280, false],
  ])('%i px → mobile %s', (width, mobile) => {
    expect(isMobileWidth(width)).toBe(mobile);
  });
});

describe('the server\'s guess from the User-Agent', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', false],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/604.1', false],
    ['', false],
  ])('%s → mobile %s', (userAgent, mobile) => {
    expect(isMobileWidth(widthForUserAgent(userAgent))).toBe(mobile);
  });
});

describe('debounce', () => {
  it('runs once, with the last arguments, after the calls stop', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced(1);
    vi.advanceTimersByTime(60);
    debounced(2);
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(2);
  });
  it('cancel drops the pending call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(200);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('watchViewport', () => {
  it('switches the layout once resizing has settled', () => {
    vi.useFakeTimers();
    setInnerWidth(1280);
    const stop = watchViewport(window);
    expect($isMobile.getState()).toBe(false);
    setInnerWidth(375);
    expect($isMobile.getState()).toBe(false);
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS);
    expect($isMobile.getState()).toBe(true);
    stop();
    setInnerWidth(1280);
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS);
    expect($isMobile.getState()).toBe(true);
  });
});
