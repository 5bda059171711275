import { PRODUCT_CARD_ATTRIBUTE, productCardHtml, productCardId } from '@shop/contracts/format';
import { parseImageUrl } from '@shop/contracts/images';
import { isShopElementId } from '@shop/contracts/ssr';

/**
 * Allow-list HTML sanitiser for editor-written copy (blog posts, static pages). No sanitiser package is installed,
 * so this is a strict tokenizer: text is re-escaped, only the tags below survive with only their listed attributes,
 * everything else is dropped — and the *content* of script/style/template-like elements is dropped with them.
 * The output is rebuilt from tokens, never passed through, so malformed input cannot smuggle markup.
 * One more element is kept in one exact form: a product card, `<div data-product-card="{articleId}"></div>`, at the
 * top level (productCardOf below; the pages render the catalogue's card there).
 */

const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  h2: ['id'],
  h3: ['id'],
  ul: [],
  ol: [],
  li: [],
  strong: [],
  em: [],
  a: ['href'],
  img: ['src', 'alt', 'srcset', 'sizes', 'width', 'height', 'loading', 'decoding'],
  // Uploaded images in their responsive sizes (pictureHtml in @shop/contracts/images): every srcset URL must be one of
  // the shop's own uploaded images (ownSrcSet), and a <source> stands only directly inside a <picture>.
  picture: [],
  source: ['type', 'srcset', 'sizes'],
  blockquote: [],
  br: [],
};
const VOID = new Set(['br', 'img', 'source']);

/** Attributes whose whole value must match (anything else is dropped). */
const ATTRIBUTE_PATTERNS: Record<string, RegExp> = {
  width: /^[1-9][0-9]{0,4}$/,
  height: /^[1-9][0-9]{0,4}$/,
  loading: /^(lazy|eager)$/,
  decoding: /^(async|sync|auto)$/,
  // Widths only, each after an optional min/max-width condition: "(max-width: 720px) 100vw, 720px".
  sizes: /^(\((min|max)-width: ?[0-9]{1,5}px\) )?[0-9]{1,5}(px|vw)(, ?(\((min|max)-width: ?[0-9]{1,5}px\) )?[0-9]{1,5}(px|vw)){0,5}$/,
  type: /^image\/(avif|webp)$/,
};

/**
 * A srcset whose every candidate is an uploaded image of this shop (`/api/v1/images/uploads/{id}/{w}.{format}`) with a
 * width or density descriptor, rebuilt from its parts; null when any candidate is anything else.
 */
export function ownSrcSet(raw: string): string | null {
  const candidates = decodeEntities(raw)
    .split(',')
    .map((candidate) => candidate.trim())
    .filter(Boolean);
  if (candidates.length === 0 || candidates.length > 12) return null;
  const out: string[] = [];
  for (const candidate of candidates) {
    const [url, descriptor, ...rest] = candidate.split(/\s+/);
    if (rest.length || !url || !parseImageUrl(url)) return null;
    if (descriptor !== undefined && !/^([1-9][0-9]{0,4}w|[1-4](\.[0-9]{1,2})?x)$/.test(descriptor)) return null;
    out.push(descriptor ? `${url} ${descriptor}` : url);
  }
  return out.join(', ');
}
/** Elements whose whole content goes with them (not just the tags). */
const DROP_CONTENT = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'svg', 'math', 'select']);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes character references (enough to see through `&#106;avascript:` tricks in URLs). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

