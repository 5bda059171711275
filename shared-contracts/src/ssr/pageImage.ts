/**
 * The page's largest image, as the remote that draws it marks it (issue 8's LCP rule, kept when the remotes took over
 * the first view in issue 22). The shell's start (shell/src/start/startAfterFirstPaint.ts, inlined into index.html)
 * requests the shell's code only once the browser has painted the first image so marked, so a slow phone paints it
 * before the app's scripts compete for the network and the main thread. A page without one starts at once.
 *
 * This module stands alone (no imports): the shell's build evaluates it to give the inlined start its selector.
 */
export const PAGE_IMAGE_ATTRIBUTE = 'data-page-image';

/** What the shell's start looks for: the first marked image in document order. */
export const PAGE_IMAGE_SELECTOR = `img[${PAGE_IMAGE_ATTRIBUTE}]`;

/** Spread on the `<img>` that is the page's largest paint: marked for the start, loaded at once and fetched first. */
export const pageImageProps = { [PAGE_IMAGE_ATTRIBUTE]: '', loading: 'eager', fetchPriority: 'high' } as const;
