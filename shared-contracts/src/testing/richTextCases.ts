/**
 * Copy as the workspace's rich-text editor writes it (mf-content/src/editor/richtext), one case per kind of node and
 * mark. The editor must give exactly this HTML for it (mf-content: richTextCases.test.ts), and the API's allow-list
 * sanitiser must keep it byte for byte (api: richTextCases.test.ts) — so what an editor sees is what is stored and shown.
 */
import { pictureHtml } from '../images/index.js';

const IMAGE_ID = 'AbCdEfGhIjKlMnOpQrStUv';

export const richTextCases: ReadonlyArray<{ name: string; html: string }> = [
  { name: 'paragraph', html: '<p>Ull innerst, regntøy ytterst.</p>' },
  { name: 'text with characters that must be escaped', html: '<p>Sko &amp; støvler &lt;3 &gt; sandaler</p>' },
  { name: 'heading 2', html: '<h2>Sjekkliste</h2>' },
  { name: 'heading 2 with an anchor id', html: '<h2 id="retur">Retur</h2>' },
  { name: 'heading 3', html: '<h3>Til barnehagen</h3>' },
  { name: 'bold and italic', html: '<p><strong>Fet</strong> og <em>kursiv</em> og <strong><em>begge</em></strong></p>' },
  { name: 'bullet list', html: '<ul><li><p>Ull</p></li><li><p>Regntøy</p></li></ul>' },
  { name: 'numbered list', html: '<ol><li><p>Først ull</p></li><li><p>Så fleece</p></li></ol>' },
  { name: 'quote', html: '<blockquote><p>Det finnes ikke dårlig vær.</p></blockquote>' },
  { name: 'link to a page of the shop', html: '<p>Les <a href="/blogg/hvordan-kle-barna">lag på lag</a>.</p>' },
  { name: 'link to a secure address elsewhere', html: '<p>Se <a href="https://www.yr.no/nb" rel="noopener noreferrer">været</a>.</p>' },
  { name: 'an e-mail link already in a copy page', html: '<p><a href="mailto:kundeservice@staut.no">kundeservice@staut.no</a></p>' },
  { name: 'a phone link already in a copy page', html: '<p><a href="tel:+4722000000">22 00 00 00</a></p>' },
  { name: 'an http link already in copy', html: '<p><a href="http://example.com" rel="noopener noreferrer">gammel</a></p>' },
  { name: 'line break', html: '<p>Første linje<br>andre linje</p>' },
  { name: 'uploaded image', html: pictureHtml({ id: IMAGE_ID, width: 1200, height: 800, alt: 'Barn i "regntøy" & støvler' }, 720) },
  { name: 'embedded product card', html: '<div data-product-card="12"></div>' },
];