export const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** Link targets: http(s), site-relative paths, anchors and mailto/tel; never javascript:, data:, vbscript: … */
export function safeHref(raw: string): string | null {
  // Browsers ignore control characters and whitespace inside the scheme ("java\tscript:").
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (value === '') return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (/^mailto:|^tel:/i.test(value)) return value;
  if (/^[/#?]/.test(value) && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  return null;
}

/** Names a named element would shadow on window/document (DOM clobbering). */
const CLOBBER = new Set(['location', 'document', 'cookie', 'domain', 'top', 'self', 'parent', 'window', 'name', 'opener', 'frames', 'forms', 'images', 'links', 'body', 'head', 'title', 'alert', 'origin', 'history', 'navigator', 'root']);

/**
 * Heading ids (anchors such as /kundeservice#retur): lowercase words only, so they cannot shadow globals like
 * `location`, and none the shop's own pages use (isShopElementId): the first element with an id is the one the
 * shell's code, a fragment or a label finds, and an editor's heading comes before the page data.
 */
export function safeId(raw: string): string | null {
  const value = decodeEntities(raw).trim();
  return /^[a-z]+(-[a-z0-9]+)*$/.test(value) && value.length <= 40 && !CLOBBER.has(value) && !isShopElementId(value) ? value : null;
}

/** Image sources: site-relative or https only. */
export function safeSrc(raw: string): string | null {
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^https:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  return null;
}

interface Tag {
  name: string;
  closing: boolean;
  attrs: Array<[string, string]>;
  end: number;
}

const NAME = /[a-zA-Z][a-zA-Z0-9-]*/y;

/** Reads one tag starting at `<` (index i). Null when this `<` does not start a tag (it is then text). */
function readTag(html: string, i: number): Tag | null {
  let pos = i + 1;
  const closing = html[pos] === '/';
  if (closing) pos++;
  NAME.lastIndex = pos;
  const m = NAME.exec(html);
  if (!m) return null;
  const name = m[0].toLowerCase();
  pos = NAME.lastIndex;
  const attrs: Array<[string, string]> = [];
  while (pos < html.length) {
    while (pos < html.length && /[\s/]/.test(html[pos]!)) pos++;
    if (html[pos] === '>') return { name, closing, attrs, end: pos + 1 };
    const nameStart = pos;
    while (pos < html.length && !/[\s/>=]/.test(html[pos]!)) pos++;
    const attrName = html.slice(nameStart, pos).toLowerCase();
    while (pos < html.length && /\s/.test(html[pos]!)) pos++;
    let value = '';
    if (html[pos] === '=') {
      pos++;
      while (pos < html.length && /\s/.test(html[pos]!)) pos++;
      const quote = html[pos];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, pos + 1);
        if (close < 0) return { name, closing, attrs: [], end: html.length };
        value = html.slice(pos + 1, close);
        pos = close + 1;
      } else {
        const start = pos;
        while (pos < html.length && !/[\s>]/.test(html[pos]!)) pos++;
        value = html.slice(start, pos);
      }
    }
    if (attrName) attrs.push([attrName, value]);
    else pos++;
  }
  // Unterminated tag: swallow the rest (a browser would too).
  return { name, closing, attrs: [], end: html.length };
}

function renderOpen(tag: Tag): string {
  const allowed = ALLOWED[tag.name]!;
  let out = `<${tag.name}`;
  const seen = new Set<string>();
  for (const [name, raw] of tag.attrs) {
    if (!allowed.includes(name) || seen.has(name)) continue;
    const pattern = ATTRIBUTE_PATTERNS[name];
    const value =
      name === 'href'
        ? safeHref(raw)
        : name === 'src'
          ? safeSrc(raw)
          : name === 'id'
            ? safeId(raw)
            : name === 'srcset'
              ? ownSrcSet(raw)
              : pattern
                ? (pattern.test(decodeEntities(raw).trim()) ? decodeEntities(raw).trim() : null)
                : decodeEntities(raw);
    if (value === null) continue;
    seen.add(name);
    out += ` ${name}="${escapeAttr(value)}"`;
  }
  if (tag.name === 'a' && seen.has('href') && /^https?:/i.test(safeHref(tag.attrs.find(([n]) => n === 'href')![1]) ?? '')) {
    out += ' rel="noopener noreferrer"';
  }
  if (tag.name === 'img' && !seen.has('src')) return '';
  if (tag.name === 'source' && !seen.has('srcset')) return '';
  return `${out}>`;
}

