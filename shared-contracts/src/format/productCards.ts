/**
 * Product cards in editor-written copy (issue 23). The one stored form is `<div data-product-card="{articleId}"></div>`
 * at the top level of the body: the editor's product-card node writes it, the API's sanitiser keeps exactly that (and
 * resolves the ids for the public answers), and the shop's pages cut the body there to render the catalogue's card.
 */

/** The attribute naming the card's article. */
export const PRODUCT_CARD_ATTRIBUTE = 'data-product-card';

const INT4_MAX = 2_147_483_647;

/** The article id of an attribute value: a positive integer within int4 (no sign, spaces or leading zeros); else null. */
export function productCardId(value: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= INT4_MAX ? id : null;
}

/** The stored HTML of a card. */
export function productCardHtml(articleId: number): string {
  return `<div ${PRODUCT_CARD_ATTRIBUTE}="${articleId}"></div>`;
}

/** Cards exactly as the sanitiser writes them (anything else in a sanitised body is copy). */
const CARD = /<div data-product-card="([1-9][0-9]{0,9})"><\/div>/g;

export type BodyPart = { kind: 'html'; html: string } | { kind: 'product'; articleId: number };

/**
 * A sanitised body cut at its product cards, in order; copy between cards stays whole (never an empty part). The
 * sanitiser keeps cards only at the top level, so every cut falls between elements and each copy part is balanced.
 */
export function splitProductCards(html: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let from = 0;
  for (const match of html.matchAll(CARD)) {
    const articleId = productCardId(match[1]!);
    if (articleId === null) continue;
    if (match.index > from) parts.push({ kind: 'html', html: html.slice(from, match.index) });
    parts.push({ kind: 'product', articleId });
    from = match.index + match[0].length;
  }
  if (from < html.length) parts.push({ kind: 'html', html: html.slice(from) });
  return parts;
}

/** The article ids of a sanitised body's cards, each once, in order. */
export function productCardIds(html: string): number[] {
  const ids = splitProductCards(html).flatMap((part) => (part.kind === 'product' ? [part.articleId] : []));
  return [...new Set(ids)];
}
