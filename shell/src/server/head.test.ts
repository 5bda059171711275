import { describe, expect, it } from 'vitest';
import { assetLinks, headTags, injectHead } from './head.js';
import { PAGE_SCRIPTS_TEMPLATE_ID } from '../start/pageScripts.js';

const TEMPLATE = '<html><head><title>Staut</title><meta name="description" content="Nettbutikk"><meta name="csrf-token" content="__CSRF_TOKEN__"></head><body></body></html>';

describe('page head tags', () => {
  it('write canonical, robots, Open Graph and each JSON-LD object with < escaped', () => {
    const tags = headTags({
      title: 'Jakke – Staut',
      canonical: 'https://www.staut.no/product/jakke',
      robots: 'noindex, follow',
      openGraph: { type: 'product', title: 'Jakke', image: 'https://www.staut.no/img/j.jpg' },
      jsonLd: [{ '@type': 'Product', name: 'Jakke </script><script>alert(1)</script>' }],
    });
    expect(tags).toContain('<link rel="canonical" href="https://www.staut.no/product/jakke">');
    expect(tags).toContain('<meta name="robots" content="noindex, follow">');
    expect(tags).toContain('<meta property="og:type" content="product">');
    expect(tags).toContain('<meta property="og:url" content="https://www.staut.no/product/jakke">');
    expect(tags).toContain('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product"');
    expect(tags).not.toContain('</script><script>');
    expect(tags.match(/<\/script>/g)).toHaveLength(1);
  });

  it('name no canonical or og:url where the head has none (a 404, the checkout)', () => {
    const tags = headTags({ title: 'Fant ikke siden – Staut', robots: 'noindex, nofollow', status: 404, openGraph: { type: 'website', title: 'Fant ikke siden' } });
    expect(tags).not.toContain('canonical');
    expect(tags).not.toContain('og:url');
    expect(headTags(null)).toBe('');
  });

  it('link stylesheets; preload remote scripts as classic scripts (what the federation runtime loads), held until the start', () => {
    const links = assetLinks([{ href: '/460.css' }, { href: '/mf/mf-content/HomePage.css' }], ['/mf/mf-content/remoteEntry.js', 'https://cdn.example/mf/p.js?v="1"']);
    expect(links).toBe(
      '<link rel="stylesheet" href="/460.css"><link rel="stylesheet" href="/mf/mf-content/HomePage.css">' +
        `<template id="${PAGE_SCRIPTS_TEMPLATE_ID}">` +
        '<link rel="preload" as="script" href="/mf/mf-content/remoteEntry.js">' +
        '<link rel="preload" as="script" href="https://cdn.example/mf/p.js?v=&quot;1&quot;">' +
        '</template>',
    );
    // No scripts, no template.
    expect(assetLinks([{ href: '/460.css' }], [])).toBe('<link rel="stylesheet" href="/460.css">');
    // A module preload or a CORS preload would not be reused by a plain <script src>: the file would load twice.
    expect(links).not.toMatch(/modulepreload|crossorigin/);
  });

  it('write a stylesheet that was read into the page, with a disabled link to its file for the chunk loaders', () => {
    const tags = assetLinks([{ href: '/460.0123456789.css', text: '.a{color:red}' }, { href: 'https://cdn.example/big.css' }], []);
    expect(tags).toBe('<style>.a{color:red}</style><link rel="stylesheet" href="/460.0123456789.css" disabled><link rel="stylesheet" href="https://cdn.example/big.css">');
    // The same text twice (one CSS module in two chunks) is written once; both files count as loaded.
    const twice = assetLinks([{ href: '/a.0123456789.css', text: '.m{}' }, { href: '/b.0123456789.css', text: '.m{}' }], []);
    expect(twice).toBe('<style>.m{}</style><link rel="stylesheet" href="/a.0123456789.css" disabled><link rel="stylesheet" href="/b.0123456789.css" disabled>');
    // No text can end the element early.
    const hostile = assetLinks([{ href: '/x.0123456789.css', text: '.a::after{content:"</style><script>alert(1)</script>"}' }], []);
    expect(hostile.match(/<\/style>/gi)).toHaveLength(1);
    expect(hostile).toContain('content:"<\\/style><script>alert(1)<\\/script>"');
  });

  it('replace the template\'s title and description, escaped, and fill the CSRF token', () => {
    const html = injectHead(TEMPLATE, { title: 'Søk: <b> – Staut', description: 'Treff for "x"' }, '<meta name="x">', 'n0nce', 'tok"en');
    expect(html).toContain('<title>Søk: &lt;b&gt; – Staut</title>');
    expect(html).toContain('<meta name="description" content="Treff for &quot;x&quot;">');
    expect(html).toContain('content="tok&quot;en"');
    expect(html).toContain('<meta name="csp-nonce" content="n0nce"><meta name="x"></head>');
  });

  // String.replace expands these in a replacement string: the head's texts are data and go in as they are.
  it.each(["$'", '$`', '$&', '$1', '$$', '$<name>', '$0'])('write a title, description and token holding %s literally', (pattern) => {
    const html = injectHead(TEMPLATE, { title: `Vinter ${pattern} salg`, description: `Søk: ${pattern}` }, '', 'n0nce', `tok${pattern}en`);
    const escaped = pattern.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;');
    expect(html).toContain(`<title>Vinter ${escaped} salg</title>`);
    expect(html).toContain(`<meta name="description" content="Søk: ${escaped}">`);
    expect(html).toContain(`content="tok${escaped}en"`);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});
