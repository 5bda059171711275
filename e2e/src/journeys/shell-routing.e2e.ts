import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, watchErrors } from '../support/browser.js';
import type { ShopServer } from '../support/server.js';
import { useShopAndBrowser } from '../support/journey.js';

/** SPEC §2 route table: the shell's redirects, the product guard and per-route titles, in a real browser. */

let shop: ShopServer;
let browser: Browser;

useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

async function api<T>(path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${shop.url}/api/v1${path}`);
  return { status: response.status, body: (response.status === 200 ? await response.json() : null) as T };
}

interface RawDetail {
  ArticleID: number;
  Name: string;
  Slug: string;
  VisibleOnWeb: 0 | 1;
}

/** The first article (by id) that is / is not visible on the web, from the real API. */
async function findArticle(visible: boolean): Promise<RawDetail> {
  for (let id = 1; id < 3000; id++) {
    const { status, body } = await api<RawDetail>(`/articles/${id}`);
    if (status === 200 && body.VisibleOnWeb === (visible ? 1 : 0)) return body;
  }
  throw new Error(`no ${visible ? 'visible' : 'invisible'} article found`);
}

/**
 * Navigates inside the app without a page load: a history entry numbered the way React Router numbers its own
 * pushes (idx + 1, so the shell knows there is a shop page behind it), then the popstate the router listens to.
 */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash;

describe('redirects of the route table (replace)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser, shop.url);
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each([
    ['/payment', '/kundeservice'],
    ['/return', '/kundeservice'],
    ['/terms', '/kundeservice'],
    ['/reclamation', '/kundeservice'],
    ['/privacy', '/personvernerklaering'],
    ['/jan-mayen', '/'],
    ['/skikkelig-stresstest', '/'],
    ['/ny-kolleksjon-fra-heldre-jan-mayen', '/'],
    ['/heldre-pa-langtur-over-vidda', '/'],
    ['/goggles', '/vintersport/hjelmer-&-alpinbriller/alpinbriller'],
    ['/hjelmer', '/vintersport/hjelmer-&-alpinbriller/alpinhjelm'],
    ['/staver', '/vintersport/staver/alpinstaver'],
  ])('%s → %s on a cold load', async (from, to) => {
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await page.goto(from);
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === to);
    await page.locator('header').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an in-app redirect replaces the history entry: one step back skips it', async () => {
    const page = await context.newPage();
    await page.goto('/om-oss');
    await expect.poll(() => page.title()).toBe('Om oss – Staut');
    await navigateInApp(page, '/terms?fra=lenke#reklamasjon');
    // Query and hash travel along with the redirect.
    await page.waitForURL((url) => url.pathname === '/kundeservice' && url.search === '?fra=lenke' && url.hash === '#reklamasjon');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/om-oss');
    await page.close();
  });

  it('/article/{id} → /product/{id} → /product/{slug} of the name', async () => {
    const article = await findArticle(true);
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await page.goto('/');
    await page.locator('header').waitFor();
    await navigateInApp(page, `/article/${article.ArticleID}`);
    await page.waitForURL(`**/product/${article.Slug}`);
    await page.getByRole('heading', { level: 1, name: article.Name }).waitFor();
    await expect.poll(() => page.title()).toBe(`${article.Name} – Staut`);
    // Both forwards replaced: back returns to the page before.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    // Cold load of the legacy URL too; a reload of the slug URL (a shared link) works as well.
    await page.goto(`/article/${article.ArticleID}`);
    await page.waitForURL(`**/product/${article.Slug}`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: article.Name }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the product guard', () => {
  it('an article that is not visible on the web sends the shopper back (in-app) or home (cold load)', async () => {
    const hidden = await findArticle(false);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto('/om-oss');
    await expect.poll(() => page.title()).toBe('Om oss – Staut');
    await navigateInApp(page, `/product/${hidden.ArticleID}`);
    await page.waitForURL((url) => url.pathname === '/om-oss');
    expect(logs.some((line) => line.includes('not visible on the web'))).toBe(true);

    await page.goto(`/product/${hidden.Slug}`);
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('an article that does not exist: error alert, then previous route or home', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.goto('/product/finnes-ikke-denne-varen');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('alert').getByText('Error: Could not load article').waitFor();
    await context.close();
  });
});

describe('screens and titles', () => {
  it.each([
    ['/', 'Staut – sport, friluft og barneklær'],
    ['/kundeservice', 'Kundeservice – Staut'],
    ['/personvernerklaering', 'Personvern og informasjonskapsler – Staut'],
    ['/hvordan-kle-barna', 'Hvordan kle barna – Staut'],
    ['/voksen', 'Voksen – Staut'],
    ['/vintersport', 'Vintersport – Staut'],
    ['/checkout', 'Kassen – Staut'],
    ['/en/to/tre/fire', 'Fant ikke siden – Staut'],
  ])('%s has the title "%s" and <html lang="nb">', async (path, title) => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.goto(path);
    await expect.poll(() => page.title()).toBe(title);
    expect(await page.locator('html').getAttribute('lang')).toBe('nb');
    // Never a blank page: the main view always has something to say.
    await expect.poll(async () => (await page.locator('main').innerText()).trim().length).toBeGreaterThan(0);
    await context.close();
  });

  it.each(['/om-oss', '/bionic-finish-eco'])('%s is rendered by mf-content with its own heading', async (path) => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    // (No console check here: how mf-content finds its copy — and which lookups answer 404 — is its own business.)
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    expect(await page.getByText('Denne delen av siden kunne ikke lastes.').count()).toBe(0);
    await context.close();
  });

  it('a theme per screen is set on <html> with chain id 1', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.goto('/herre');
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('gender');
    expect(await page.locator('html').getAttribute('data-chain-id')).toBe('1');
    await navigateInApp(page, '/kundeservice');
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('customer-service');
    const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--shop-theme-accent').trim());
    expect(accent).toMatch(/^#[0-9a-f]{6}$/i);
    await context.close();
  });
});

describe('breadcrumbs and scroll', () => {
  it('keeps the trail in session storage, resets it on a category, and restores the scroll position on back', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/kundeservice');
    await expect.poll(() => page.title()).toBe('Kundeservice – Staut');
    await navigateInApp(page, '/om-oss');
    await page.waitForURL('**/om-oss');
    const trail = async () =>
      page.evaluate(() => JSON.parse(sessionStorage.getItem('breadcrumbs') ?? '[]') as Array<{ name: string; params: Record<string, unknown> }>);
    await expect.poll(async () => (await trail()).map((entry) => entry.params.path)).toEqual(['/kundeservice', '/om-oss']);

    // A category listing resets the trail.
    await navigateInApp(page, '/vintersport');
    await expect.poll(async () => (await trail()).map((entry) => entry.name)).toEqual(['category']);

    // Scroll down the listing, open another page, come back: the position is restored.
    await page.locator('main h1').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight > innerHeight + 400)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(400);
    await navigateInApp(page, '/om-oss');
    await page.waitForURL('**/om-oss');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL('**/vintersport');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5000 }).toBe(400);
    await context.close();
  });
});
