/**
 * One way to assemble a PageHead from what a page knows, so every remote writes the same tags the same way: the
 * document title with the brand, the canonical URL, Open Graph repeating them, the robots rule.
 */
import { documentTitle } from '@shop/contracts/texts';
import type { JsonLd, OpenGraph, PageHead } from '../ssr/head.js';
import { absoluteUrl, metaDescription } from './text.js';

/** What every head builder needs from the server: where the shop is public and whose shop it is. */
export interface HeadContext {
  /** The shop's public origin, "https://www.staut.no" (config publicUrl, else the request's origin). */
  origin: string;
  /** The brand (GET /tenant/get's BrandName): "Staut". */
  brandName: string;
}

/** Search results, account and checkout: kept out of the index, their links still followed. */
export const NOINDEX = 'noindex, follow';
/** Pages that are one shopper's own (account, checkout): nothing on them is for a crawler. */
export const NOINDEX_NOFOLLOW = 'noindex, nofollow';

export interface PageHeadInput {
  /** The page's title without the brand; null on the home page (its title is the brand's own line). */
  title: string | null;
  /** HTML or plain text; cut to a meta description here. */
  description?: string | null;
  /** Site-relative canonical path; left out for pages that have none worth naming (checkout, account). */
  path?: string | null;
  /** og:type; 'website' unless said. */
  type?: OpenGraph['type'];
  /** Site-relative or absolute image URL for link previews. */
  image?: string | null;
  jsonLd?: readonly JsonLd[];
  robots?: string;
  status?: number;
}

export function pageHead(context: HeadContext, input: PageHeadInput): PageHead {
  const title = documentTitle(input.title, context.brandName);
  const description = metaDescription(input.description);
  const canonical = input.path ? absoluteUrl(context.origin, input.path) : undefined;
  const image = input.image ? absoluteUrl(context.origin, input.image) : undefined;
  const head: PageHead = {
    title,
    openGraph: {
      type: input.type ?? 'website',
      // The preview names the page; the brand is the site around it (and already in the shared URL).
      title: input.title ?? title,
      ...(description ? { description } : {}),
      ...(image ? { image } : {}),
      ...(canonical ? { url: canonical } : {}),
    },
  };
  if (description) head.description = description;
  if (canonical) head.canonical = canonical;
  if (input.jsonLd?.length) head.jsonLd = [...input.jsonLd];
  if (input.robots) head.robots = input.robots;
  if (input.status !== undefined && input.status !== 200) head.status = input.status;
  return head;
}
