/**
 * The page's stylesheets written into its head (`<style>`) instead of linked. On a slow phone each linked stylesheet
 * is a request the first paint waits for; written into the HTML, the page paints once the HTML is in (Lighthouse
 * mobile: see ADR 0024). Each is read at run time from where the browser would fetch it — the shell's from its build
 * folder, a remote's from the remote's own origin — so a remote deployed alone styles the server's HTML with its
 * current CSS, and nothing is copied between packages.
 *
 * Only files whose names carry a content hash are written in (cached by URL: such a file never changes) and only up
 * to `INLINE_MAX_BYTES` each; anything else, or a file that cannot be read in time, stays a `<link>` as before.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Stylesheet {
  /** The URL the browser would fetch (relative ones against the page). */
  href: string;
  /** Its text, when it is written into the page. */
  text?: string;
}

/** Larger stylesheets are linked: written into every page they would cost more than the request they save. */
export const INLINE_MAX_BYTES = 16 * 1024;
/** How long a render waits for a remote's stylesheet before linking it instead. */
const READ_TIMEOUT_MS = 1000;
/** Distinct stylesheets kept (the shop has a few dozen; a bound so a misbehaving registry cannot grow it). */
const CACHE_LIMIT = 500;

/** `name.0123456789.css`: rspack's [contenthash] in the shop's builds. */
const HASHED = /\.[0-9a-f]{8,}\.css(?:$|\?)/;

const cache = new Map<string, Promise<string | null>>();

/**
 * A stylesheet's text, or null (too large, unreadable); read once per URL. A file too large stays so (its name
 * carries its content's hash) and is kept as such; a read that fails is not kept: the next page tries again.
 */
function cachedText(key: string, read: () => Promise<string>): Promise<string | null> {
  let text = cache.get(key);
  if (!text) {
    const reading = read().then(
      (value) => (Buffer.byteLength(value) <= INLINE_MAX_BYTES ? withoutSourceMap(value) : null),
      () => {
        if (cache.get(key) === reading) cache.delete(key);
        return null;
      },
    );
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, reading);
    text = reading;
  }
  return text;
}

/**
 * The file's source-map comment names the map relative to the file; inside the page it would resolve against the
 * page's address (a 404 in the developer tools), and it keeps two files of the same CSS from being written once.
 */
const SOURCE_MAP_COMMENT = /\/\*#\s*sourceMappingURL=[^*]*\*\/\s*$/;
export const withoutSourceMap = (text: string) => text.replace(SOURCE_MAP_COMMENT, '').trimEnd();

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

/**
 * The stylesheets of a page with the text of those that go into it. `shellDir` holds the shell's browser build (its
 * own stylesheets are `/file.css` there); every other href is fetched against `serverOrigin`.
 */
export async function readStylesheets(
  hrefs: readonly string[],
  { shellDir, shellFiles, serverOrigin }: { shellDir: string; shellFiles: readonly string[]; serverOrigin: string },
): Promise<Stylesheet[]> {
  return Promise.all(
    hrefs.map(async (href): Promise<Stylesheet> => {
      if (!HASHED.test(href)) return { href };
      const shellFile = shellFiles.includes(href) ? path.join(shellDir, href.slice(1)) : null;
      const url = shellFile ? `file:${shellFile}` : new URL(href, serverOrigin).href;
      const text = await cachedText(url, () => (shellFile ? fs.promises.readFile(shellFile, 'utf8') : fetchText(url)));
      return text === null ? { href } : { href, text };
    }),
  );
}
