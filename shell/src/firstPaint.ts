/**
 * Resolves once the static first view the server wrote into #root (api/src/server/firstView.ts) has painted: its
 * largest image is in (or failed, or `maxWaitMs` passed) and a frame has been drawn with it. The shell starts after
 * that (index.ts), so the page's largest element is on screen before the scripts' evaluation and chunk requests
 * compete with it for the network and a slow phone's main thread (issue 8: LCP of the home, category and search
 * pages). Without a first-view image it waits for one frame only. `maxWaitMs` bounds what a slow image can cost the
 * start of the app (main.js is already in by then; only the app's own chunks wait).
 */
export function afterFirstViewPaint(doc: Document = document, maxWaitMs = 500): Promise<void> {
  const image = doc.querySelector<HTMLImageElement>('[data-first-view] img');
  const loaded =
    !image || image.complete
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
          setTimeout(resolve, maxWaitMs);
        });
  // requestAnimationFrame runs before the next paint; the timeout inside it runs after that paint.
  return loaded.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
