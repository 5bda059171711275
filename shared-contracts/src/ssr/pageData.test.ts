/** The one PageData element (pageData.ts): what the server writes is what the browser reads, and no value ends it. */
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, pageDataScript, readPageData, type PageData } from './pageData.js';

/** The element's text as a browser would give it (the HTML parser ends a script at the first `</script`). */
function documentOf(html: string) {
  const open = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`;
  const start = html.indexOf(open);
  const text = start < 0 ? null : html.slice(start + open.length, html.toLowerCase().indexOf('</script', start));
  return { getElementById: (id: string) => (id === PAGE_DATA_ELEMENT_ID && text !== null ? ({ textContent: text } as HTMLElement) : null) };
}

const data: PageData = {
  values: { 'shell/tenant': { brandName: 'Staut' }, 'contracts/page-head': { title: '</script><script>alert(1)</script> <!-- Æ\u2028ø' } },
  remotes: { mf_catalog: '/mf/mf-catalog/mf-manifest.json' },
  modules: [{ remote: 'mf_catalog', module: 'CategoryPage' }],
  declarations: { mf_catalog: { model: 'first-interaction', screens: { category: 'CategoryPage' }, pieces: { 'header-search': 'SearchBox' } } },
};

describe('PageData element', () => {
  it('round-trips, values that look like markup included', () => {
    const html = `<body>${pageDataScript(data)}</body>`;
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(readPageData(documentOf(html))).toEqual(data);
  });

  it.each([
    ['no element', ''],
    ['not JSON', `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{</script>`],
    ['no values', `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{"remotes":{}}</script>`],
  ])('reads null from %s', (_, html) => {
    expect(readPageData(documentOf(html))).toBeNull();
  });

  it('drops malformed modules and a missing registry', () => {
    const html = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{"values":{},"modules":[{"remote":"a","module":"B"},{"remote":1}]}</script>`;
    expect(readPageData(documentOf(html))).toEqual({ values: {}, remotes: {}, modules: [{ remote: 'a', module: 'B' }] });
  });

  it('leaves out declarations that are not a record of remotes (the browser then reads startup.json itself)', () => {
    const html = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{"values":{},"declarations":[{"model":"start-up"}]}</script>`;
    expect(readPageData(documentOf(html))).not.toHaveProperty('declarations');
  });
});
