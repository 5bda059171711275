import { NOINDEX_NOFOLLOW, type PageHead } from '@shop/contracts/ssr';

/**
 * The head of a page asked for as a preview (`?forhandsvisning=1`): never indexed, whoever asked and whatever it shows
 * (the API's HTML answer also says so in X-Robots-Tag). Its canonical stays the content's real address.
 */
export function previewHead(head: PageHead, preview: boolean): PageHead {
  return preview ? { ...head, robots: NOINDEX_NOFOLLOW } : head;
}
