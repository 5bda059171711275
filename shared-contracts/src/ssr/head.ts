/**
 * What search engines and link previews read of a page (issue 22): each remote provides the head of its own pages
 * (its page loader returns one); the shell's server renderer writes it into <head>, and the browser keeps
 * document.title in step on client-side navigation.
 */

/** A schema.org JSON-LD object (Product, BreadcrumbList, Store …), written as `<script type="application/ld+json">`. */
export type JsonLd = { '@context'?: 'https://schema.org'; '@type': string } & Record<string, unknown>;

export interface OpenGraph {
  /** og:type: 'website' for most pages, 'product' for a product, 'article' for a blog post. */
  type: 'website' | 'product' | 'article';
  title: string;
  description?: string;
  /** Absolute URL. */
  image?: string;
  /** Absolute URL (the canonical one). */
  url?: string;
}

export interface PageHead {
  /** The whole <title> text (brand included where the page wants it). */
  title: string;
  /** <meta name="description">, plain text (no markup), ≤ ~160 characters. */
  description?: string;
  /** Absolute canonical URL (<link rel="canonical">). */
  canonical?: string;
  openGraph?: OpenGraph;
  jsonLd?: JsonLd[];
  /** <meta name="robots"> (e.g. 'noindex' on search results, the account pages and the checkout). */
  robots?: string;
  /** HTTP status of the document when it is not 200 (404 for a product that does not exist). */
  status?: number;
}
