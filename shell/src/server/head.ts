import type { PageHead } from '@shop/contracts/ssr';
import { PAGE_SCRIPTS_TEMPLATE_ID } from '../start/pageScripts.js';
import type { Stylesheet } from './stylesheets.js';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON-LD inside <script>: `<` escaped so no value can end the element. */
const jsonLd = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The head tags of a page's loader head (title and description replace the template's: injectHead). */
export function headTags(head: PageHead | null): string {
  if (!head) return '';
  const tags: string[] = [];
  // Only the head names a canonical address: a 404 or a shopper's own page (checkout, account) has none.
  const canonical = head.canonical;
  if (canonical) tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
  if (head.robots) tags.push(`<meta name="robots" content="${escapeHtml(head.robots)}">`);
  const og = head.openGraph;
  if (og) {
    tags.push(`<meta property="og:type" content="${og.type}">`, `<meta property="og:title" content="${escapeHtml(og.title)}">`);
    if (og.description) tags.push(`<meta property="og:description" content="${escapeHtml(og.description)}">`);
    if (og.image) tags.push(`<meta property="og:image" content="${escapeHtml(og.image)}">`);
    const ogUrl = og.url ?? canonical;
    if (ogUrl) tags.push(`<meta property="og:url" content="${escapeHtml(ogUrl)}">`);
  }
  for (const object of head.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${jsonLd({ '@context': 'https://schema.org', ...object })}</script>`);
  }
  return tags.join('');
}

/**
 * The page's stylesheets (written in, or linked) and the scripts its remote modules need, as head tags. The scripts are
 * preloaded as CLASSIC scripts (`rel="preload" as="script"`, no crossorigin), the way the federation runtime and the
 * remote's chunk loader then add them (a plain `<script src>`): only a preload of the same kind and credentials mode is
 * reused. `rel="modulepreload"` asked for an ES module instead, so the browser fetched each remote entry and page chunk
 * twice (measured on the home page: +21.6 kB gzip, mf-content's remoteEntry.js and HomePage chunk downloaded twice).
 * The preloads sit in an inert template that the shell's start moves into the head with main.js
 * (../start/pageScripts.ts): downloaded at once, they were bytes the first paint waited for.
 */
export function assetLinks(css: readonly Stylesheet[], js: readonly string[]): string {
  // Two files with the same text (a remote's CSS module in two of its exposes' chunks) are written in once.
  const written = new Set<string>();
  const styles = css.map(({ href, text }) => {
    const first = text !== undefined && !written.has(text);
    if (text !== undefined) written.add(text);
    return stylesheetTags({ href, text }, first);
  });
  const preloads = js.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`).join('');
  return styles.join('') + (preloads ? `<template id="${PAGE_SCRIPTS_TEMPLATE_ID}">${preloads}</template>` : '');
}

/**
 * A stylesheet read for the page (stylesheets.ts) goes in as `<style>`, followed by a *disabled* link to its file: a
 * disabled stylesheet link is never fetched (HTML: "If el's disabled attribute is set, then return false"), and both
 * chunk loaders that would add the file when the page's code loads — rspack's CSS chunk loading and the federation
 * runtime's — take an existing `<link rel="stylesheet">` with its URL as loaded. One that was not read stays a link.
 * `</` inside the text is escaped so no CSS can end the element (`\/` is `/` to CSS).
 * (rspack's CSS chunk loading takes a link as the file only when its href attribute starts with the loader's public
 * path: render.tsx writes a remote's stylesheets with absolute URLs for that.)
 */
function stylesheetTags({ href, text }: Stylesheet, writeText: boolean): string {
  const link = `<link rel="stylesheet" href="${escapeHtml(href)}"`;
  if (text === undefined) return `${link}>`;
  return `${writeText ? `<style>${text.replace(/<\//g, '<\\/')}</style>` : ''}${link} disabled>`;
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;
const CSRF_PLACEHOLDER = /__CSRF_TOKEN__/g;

/**
 * The template's head for this response: the session's CSRF token, the page's title and description (else the
 * template's), the CSP nonce (the checkout gives it to the payment snippet) and `extra` before </head>.
 */
export function injectHead(template: string, head: PageHead | null, extra: string, nonce: string, csrfToken: string): string {
  // Every replacement is a function: a replacement *string* expands `$'`, `` $` ``, `$&` … and a title such as
  // "Vinter $' salg" (an editor's, or a search term's) copied the rest of the template into the page.
  const token = escapeHtml(csrfToken);
  let html = template.replace(CSRF_PLACEHOLDER, () => token);
  const title = head?.title;
  if (title) html = html.replace(TITLE, () => `<title>${escapeHtml(title)}</title>`);
  const description = head?.description;
  if (description) html = html.replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(description)}">`);
  const at = html.indexOf('</head>');
  const tags = `<meta name="csp-nonce" content="${escapeHtml(nonce)}">${extra}`;
  return at < 0 ? html : `${html.slice(0, at)}${tags}${html.slice(at)}`;
}