/**
 * The article of a product card (`<div data-product-card="{id}"></div>`, @shop/contracts/format): its first
 * data-product-card attribute as a positive integer; null for any other div (its tags are dropped, its copy kept).
 */
function productCardOf(tag: Tag): number | null {
  const attribute = tag.attrs.find(([name]) => name === PRODUCT_CARD_ATTRIBUTE);
  return attribute ? productCardId(decodeEntities(attribute[1]).trim()) : null;
}

/** Sanitises editor HTML to the allow-list. Unbalanced allowed tags are closed at the end. */
export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const textEnd = lt < 0 ? html.length : lt;
    if (textEnd > i) out += escapeText(decodeEntities(html.slice(i, textEnd)));
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    i = tag.end;
    if (!tag.closing && DROP_CONTENT.has(tag.name)) {
      // Skip to the matching close tag (case-insensitive); without one, everything after is dropped.
      const closeAt = html.toLowerCase().indexOf(`</${tag.name}`, i);
      if (closeAt < 0) break;
      const gt = html.indexOf('>', closeAt);
      i = gt < 0 ? html.length : gt + 1;
      continue;
    }
    if (tag.name === 'div') {
      const card = tag.closing ? null : productCardOf(tag);
      // Only at the top level: a block inside a paragraph or list would be re-parented by the browser's parser (a
      // hydration mismatch), and the pages cut the body between top-level elements (splitProductCards).
      if (card !== null && open.length === 0) out += productCardHtml(card);
      continue;
    }
    if (!(tag.name in ALLOWED)) continue;
    // A <source> means something only as a <picture>'s child (elsewhere it would be a media element's).
    if (tag.name === 'source' && open.at(-1) !== 'picture') continue;
    if (tag.closing) {
      if (VOID.has(tag.name)) continue;
      const at = open.lastIndexOf(tag.name);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    const rendered = renderOpen(tag);
    if (!rendered) continue;
    out += rendered;
    if (!VOID.has(tag.name)) open.push(tag.name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** Plain text (titles, names): tags removed, entities decoded, whitespace collapsed. */
export function plainText(text: string): string {
  return decodeEntities(sanitizeHtml(text).replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}

interface BannerLike {
  Image: string;
  ImageMobile: string | null;
  Link: string | null;
  Title: string | null;
  Text: string | null;
}
interface SettingsLike {
  TopBanner: BannerLike | null;
  SubBanners: Array<BannerLike | null>;
  StoreSearch: BannerLike | null;
  PopularCategories: Array<{ Name: string; Image: string; Link: string }>;
  Grid3x3: Array<BannerLike | null>;
}

/** A banner with unsafe parts removed: no image → no banner; an unsafe link or mobile image is dropped. */
export function safeBanner<B extends BannerLike>(banner: B | null): B | null {
  if (!banner) return null;
  const Image = safeSrc(banner.Image);
  if (!Image) return null;
  return {
    ...banner,
    Image,
    ImageMobile: banner.ImageMobile ? safeSrc(banner.ImageMobile) : null,
    Link: banner.Link ? safeHref(banner.Link) : null,
    Title: banner.Title ? plainText(banner.Title) || null : null,
    Text: banner.Text ? plainText(banner.Text) || null : null,
  };
}

/** Home-page slots written by an editor, with every URL checked (banners render as links and images). */
export function safeSettings<S extends SettingsLike>(settings: S): S {
  return {
    ...settings,
    TopBanner: safeBanner(settings.TopBanner),
    SubBanners: settings.SubBanners.map(safeBanner),
    StoreSearch: safeBanner(settings.StoreSearch),
    PopularCategories: settings.PopularCategories.flatMap((p) => {
      const Image = safeSrc(p.Image);
      const Link = safeHref(p.Link);
      return Image && Link ? [{ Name: plainText(p.Name), Image, Link }] : [];
    }),
    Grid3x3: settings.Grid3x3.map(safeBanner),
  };
}
