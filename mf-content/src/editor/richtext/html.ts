/** Whether stored copy says nothing: no text, no image, no product card (an empty editor gives "<p></p>"). */
export function isBlankHtml(html: string): boolean {
  if (/<(img|picture)\b|data-product-card=/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, ' ').trim() === '';
}

/** The HTML to store: without the empty paragraphs the editor keeps at the end to type in (after an image, a card). */
export const storedHtml = (html: string) => html.replace(/(<p><\/p>)+$/, '');
