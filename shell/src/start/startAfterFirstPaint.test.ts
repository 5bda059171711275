// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_IMAGE_ATTRIBUTE, PAGE_IMAGE_SELECTOR } from '@shop/contracts/ssr';
import { PAGE_SCRIPTS_TEMPLATE_ID } from './pageScripts.js';
import { startAfterFirstPaint } from './startAfterFirstPaint.js';

const MAIN = '/main.0123456789.js';

type Entry = { element?: Element | null; size?: number; name?: string };

/** A window around happy-dom's document whose PerformanceObserver the test drives by hand. */
function fakeWindow({ largestPaint = true, paint = true } = {}) {
  const observers: Array<(entries: Entry[]) => void> = [];
  const paintObservers: Array<(entries: Entry[]) => void> = [];
  class FakeObserver {
    static supportedEntryTypes = [...(largestPaint ? ['largest-contentful-paint'] : []), ...(paint ? ['paint'] : [])];
    constructor(private readonly callback: (list: { getEntries: () => Entry[] }) => void) {}
    observe(options: { type: string; buffered?: boolean }) {
      expect(options.buffered).toBe(true);
      const list = options.type === 'paint' ? paintObservers : observers;
      expect(options.type).toBe(options.type === 'paint' ? 'paint' : 'largest-contentful-paint');
      list.push((entries) => this.callback({ getEntries: () => entries }));
    }
  }
  const win = {
    document,
    innerWidth: 412,
    innerHeight: 823,
    PerformanceObserver: FakeObserver,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    requestAnimationFrame: (fn: FrameRequestCallback) => requestAnimationFrame(fn),
  } as unknown as Window & typeof globalThis;
  return {
    win,
    report: (...entries: Entry[]) => observers.forEach((notify) => notify(entries)),
    reportPaint: (...entries: Entry[]) => paintObservers.forEach((notify) => notify(entries)),
    observers,
  };
}

const mainScripts = () => [...document.querySelectorAll('script')].filter((s) => s.getAttribute('src') === MAIN);

/**
 * The page's marked image (a remote's `pageImageProps`), 300 × 300 CSS pixels at `top` (the viewport is 412 × 823),
 * after an unmarked logo: the start waits for the marked one only.
 */
function firstViewImage({ complete, top = 100 }: { complete: boolean; top?: number }) {
  document.body.innerHTML = `<div id="root"><header><img src="/logo.svg"></header><main><img src="/a.svg" ${PAGE_IMAGE_ATTRIBUTE}></main></div>`;
  const image = document.querySelector<HTMLImageElement>(PAGE_IMAGE_SELECTOR)!;
  expect(image.getAttribute('src')).toBe('/a.svg');
  Object.defineProperty(image, 'complete', { value: complete });
  image.getBoundingClientRect = () => ({ left: 50, right: 350, top, bottom: top + 300, width: 300, height: 300 }) as DOMRect;
  return image;
}

