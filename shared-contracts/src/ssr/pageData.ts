/**
 * The page's server-rendered data travels in ONE element: `<script type="application/json" id="shop-page-data">`,
 * written once by the shell's server renderer and read once by the shell's bootstrap.
 */
import type { RemoteStartup } from '../types/startup.js';

export const PAGE_DATA_ELEMENT_ID = 'shop-page-data';

/** A remote module the server rendered into the page: the browser loads it before it hydrates. */
export interface RenderedModule {
  remote: string;
  /** Exposed module without "./", e.g. "HomePage". */
  module: string;
}

export interface PageData {
  /** `serialize(scope)` of the request's Effector scope: the values of the stores the server filled, by sid. */
  values: Record<string, unknown>;
  /** The remote registry the server rendered with (/remotes.json's document, absolute browser manifest URLs). */
  remotes: Record<string, string>;
  /** The remote modules the server rendered, in the order it loaded them. */
  modules: RenderedModule[];
  /**
   * The start-up declarations (startup.json) of the registry's remotes the server could read, by remote name in
   * registry order: the screens and pieces the server composed the page from, and the browser's first render too
   * (no round trip for them). A remote missing here was not readable on the server; the browser asks it itself.
   * Absent on a page from an older server: the browser then reads every remote's startup.json.
   */
  declarations?: Record<string, RemoteStartup>;
}

/**
 * The element's markup. Type application/json: the browser never runs it (no CSP hash), and `<` is escaped so no
 * `</script>` or `<!--` inside a value can end or comment out the element.
 */
export function pageDataScript(data: PageData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}

/** Reads the element once; null when the page has none (a dev server's page) or it is not a PageData. */
export function readPageData(doc: Pick<Document, 'getElementById'>): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<PageData>;
    if (!data || typeof data !== 'object' || typeof data.values !== 'object' || data.values === null) return null;
    return {
      values: data.values,
      remotes: typeof data.remotes === 'object' && data.remotes !== null ? data.remotes : {},
      modules: Array.isArray(data.modules) ? data.modules.filter((m) => typeof m?.remote === 'string' && typeof m?.module === 'string') : [],
      // Each declaration is checked by the shell (parseRemoteStartup) like the startup.json it came from.
      ...(typeof data.declarations === 'object' && data.declarations !== null && !Array.isArray(data.declarations) ? { declarations: data.declarations } : {}),
    };
  } catch {
    return null;
  }
}
