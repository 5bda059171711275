/**
 * Pages rendered by the real front-end builds (issue 22): the shell's server build composes each page from the
 * remotes' own server builds, loaded over HTTP from this server's /mf/<remote>/server/ (so the app listens). Runs
 * when the front ends are built (`npm run build`); the API's side alone (fake build trees): web.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '@shop/contracts/ssr';
import { REMOTE_APPS, REPO_ROOT } from '../../src/config.js';
import { useTestApp } from '../support/app.js';
import { TEKSTIL_VISIBLE } from '../support/fixtures.js';

const built = [path.join(REPO_ROOT, 'shell', 'dist', 'server', 'main.cjs'), ...REMOTE_APPS.map((r) => path.join(REPO_ROOT, r.name, 'dist', 'server', 'remoteEntry.js'))].every(
  (file) => fs.existsSync(file),
);

describe.runIf(built)('pages rendered by the built front ends', () => {
  const t = useTestApp('pglite', { rootDir: REPO_ROOT });
  let origin = '';
  beforeAll(async () => {
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    const address = t().app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  const page = async (url: string) => {
    const response = await fetch(`${origin}${url}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${PAGE_DATA_ELEMENT_ID}"`));
    return { status: response.status, html, root };
  };

  const pageData = (html: string) => {
    const all = [...html.matchAll(new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`, 'g'))];
    expect(all, 'exactly one PageData element').toHaveLength(1);
    return JSON.parse(all[0]![1]!) as { values: Record<string, unknown>; modules: Array<{ remote: string; module: string }> };
  };

  it('home: mf-content\'s page with the layout\'s banners at their canonical addresses', async () => {
    const { status, html, root } = await page('/');
    expect(status).toBe(200);
    const data = pageData(html);
    expect(data.modules).toEqual([{ remote: 'mf_content', module: 'HomePage' }]);
    // The layout stores /tekstil and /tekstil/jakker; the page links to the canonical /klaer and /klaer/jakker.
    expect(root).toContain('href="/klaer"');
    expect(root).toContain('href="/klaer/jakker"');
    expect(root).not.toContain('href="/tekstil');
    // The chrome from server-filled state: the tenant's brand, the menu's categories.
    expect(root).toContain('Staut');
    expect(root).toContain('Klær');
    expect(data.values['contracts/categories']).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Klær' })]));
  });

  it('a category: mf-catalog\'s listing, with the catalogue\'s own markup and CSS linked in the head', async () => {
    const { status, html, root } = await page('/klaer');
    expect(status).toBe(200);
    expect(pageData(html).modules).toEqual([{ remote: 'mf_catalog', module: 'CategoryPage' }]);
    expect(root).toMatch(/<h1[^>]*>Klær<\/h1>/);
    // The listing's sort control, rendered by the catalogue's component (class names of its CSS module).
    expect(root).toContain('Sorter etter');
    // Written into the head, with a disabled link to the file at its absolute address (shell/src/server/head.ts).
    expect(html).toMatch(/<link rel="stylesheet" href="https?:\/\/[^/"]+\/mf\/mf-catalog\/[^"]+\.css" disabled>/);
    expect(html).toMatch(/<style>[^<]*\.catalog_/);
  });

  it('a product: the catalogue\'s module is loaded on the server, and a hidden product says 404', async () => {
    const shown = await page('/product/lopesko-fart');
    expect(shown.status).toBe(200);
    expect(pageData(shown.html).modules).toEqual([{ remote: 'mf_catalog', module: 'ProductPage' }]);
    const hidden = await page('/product/skjult-jakke');
    expect(hidden.status).toBe(404);
  });

  it('a product and a category page show the products themselves, not a loading state (the pages\' loaders)', async () => {
    const category = await page('/klaer');
    for (const article of TEKSTIL_VISIBLE.slice(0, 3)) expect(category.root).toContain(article.name);
    const product = await page('/product/lopesko-fart');
    expect(product.root).toMatch(/<h1[^>]*>Løpesko Fart<\/h1>/);
    expect(product.root).not.toContain('Laster');
    // The search engines' view of it: the Product's offer in NOK.
    expect(product.html).toContain('"@type":"Product"');
    expect(product.html).toContain('"priceCurrency":"NOK"');
  });

  it('a redirect of the route table is the server\'s 302', async () => {
    const { status } = await page('/privacy');
    expect(status).toBe(302);
  });

  it('pages read complete without running a script: every boundary in place, none outlined behind an inline script', async () => {
    for (const url of ['/', '/klaer', '/product/lopesko-fart', '/search/jakke', '/butikker', '/konto/logg-inn']) {
      const { root } = await page(url);
      expect(root, url).not.toContain('hidden id="S:');
      expect(root, url).not.toContain('<template id="B:');
    }
  });

  it('the forms a shopper may use before hydration are plain forms: the notice posts with the session token, the searches GET', async () => {
    const { html, root } = await page('/kundeservice');
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(html)![1]!;
    const notice = /<form[^>]*action="\/api\/v1\/consent"[^>]*>.*?<\/form>/s.exec(root)?.[0] ?? '';
    expect(notice).toMatch(/method="post"/);
    expect(notice).toContain(`name="_csrf" value="${token}"`);
    expect(notice).toContain('name="return" value="/kundeservice"');
    const accept = /<button[^>]*>Godta<\/button>/.exec(notice)?.[0] ?? '';
    for (const attribute of ['type="submit"', 'name="consent"', 'value="accepted"']) expect(accept).toContain(attribute);
    // "Les mer" opens a modal: it needs the page's code, so the server's markup has it disabled.
    expect(/<button[^>]*>Les mer<\/button>/.exec(notice)?.[0]).toContain('disabled=""');
    expect(root).toMatch(/<form role="search"[^>]*action="\/search" method="get"/);

    const search = await fetch(`${origin}/search?q=${encodeURIComponent(' løpesko ')}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(search.status).toBe(302);
    expect(search.headers.get('location')).toBe(`/search/${encodeURIComponent('løpesko')}`);
  });
});