beforeEach(() => {
  // The test checks that main.js is asked for, not what it does: happy-dom may skip loading it without an error.
  (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('startAfterFirstPaint', () => {
  it('adds main.js once the first view\'s image has loaded and the browser reported its paint', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const image = firstViewImage({ complete: false });
    const { win, report, observers } = fakeWindow();
    startAfterFirstPaint(win, MAIN, PAGE_IMAGE_SELECTOR, PAGE_SCRIPTS_TEMPLATE_ID, 500, 200);
    await vi.advanceTimersByTimeAsync(100);
    expect(observers).toHaveLength(0); // nothing watched before the image is in
    image.dispatchEvent(new Event('load'));
    report({ element: document.createElement('p'), size: 20_000 }); // an earlier, smaller paint is not the one
    await vi.advanceTimersByTimeAsync(10);
    expect(mainScripts()).toHaveLength(0);
    report({ element: image });
    await vi.advanceTimersByTimeAsync(0);
    expect(mainScripts()).toHaveLength(1);
    // Later reports and the fallback timers add nothing.
    report({ element: image });
    await vi.advanceTimersByTimeAsync(1000);
    expect(mainScripts()).toHaveLength(1);
  });

  it.each([
    ['a larger element was painted already', { top: 100 }, 90_000],
    ['the image is below the fold', { top: 900 }, 1],
  ])('starts without the image\'s report when %s', async (_case, { top }, size) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    firstViewImage({ complete: true, top });
    const { win, report } = fakeWindow();
    startAfterFirstPaint(win, MAIN, PAGE_IMAGE_SELECTOR, PAGE_SCRIPTS_TEMPLATE_ID, 500, 200);
    report({ element: document.createElement('p'), size: size - 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(mainScripts()).toHaveLength(top > 823 ? 1 : 0);
    report({ element: document.createElement('p'), size });
    await vi.advanceTimersByTimeAsync(0);
    expect(mainScripts()).toHaveLength(1);
  });

  it.each([
    ['the image is not the largest element (no report for it)', { complete: true }, 'none' as const, 200],
    ['the image fails to load', { complete: false }, 'error' as const, 200],
    ['the image never comes', { complete: false }, 'none' as const, 500 + 200],
  ])('falls back on timers when %s', async (_case, image, event, startsAfterMs) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const element = firstViewImage(image);
    startAfterFirstPaint(fakeWindow().win, MAIN, PAGE_IMAGE_SELECTOR, PAGE_SCRIPTS_TEMPLATE_ID, 500, 200);
    if (event === 'error') element.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(startsAfterMs - 5);
    expect(mainScripts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(mainScripts()).toHaveLength(1);
  });

  it('without a marked image starts once the first contentful paint is reported (an unmarked image is not waited for)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    document.body.innerHTML = '<div id="root"><header>Staut</header><main><img src="/product.svg"></main></div>';
    const { win, observers, reportPaint } = fakeWindow();
    startAfterFirstPaint(win, MAIN, PAGE_IMAGE_SELECTOR, PAGE_SCRIPTS_TEMPLATE_ID, 500, 200);
    expect(observers).toHaveLength(0);
    reportPaint({ name: 'first-paint' });
    await vi.advanceTimersByTimeAsync(10);
    expect(mainScripts()).toHaveLength(0);
    reportPaint({ name: 'first-contentful-paint' });
    await vi.advanceTimersByTimeAsync(0);
    expect(mainScripts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(mainScripts()).toHaveLength(1);
  });

  it('in a browser without largest-paint reports waits for one painted frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    firstViewImage({ complete: true });
    const { win, observers } = fakeWindow({ largestPaint: false });
    startAfterFirstPaint(win, MAIN, PAGE_IMAGE_SELECTOR, PAGE_SCRIPTS_TEMPLATE_ID, 500, 200);
    expect(observers).toHaveLength(0);
    expect(mainScripts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(50);
    expect(mainScripts()).toHaveLength(1);
  });

  it.each([
    ['with a marked image', { image: true, paint: true }],
    ['without one', { image: false, paint: true }],
    ['without one, in a browser that reports no paints', { image: false, paint: false }],
  ])('in a hidden tab (no frame, no report) starts after maxReportWaitMs: a page %s', async (_case, { image, paint }) => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    if (image) firstViewImage({ complete: true });
    else document.body.innerHTML = '<div id="root"><main>Kasse</main></div>';
    const { win } = fakeWindow({ largestPaint: false, paint });
    (win as { requestAnimationFrame: unknown }).requestAnimationFrame = () => 0; // never runs
    startAfterFirstPaint(win, MAIN, PAGE_IMAGE_SELECTOR, PAGE_SCRIPTS_TEMPLATE_ID, 500, 200);
    await vi.advanceTimersByTimeAsync(195);
    expect(mainScripts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(mainScripts()).toHaveLength(1);
  });

  it("moves the page's remote script preloads out of their inert template into the head with main.js, not before", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const image = firstViewImage({ complete: false });
    document.head.insertAdjacentHTML(
      'beforeend',
      `<template id="${PAGE_SCRIPTS_TEMPLATE_ID}"><link rel="preload" as="script" href="/mf/mf-content/remoteEntry.js"></template>`,
    );
    const preloads = () => [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('href'));
    const { win, report } = fakeWindow();
    startAfterFirstPaint(win, MAIN, PAGE_IMAGE_SELECTOR, PAGE_SCRIPTS_TEMPLATE_ID, 500, 200);
    image.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(10);
    // Inside the template it is inert: not a link of the document, nothing fetched.
    expect(preloads()).toEqual([]);
    report({ element: image });
    await vi.advanceTimersByTimeAsync(0);
    expect(preloads()).toEqual(['/mf/mf-content/remoteEntry.js']);
    expect(mainScripts()).toHaveLength(1);
    document.head.innerHTML = '';
  });
});
