// @vitest-environment happy-dom
/** The end of hydration (firstCommit.tsx): the layout and every remote piece of the first render have committed. */
import { Suspense, lazy, type ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

async function setup({ codeLoaded = false } = {}) {
  const tracker = await import('./firstCommit.js');
  let done = false;
  void tracker.firstCommit.then(() => (done = true));
  let release: () => void = () => undefined;
  const Piece = lazy(
    () =>
      new Promise<{ default: () => ReactElement }>((resolve) => {
        release = () => resolve({ default: () => <p>side</p> });
      }),
  );
  function Boundary() {
    const token = tracker.useHydrationToken(() => codeLoaded);
    return (
      <Suspense fallback={<p>laster</p>}>
        <Piece />
        <tracker.HydrationMark token={token} />
      </Suspense>
    );
  }
  const flush = () => act(() => Promise.resolve());
  /** A layout holding one remote boundary, FirstCommit last. */
  const renderPage = () =>
    render(
      <>
        <Boundary />
        <tracker.FirstCommit />
      </>,
    );
  return { tracker, renderPage, release: () => release(), flush, done: () => done };
}

describe('firstCommit', () => {
  it('waits for the pieces of the first render, not only the layout', async () => {
    const { renderPage, release, flush, done } = await setup();
    const view = renderPage();
    await flush();
    expect(done()).toBe(false);
    expect(view.container.textContent).toBe('laster');
    // React reveals a boundary's content at the earliest ~300 ms after its fallback.
    await act(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    await flush();
    expect(view.container.textContent).toBe('side');
    expect(done()).toBe(true);
  });

  it('gives up on a piece that never commits after a while', async () => {
    vi.useFakeTimers();
    const { renderPage, done } = await setup();
    renderPage();
    // The layout's effect, then its wait.
    await act(async () => vi.advanceTimersByTime(100));
    await act(async () => vi.advanceTimersByTime(3000));
    await act(async () => undefined);
    expect(done()).toBe(true);
  });

  it("keeps waiting past that while the piece's code is here and only React's hydration of it is to come", async () => {
    vi.useFakeTimers();
    const { renderPage, release, done } = await setup({ codeLoaded: true });
    renderPage();
    await act(async () => vi.advanceTimersByTime(100));
    await act(async () => vi.advanceTimersByTime(7000));
    expect(done()).toBe(false);
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(done()).toBe(true);
  });

  it('waits for React no longer than the longest wait', async () => {
    vi.useFakeTimers();
    const { renderPage, done } = await setup({ codeLoaded: true });
    renderPage();
    await act(async () => vi.advanceTimersByTime(100));
    await act(async () => vi.advanceTimersByTime(12_000));
    expect(done()).toBe(false);
    await act(async () => vi.advanceTimersByTime(3000));
    expect(done()).toBe(true);
  });

  it('stops waiting for a piece a navigation took away before it hydrated', async () => {
    const { tracker, renderPage, flush, done } = await setup({ codeLoaded: true });
    const view = renderPage();
    await flush();
    expect(done()).toBe(false);
    view.rerender(<tracker.FirstCommit />);
    await flush();
    expect(done()).toBe(true);
  });
});
