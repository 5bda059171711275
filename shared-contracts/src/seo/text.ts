/**
 * Text and URL rules of what search engines and link previews read: absolute URLs from the shop's public origin and
 * plain-text descriptions from the HTML or prose the pages show.
 */

/** Google cuts a snippet at about this many characters; longer descriptions only lose their end. */
export const DESCRIPTION_MAX_LENGTH = 160;

/**
 * An absolute URL from the shop's origin ("https://www.staut.no") and a site-relative path ("/klaer/jakker");
 * an absolute URL passes unchanged (images on a CDN). Non-ASCII in the path is percent-encoded, as a crawler reads
 * it ("/blogg/tur-på-fjellet" → "/blogg/tur-p%C3%A5-fjellet").
 */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin.replace(/\/+$/, '')}/`).href;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAG = /<\/?(?:p|div|br|hr|h[1-6]|li|ul|ol|dl|dt|dd|tr|td|th|table|section|article|aside|header|footer|blockquote|figure|figcaption|pre|img)\b[^>]*>/gi;

/**
 * Plain text of staff-written HTML or prose: scripts and styles dropped, block tags replaced by spaces (a heading and
 * the paragraph after it must not run together), inline tags by nothing ("<b>ull</b>." stays "ull."), entities
 * decoded, whitespace collapsed.
 */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return decodeEntities(
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(BLOCK_TAG, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A meta description: plain text cut to at most `max` characters at a word boundary, with "…" when cut. Empty input
 * gives undefined, so a page without a text of its own falls back to the caller's default.
 */
export function metaDescription(html: string | null | undefined, max = DESCRIPTION_MAX_LENGTH): string | undefined {
  const text = plainText(html);
  if (!text) return undefined;
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  // A single very long word is cut inside it rather than leaving almost nothing.
  const cut = space > max / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,.;:–-]+$/, '')}…`;
}
