import { describe, expect, it } from 'vitest';
import { pictureHtml } from '@shop/contracts/images';
import { plainText, safeHref, safeSrc, sanitizeHtml } from './sanitize.js';

describe('sanitizeHtml keeps the allowed copy', () => {
  it.each([
    ['<p>Hei <strong>alle</strong> <em>sammen</em></p>', '<p>Hei <strong>alle</strong> <em>sammen</em></p>'],
    ['<h2>A</h2><h3>B</h3>', '<h2>A</h2><h3>B</h3>'],
    ['<h2 id="retur">Retur</h2><h3 id="angrerett-14-dager">x</h3>', '<h2 id="retur">Retur</h2><h3 id="angrerett-14-dager">x</h3>'],
    ['<h2 id="location">x</h2><h2 id="Bad Id">y</h2><p id="retur">z</p>', '<h2>x</h2><h2>y</h2><p>z</p>'],
    ['<ul><li>en</li></ul><ol><li>to</li></ol>', '<ul><li>en</li></ul><ol><li>to</li></ol>'],
    ['<blockquote>sitat</blockquote>linje<br>ny<br/>', '<blockquote>sitat</blockquote>linje<br>ny<br>'],
    ['<a href="/tekstil">Klær</a>', '<a href="/tekstil">Klær</a>'],
    ['<a href="https://staut.no/x?a=1&amp;b=2">x</a>', '<a href="https://staut.no/x?a=1&amp;b=2" rel="noopener noreferrer">x</a>'],
    ['<img src="/api/v1/images/a.svg" alt="Jakke">', '<img src="/api/v1/images/a.svg" alt="Jakke">'],
    ['<P CLASS="x">Stor</P>', '<p>Stor</p>'],
    ['Ull &amp; dun < 30 °C', 'Ull &amp; dun &lt; 30 °C'],
    ['<p>uavsluttet', '<p>uavsluttet</p>'],
    ['<strong><em>kryss</strong></em>', '<strong><em>kryss</em></strong>'],
    ['<div><span>bare tekst</span></div>', 'bare tekst'],
    // Quotes inside a value stay escaped text: no attribute can break out.
    ['<img src="/a.svg" alt="&quot; onerror=&quot;alert(1)">', '<img src="/a.svg" alt="&quot; onerror=&quot;alert(1)">'],
  ])('%s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
});

describe("sanitizeHtml refuses the ids of the shop's own pages (an editor's element would come first)", () => {
  it.each([
    ['shop-page-data'],
    ['SHOP-PAGE-DATA'],
    ['&#115;hop-page-data'],
    [' shop-page-data '],
    ['shop-page-scripts'],
    ['root'],
    ['innhold'],
    ['mobilmeny'],
    ['anmeldelser'],
    ['static-title'],
    ['submenu-klaer'],
    ['post-12'],
    ['related-12'],
  ])('<h2 id=%j> keeps its heading, without the id', (id) => {
    expect(sanitizeHtml(`<h2 id="${id}">Tilbud</h2><h3 id='${id}'>x</h3>`)).toBe('<h2>Tilbud</h2><h3>x</h3>');
  });

  it.each([['retur'], ['angrerett-14-dager'], ['posten'], ['om-butikken']])('<h2 id=%j> keeps an id of its own', (id) => {
    expect(sanitizeHtml(`<h2 id="${id}">x</h2>`)).toBe(`<h2 id="${id}">x</h2>`);
  });
});

const XSS: Array<[string, string]> = [
  ['<script>alert(1)</script>', ''],
  ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>', ''],
  ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
  ['<p>a<script>alert(1)</p>', '<p>a</p>'],
  ['<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
  ['<img src=x onerror=alert(1)>', ''],
  ['<img src="/a.svg" onerror="alert(1)" alt="a">', '<img src="/a.svg" alt="a">'],
  ['<img src="javascript:alert(1)">', ''],
  ['<img src="http://insecure.example/a.png">', ''],
  ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
  ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
  ['<a href=" java\tscript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="&#x6A;avascript&#x3A;alert(1)">x</a>', '<a>x</a>'],
  ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
  ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
  ['<a href="//evil.example">x</a>', '<a>x</a>'],
  ['<a href="/ok" onclick="alert(1)" style="x">x</a>', '<a href="/ok">x</a>'],
  ['<a href="/ok" title="a" onmouseover=alert(1)>x</a>', '<a href="/ok">x</a>'],
  ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
  ['<svg onload=alert(1)><script>alert(1)</script></svg>', ''],
  ['<iframe src="https://evil.example"></iframe>', ''],
  ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
  ['<!-- <script>alert(1)</script> -->ok', 'ok'],
  ['<![CDATA[<script>alert(1)</script>]]>', 'alert(1)]]&gt;'],
  ['<p title="x>"><script>alert(1)</script>', '<p></p>'],
  ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ['<a href="/x" ">y</a>', '<a href="/x">y</a>'],
  ['<form action="https://evil.example"><input name="x"></form>', ''],
  ['<object data="x"></object><embed src="x">', ''],
  ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
  ['<base href="https://evil.example/">', ''],
  ['<link rel="stylesheet" href="https://evil.example/x.css">', ''],
  ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
  ['<body onload=alert(1)>', ''],
  ['<textarea><script>alert(1)</script></textarea>', ''],
  ['<script', ''],
];

describe('sanitizeHtml removes XSS payloads', () => {
  it.each(XSS)('%s', (input, expected) => {
    const out = sanitizeHtml(input);
    expect(out).toBe(expected);
    expect(out.toLowerCase()).not.toMatch(/<script|<iframe|<svg|<style|\son\w+=|javascript:/);
  });
});

describe('URL rules', () => {
  it.each([
    ['/butikker', '/butikker'],
    ['#kontakt', '#kontakt'],
    ['https://www.staut.no', 'https://www.staut.no'],
    ['http://www.staut.no', 'http://www.staut.no'],
    ['mailto:kundeservice@staut.no', 'mailto:kundeservice@staut.no'],
    ['javascript:alert(1)', null],
    ['//evil.example', null],
    ['relative/path', null],
    ['', null],
  ])('href %s → %s', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
  it.each([
    ['/api/v1/images/a.svg', '/api/v1/images/a.svg'],
    ['https://cdn.example.no/a.jpg', 'https://cdn.example.no/a.jpg'],
    ['http://cdn.example.no/a.jpg', null],
    ['javascript:alert(1)', null],
  ])('src %s → %s', (input, expected) => {
    expect(safeSrc(input)).toBe(expected);
  });
});

describe('plainText', () => {
  it.each([
    ['  Vinter<script>x</script>quiz ', 'Vinterquiz'],
    ['<b>Fet</b>   tittel', 'Fet tittel'],
    ['Ull &amp; dun', 'Ull & dun'],
  ])('%s → %s', (input, expected) => {
    expect(plainText(input)).toBe(expected);
  });
});

describe('uploaded images in their responsive sizes (<picture>, srcset) — for the shop\'s own image URLs only', () => {
  const ID = 'AbCdEfGhIjKlMnOpQrStUv';
  const own = (w: number, f = 'webp') => `/api/v1/images/uploads/${ID}/${w}.${f}`;

  it.each([
    [{ id: ID, width: 1000, height: 600, alt: 'Blå jakke' }, 720],
    [{ id: ID, width: 200, height: 300, alt: 'Sko "Løp" <ny> & fin' }, undefined],
    [{ id: 'x_-x_-x_-x_-x_-x_-x_-x', width: 4000, height: 3000, alt: 'Fjell' }, 1280],
  ])('keeps pictureHtml(%j) exactly as written', (image, maxWidth) => {
    const html = pictureHtml(image, maxWidth);
    expect(sanitizeHtml(html)).toBe(html);
    expect(sanitizeHtml(`<p>Før</p>${html}<p>Etter</p>`)).toBe(`<p>Før</p>${html}<p>Etter</p>`);
  });

  it.each([
    // srcset with anybody else's URL, or anything but a URL and a descriptor, goes (the src stays, as before)
    [`<img src="${own(640)}" srcset="https://cdn.example/a.webp 640w" alt="a">`, `<img src="${own(640)}" alt="a">`],
    [`<img src="${own(640)}" srcset="${own(320)} 320w, /api/v1/images/banners/x.svg 640w" alt="a">`, `<img src="${own(640)}" alt="a">`],
    [`<img src="${own(640)}" srcset="${own(320)} 320w 2x" alt="a">`, `<img src="${own(640)}" alt="a">`],
    [`<img src="${own(640)}" srcset="${own(320)} javascript:alert(1)" alt="a">`, `<img src="${own(640)}" alt="a">`],
    [`<img src="${own(640)}" srcset="//evil.example${own(320)} 320w" alt="a">`, `<img src="${own(640)}" alt="a">`],
    [`<img src="${own(640)}" srcset="${own(320)}&#32;320w,${own(640)}  640w" alt="a">`, `<img src="${own(640)}" srcset="${own(320)} 320w, ${own(640)} 640w" alt="a">`],
    [`<img src="${own(640)}" srcset="${own(640)} 2x" alt="a">`, `<img src="${own(640)}" srcset="${own(640)} 2x" alt="a">`],
    // the other attributes keep their value only when it is one they may have
    [`<img src="/a.svg" width="0" height="-1" loading="eventually" decoding="x" sizes="calc(100vw - expression(alert(1)))">`, '<img src="/a.svg">'],
    [`<img src="/a.svg" sizes="url(javascript:alert(1))">`, '<img src="/a.svg">'],
    [`<img src="/a.svg" sizes="(min-width: 900px) 50vw, (max-width:899px) 100vw, 640px">`, `<img src="/a.svg" sizes="(min-width: 900px) 50vw, (max-width:899px) 100vw, 640px">`],
    // an uploaded image of another id length is not one of ours
    [`<img src="${own(640)}" srcset="/api/v1/images/uploads/${ID}x/320.webp 320w" alt="a">`, `<img src="${own(640)}" alt="a">`],
    [`<img src="/a.svg" width="640" height="480" loading="lazy" decoding="async" sizes="(max-width: 720px) 100vw, 720px">`, `<img src="/a.svg" width="640" height="480" loading="lazy" decoding="async" sizes="(max-width: 720px) 100vw, 720px">`],
    // a <source> only as a <picture>'s child, only of AVIF or WebP, only with an own srcset
    [`<picture><source type="image/svg+xml" srcset="${own(320)} 320w"><img src="${own(320)}" alt=""></picture>`, `<picture><source srcset="${own(320)} 320w"><img src="${own(320)}" alt=""></picture>`],
    [`<picture><source srcset="https://evil.example/x.webp"><img src="${own(320)}" alt=""></picture>`, `<picture><img src="${own(320)}" alt=""></picture>`],
    [`<p><source srcset="${own(320)} 320w">x</p>`, '<p>x</p>'],
    [`<video><source src="/x.mp4" srcset="${own(320)}"></video>`, ''],
    [`<picture><source type="image/avif" srcset="${own(320, 'avif')}" onerror="alert(1)" media="print"></picture>`, `<picture><source type="image/avif" srcset="${own(320, 'avif')}"></picture>`],
    ['<picture><img src="x" onerror="alert(1)"></picture>', '<picture></picture>'],
  ])('%s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
});

describe('sanitizeHtml keeps product cards in their one form', () => {
  it.each([
    ['<p>Før</p><div data-product-card="201"></div><p>Etter</p>', '<p>Før</p><div data-product-card="201"></div><p>Etter</p>'],
    ['<div data-product-card="5"></div><div data-product-card="5"></div>', '<div data-product-card="5"></div><div data-product-card="5"></div>'],
    // Everything else on it goes; the value is read as an attribute value (quotes, entities, spaces around).
    ['<div class="kort" data-product-card="7" onclick="alert(1)" style="x" id="location"></div>', '<div data-product-card="7"></div>'],
    ["<DIV DATA-PRODUCT-CARD='8'></DIV>", '<div data-product-card="8"></div>'],
    ['<div data-product-card=" 9 "></div>', '<div data-product-card="9"></div>'],
    ['<div data-product-card="&#49;2"></div>', '<div data-product-card="12"></div>'],
    ['<div data-product-card="2147483647"></div>', '<div data-product-card="2147483647"></div>'],
    // The first attribute counts, as in a browser.
    ['<div data-product-card="3" data-product-card="4"></div>', '<div data-product-card="3"></div>'],
    // Copy inside the div is kept as copy after the card (never inside it).
    ['<div data-product-card="6"><p>tekst</p></div>', '<div data-product-card="6"></div><p>tekst</p>'],
    // No card: not a positive integer within int4.
    ['<div data-product-card="0"></div>', ''],
    ['<div data-product-card="-1"></div>', ''],
    ['<div data-product-card="007"></div>', ''],
    ['<div data-product-card="1.5"></div>', ''],
    ['<div data-product-card="2147483648"></div>', ''],
    ['<div data-product-card="5 6"></div>', ''],
    ['<div data-product-card=""></div>', ''],
    ['<div data-product-card></div>', ''],
    ['<div data-product-card="javascript:alert(1)"></div>', ''],
    ['<div data-product-card="5&quot; onmouseover=&quot;alert(1)"></div>', ''],
    ['<div data-product="5"></div>', ''],
    ['<div data-article-card="5">x</div>', 'x'],
    // Not nested: a block inside copy would be moved by the browser's parser.
    ['<p>a<div data-product-card="5"></div>b</p>', '<p>ab</p>'],
    ['<ul><li><div data-product-card="5"></div></li></ul>', '<ul><li></li></ul>'],
    ['<blockquote><div data-product-card="5"></div></blockquote>', '<blockquote></blockquote>'],
    ['<p>a</p><div data-product-card="5"></div>', '<p>a</p><div data-product-card="5"></div>'],
    // Only a div: the attribute on another element is dropped with nothing left of it.
    ['<p data-product-card="5">x</p>', '<p>x</p>'],
    ['<span data-product-card="5"></span>', ''],
    ['<section data-product-card="5"></section>', ''],
  ])('%s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('is stable: sanitising the output again changes nothing', () => {
    const once = sanitizeHtml('<h2>Tips</h2><div data-product-card="201" class="x"></div><p>Les <a href="/klaer">mer</a></p><div data-product-card="202"></div>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});
