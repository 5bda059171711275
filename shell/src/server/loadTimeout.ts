/**
 * How long the server waits for a remote's pieces before a page renders without them: its declaration (startup.json),
 * its page module and the page's loader. Without them the page still comes (the remote's fallback, and the browser
 * reads and loads them itself). `SSR_LOAD_TIMEOUT_MS` sets it: the browser journeys allow more on a machine that runs
 * three shops and their browsers on two cores.
 */
export const LOAD_TIMEOUT_MS = Number(process.env.SSR_LOAD_TIMEOUT_MS) > 0 ? Number(process.env.SSR_LOAD_TIMEOUT_MS) : 3000;
