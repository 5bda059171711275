/**
 * What index.html runs instead of `<script defer src="main.js">` (issue 8: LCP of the home, category and search pages).
 * When the server-rendered page holds its largest image — marked by the remote that draws it with
 * `PAGE_IMAGE_ATTRIBUTE` (@shop/contracts/ssr pageImage.ts): the home page's top banner, a category's banner, the first
 * product card of a listing, the product image — the shell's entry script is requested only once the browser has
 * painted that image and reported the paint.
 *
 * Why not `defer`: a deferred main.js is evaluated as soon as the document is parsed, which on a fast load is before
 * the image has painted; the app's start (federation runtime, chunk requests) then competes with the largest paint
 * for a slow phone's main thread and network. A preload of main.js does not help: its download counts against the
 * paint. Lighthouse's mobile profile measured the search page's LCP at ~1.35 s with `defer` and ~0.91 s with this.
 *
 * Rules:
 * - a page with a marked image (`imageSelector`, the first match): wait for it (load or error, at most
 *   `maxImageWaitMs`), then for the browser's largest-contentful-paint entry for it, or for one of something at least
 *   as large as the image's part of the viewport (then the image is not the largest paint after all), at most
 *   `maxReportWaitMs`;
 * - no marked image (checkout, account pages): the server's text is the largest paint; wait for the browser's
 *   first-contentful-paint entry (at most `maxReportWaitMs`), so main.js is not evaluated before the first paint;
 * - a browser without largest-contentful-paint entries (Safari): wait for one painted frame after the image instead
 *   (at most `maxReportWaitMs` too: a hidden tab paints no frame);
 * - the entry script is added once, whichever of these fires first, and with it the preloads of the page's remote
 *   scripts, which the server put in an inert template (`scriptsTemplateId`, pageScripts.ts) so that they too wait.
 *
 * This function is inlined into index.html as source text (rspack.base.mjs, `ShellStartPlugin`, which passes the
 * selector from the contract): it must not use anything outside itself, and it runs before any bundle.
 */
export function startAfterFirstPaint(
  win: Window & typeof globalThis,
  src: string,
  imageSelector: string,
  scriptsTemplateId: string,
  maxImageWaitMs = 500,
  maxReportWaitMs = 200,
): void {
  const doc = win.document;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The page's remote scripts (pageScripts.ts): preloaded now, beside main.js, not against the first paint.
    const scripts = doc.getElementById(scriptsTemplateId) as HTMLTemplateElement | null;
    if (scripts && scripts.content) doc.head.appendChild(scripts.content);
    const script = doc.createElement('script');
    script.src = src;
    doc.body.appendChild(script);
  };

  const Observer = win.PerformanceObserver;
  const reports = (type: string) => typeof Observer === 'function' && (Observer.supportedEntryTypes || []).indexOf(type) >= 0;
  // A hidden tab reports no paint and runs no animation frame: the app starts anyway.
  const startAfterFrame = () => {
    win.setTimeout(start, maxReportWaitMs);
    // requestAnimationFrame runs before the next paint; the timeout inside it runs after that paint.
    win.requestAnimationFrame(() => win.setTimeout(start, 0));
  };

  // The page's largest image, as its remote marked it.
  const image = doc.querySelector<HTMLImageElement>(imageSelector);
  if (!image) {
    // The server's text is the page's largest paint: start once the browser has painted it.
    if (!reports('paint')) {
      startAfterFrame();
      return;
    }
    win.setTimeout(start, maxReportWaitMs);
    new Observer((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') win.setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
    return;
  }

  const reportsLargestPaint = reports('largest-contentful-paint');
  let imageIn = false;
  const afterImage = () => {
    if (imageIn) return;
    imageIn = true;
    if (!reportsLargestPaint) {
      startAfterFrame();
      return;
    }
    win.setTimeout(start, maxReportWaitMs);
    // The image's part of the viewport, in CSS pixels: what the browser compares to find the largest paint.
    const box = image.getBoundingClientRect();
    const width = Math.min(box.right, win.innerWidth) - Math.max(box.left, 0);
    const height = Math.min(box.bottom, win.innerHeight) - Math.max(box.top, 0);
    const imageArea = width > 0 && height > 0 ? width * height : 0;
    new Observer((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null; size?: number }>) {
        // The image's paint was reported, or something at least as large was painted already (then the image is
        // never the page's largest element). A new task, so main.js is not evaluated in the task that reported it.
        if (entry.element === image || (entry.size ?? 0) >= imageArea) win.setTimeout(start, 0);
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  };

  if (image.complete) {
    afterImage();
    return;
  }
  image.addEventListener('load', afterImage, { once: true });
  image.addEventListener('error', afterImage, { once: true });
  win.setTimeout(afterImage, maxImageWaitMs);
}
