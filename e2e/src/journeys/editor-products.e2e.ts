/**
 * Products in editors' content (issue 23), in the browser against the real server: the product picker's search finds
 * an article by its article number (GET /editor/products, the editor's session), and a blog post whose body holds a
 * product card — written through the editor API as the post editor's product-card node writes it — shows the
 * catalogue's card at that place on the public page: in the server's HTML (a product link, before any script runs)
 * and, once hydrated, as mf-catalog's ProductCard, with no hydration warning or console error. A card whose product
 * is not in the web shop renders nothing. (Picking in the post editor at /redaksjon/innlegg/ny is the post editor's
 * journey.)
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { EditorProduct, RawBlogPost } from '@shop/contracts/types';
import { newContext, watchErrors } from '../support/browser.js';
import { useShopAndBrowser } from '../support/journey.js';
import type { ShopServer } from '../support/server.js';

/** The seeded editor account (api/src/seed). */
const EDITOR = { username: 'ansatt@staut.no', password: 'ansatt1234' };
/** An article id no catalogue has. */
const MISSING_ID = 2_147_483_000;

let shop: ShopServer;
let browser: Browser;
useShopAndBrowser((s, b) => {
  shop = s;
  browser = b;
});

const jsonHeaders = (csrf: string) => ({ 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' });

/**
 * Logs the page's context in as the editor through the API, with the session and CSRF token of the shop's document
 * (fetched by the context's request client, which shares its cookies); answers the logged-in session's token.
 */
async function logInAsEditor(page: Page): Promise<string> {
  const document = await page.request.get('/', { headers: { accept: 'text/html' } });
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await document.text())?.[1];
  expect(token).toBeTruthy();
  const login = await page.request.post('/api/v1/customers/login', { headers: jsonHeaders(token!), data: EDITOR });
  expect(login.status()).toBe(200);
  return login.headers()['x-csrf-token'] ?? token!;
}

/** The page's rendered article, without scripts (the head's description and the page data repeat the post's body). */
function markupOf(html: string): string {
  const article = html.indexOf('<article');
  expect(article).toBeGreaterThan(0);
  return html.slice(article).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
}

describe('product cards in content', () => {
  it('the picker finds by article number; a post shows its product card from the server HTML through hydration', async () => {
    const editorContext = await newContext(browser, shop.url);
    const editorPage = await editorContext.newPage();
    const csrf = await logInAsEditor(editorPage);

    // An article in the web shop, and (when the seed has one) one hidden from it.
    const lookup = await editorPage.request.get(`/api/v1/editor/products/lookup?ids=${Array.from({ length: 50 }, (_, i) => i + 1).join(',')}`);
    expect(lookup.status()).toBe(200);
    const known = (await lookup.json()) as EditorProduct[];
    const product = known.find((p) => p.in_web_shop)!;
    const hidden = known.find((p) => !p.in_web_shop);
    expect(product).toBeTruthy();

    // The picker's search by article number puts that article first.
    const search = await editorPage.request.get(`/api/v1/editor/products?q=${encodeURIComponent(product.article_no)}`);
    expect(search.status()).toBe(200);
    expect(((await search.json()) as EditorProduct[])[0]).toMatchObject({ id: product.id, article_no: product.article_no, in_web_shop: true });

    const slug = `produktkort-${Date.now()}`;
    const gone = [MISSING_ID, ...(hidden ? [hidden.id] : [])].map((id) => `<div data-product-card="${id}"></div>`).join('');
    const created = await editorPage.request.post('/api/v1/editor/blog/posts', {
      headers: jsonHeaders(csrf),
      data: {
        title: 'Ukas favoritt',
        slug,
        body: `<p>Innledning om turen.</p><div data-product-card="${product.id}"></div><p>Avslutning med tips.</p>${gone}`,
        published: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await editorContext.close();

    const answer = (await (await fetch(`${shop.url}/api/v1/blog/${slug}`)).json()) as RawBlogPost;
    expect(answer.body_articles.map((a) => a.ArticleID)).toEqual([product.id]);

    // The server's HTML: the card (a product link until the catalogue's card loads) between the two paragraphs.
    const response = await fetch(`${shop.url}/blogg/${slug}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    // The post's article only (markupOf): the head's description repeats the post's first words.
    const markup = markupOf(await response.text());
    const card = new RegExp(`<div [^>]*data-product-card="${product.id}"[^>]*><a [^>]*href="/product/${product.id}"`);
    expect(markup).toMatch(card);
    const [intro, cardAt, outro] = [markup.indexOf('Innledning om turen.'), markup.search(card), markup.indexOf('Avslutning med tips.')];
    expect(intro).toBeGreaterThanOrEqual(0);
    expect(intro < cardAt && cardAt < outro).toBe(true);
    expect(markup).not.toContain(`data-product-card="${MISSING_ID}"`);
    if (hidden) expect(markup).not.toContain(`data-product-card="${hidden.id}"`);

    // A shopper's browser: hydration keeps the page as rendered, then the catalogue's own card takes the place.
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    // A loaded CI machine (or seven journeys side by side) can take longer than playwright's 30 s to fire "load".
    page.setDefaultTimeout(60_000);
    const { errors } = watchErrors(page);
    await page.goto(`/blogg/${slug}`);
    const body = page.locator('article');
    const catalogCard = body.locator(`[data-product-card="${product.id}"] [data-testid="product-card"]`);
    await catalogCard.waitFor({ timeout: 20_000 });
    expect(await catalogCard.getByRole('heading', { level: 2 }).innerText()).toBe(product.name);
    expect(await body.locator('[data-product-card]').count()).toBe(1);
    const text = await body.innerText();
    expect(text.indexOf('Innledning om turen.')).toBeLessThan(text.indexOf(product.name));
    expect(text.indexOf(product.name)).toBeLessThan(text.indexOf('Avslutning med tips.'));

    // The card leads to the product.
    await catalogCard.click();
    await page.waitForURL(/\/product\//);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
