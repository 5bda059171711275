/**
 * The search page's largest element is its first hit's image (issue 8: LCP 4 s on the simulated slow phone, painted
 * only after the shell, the catalogue remote, the search request and the render). The server that renders
 * index.html for /search/{query} runs the page's first search (its first hits only): the first hits' images are
 * preloaded and drawn by the static first view (firstView.ts), so they paint before any script runs. Only for a
 * plain search address: filters and sort live in the query string, and a search with them may list other articles
 * first.
 */
import type { Db } from '../db/index.js';
import { searchArticles } from '../search/engine.js';
import { hitImageUrl } from '../search/hits.js';

/** The hits the static first view draws: two rows of the grid on a phone (React draws as many eagerly). */
const SHOWN = 4;
/** The hits whose images are preloaded: the first row of the grid on a phone. */
const PRELOADED = 2;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One level of percent-decoding of a path segment; the text as it is when it is not valid percent-encoding. */
export const decodeOnce = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The search text of a plain /search/{query} address (decoded as mf-catalog's queryFromParam does); else null. */
export function searchQueryOfUrl(url: string): string | null {
  if (url.includes('?')) return null;
  const match = /^\/search\/([^/]+)\/?$/.exec(url.split('#')[0]!);
  if (!match) return null;
  const query = decodeOnce(decodeOnce(match[1]!)).trim();
  return query === '' ? null : query;
}

/**
 * The images of the first hits of the page's first search, in order; [] on any failure (the page then searches). The
 * ranking ends on the article id, so the first SHOWN hits of a SHOWN-hit page are those of the page's 24-hit one.
 */
export async function firstSearchImages(db: Db, query: string): Promise<string[]> {
  try {
    const outcome = await searchArticles(db, { query, take: SHOWN, page: 0, filters: '' }, { withSource: true });
    return outcome.sources.map(hitImageUrl);
  } catch {
    return [];
  }
}

/**
 * The images of the first hits in the page's first search answer when the page carries it (firstViewAnswers.ts: the
 * same search, 24 hits with their articles, whose Image is the hit image): no second search for them. Null without
 * a usable answer.
 */
export function searchImagesOfAnswer(data: unknown): string[] | null {
  const hits = (data as { hits?: { hits?: Array<{ _source?: { Image?: unknown } }> } } | null)?.hits?.hits;
  if (!Array.isArray(hits)) return null;
  const images = hits.slice(0, SHOWN).map((hit) => hit?._source?.Image);
  return images.every((image): image is string => typeof image === 'string') ? images : null;
}

/** `<link rel="preload" as="image">` for the first hits' images (the first one at high priority). */
export function searchImagePreloads(images: readonly string[]): string {
  return [...new Set(images)]
    .slice(0, PRELOADED)
    .map((href, i) => `<link rel="preload" as="image" href="${escapeAttribute(href)}"${i === 0 ? ' fetchpriority="high"' : ''}>`)
    .join('');
}
