import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROUTE_PATTERNS } from '@shop/contracts/routes';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@shop/contracts/ssr';
import { PIECE_ROLES } from '@shop/contracts/types';
import { launchBrowser, newContext, watchErrors } from '../support/browser.js';
import { chooseOption, findPurchasableArticle } from '../support/catalog.js';
import { repoRoot } from '../support/paths.js';
import { startShop, type ShopServer } from '../support/server.js';
import { serveStatic } from '../support/static-origin.js';

const FALLBACK = 'Denne delen av siden kunne ikke lastes.';
const local = (name: string) => `/mf/${name}/mf-manifest.json`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('run-time composition', () => {
  let shop: ShopServer;
  let cdn: Awaited<ReturnType<typeof serveStatic>>;

  afterAll(async () => {
    await shop?.stop();
    await cdn?.close();
  });

  it('a remote whose manifest fails to load shows the fallback while header and cart badge keep working', async () => {
    shop = await startShop({
      REMOTES_JSON: JSON.stringify({
        mf_catalog: local('mf-catalog'),
        mf_cart_checkout: local('mf-cart-checkout'),
        mf_account: local('mf-account'),
        // The content team's remote is "down": its manifest answers 404.
        mf_content: '/mf/mf-content-is-down/mf-manifest.json',
      }),
    });
    const target = await findPurchasableArticle(shop.url);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    watchErrors(page);

    // The catalogue and the cart still work: put one item in the cart.
    await page.goto(`/product/${target.slug}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    await chooseOption(page, target.colorName);
    await chooseOption(page, target.sizeName);
    await page.getByRole('button', { name: 'Legg i handlekurven' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');

    // The home page belongs to the broken remote, whose declaration the server could not read either: the route is
    // still a page of the shop (200, the fallback in the server's HTML), not "not found".
    const html = await fetch(`${shop.url}/`, { headers: { accept: 'text/html' } });
    expect(html.status).toBe(200);
    const body = await html.text();
    expect(body).toContain(FALLBACK);
    expect(body).not.toContain('Fant ikke siden');
    // In the browser: the fallback shows, the chrome does not go blank.
    await page.goto('/');
    await page.getByText(FALLBACK).waitFor();
    await page.getByRole('button', { name: 'Prøv igjen' }).waitFor();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    expect(await page.locator('[title="Gå til kassen"]').count()).toBeGreaterThan(0);
    // Header navigation still leads to a working remote.
    await page.locator('header').getByRole('link', { name: target.categoryName, exact: true }).first().click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/${target.categoryParam}`);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/\d+,\d{2}\s*kr/);
    await context.close();
    await shop.stop();
  });

  it("remotes declare their start-up and screens: the server reads each remote's startup.json, the page carries them, models load by them", async () => {
    shop = await startShop();
    type Debug = { apps: Record<string, unknown> };
    const modelsIn = (page: Page) =>
      page.evaluate(() => Object.keys((window as unknown as { __SHOP_DEBUG__?: Debug }).__SHOP_DEBUG__?.apps ?? {}));

    // A first visit (nothing stored, nobody logged in): the home page's remote, but no cart or account code until
    // the shopper acts — the cart and the account declare themselves start-up models that may wait.
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/');
    await expect.poll(() => modelsIn(page)).toContain('mf_content');
    await page.waitForLoadState('networkidle');
    // The declarations came with the page (no round trip before the first render): the browser reads none itself.
    expect(fetched.filter((path) => path.endsWith('/startup.json'))).toEqual([]);
    const pageData = await page.evaluate((id) => JSON.parse(document.getElementById(id)?.textContent ?? '{}') as PageData, PAGE_DATA_ELEMENT_ID);
    const declarations = pageData.declarations ?? {};
    expect(Object.keys(declarations)).toEqual(['mf_catalog', 'mf_cart_checkout', 'mf_account', 'mf_content']);
    // The four remotes' own src/startup.ts, as built: together they render every route, each route once, and fill every slot.
    const claims = (field: 'screens' | 'pieces') => Object.values(declarations).flatMap((startup) => Object.keys(startup[field] ?? {}));
    expect(claims('screens').sort()).toEqual(Object.keys(ROUTE_PATTERNS).sort());
    expect(claims('pieces').sort()).toEqual([...PIECE_ROLES].sort());
    expect(fetched.filter((path) => /^\/mf\/(mf-cart-checkout|mf-account)\//.test(path) && !path.endsWith('/startup.json'))).toEqual([]);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => modelsIn(page)).toEqual(expect.arrayContaining(['mf_cart_checkout', 'mf_account']));
    expect(errors).toEqual([]);
    await context.close();

    // Something stored under a key the cart declares: its model (and the account's) load with the first view.
    const returning = await newContext(browser, shop.url);
    await returning.addInitScript(() => {
      if (!localStorage.getItem('count')) localStorage.setItem('count', '1');
    });
    const again = await returning.newPage();
    await again.goto('/om-oss');
    await expect.poll(() => modelsIn(again)).toEqual(expect.arrayContaining(['mf_cart_checkout', 'mf_account']));
    await returning.close();
    await shop.stop();
  });

  it('mf-catalog served from a second origin (same build, no rebuild) through remotes.json', async () => {
    cdn = await serveStatic(join(repoRoot, 'mf-catalog', 'dist'));
    shop = await startShop({
      REMOTES_JSON: JSON.stringify({
        mf_catalog: `${cdn.origin}/mf-manifest.json`,
        mf_cart_checkout: local('mf-cart-checkout'),
        mf_account: local('mf-account'),
        mf_content: local('mf-content'),
      }),
    });
    const remotes = await (await fetch(`${shop.url}/remotes.json`)).json();
    expect(remotes.mf_catalog).toBe(`${cdn.origin}/mf-manifest.json`);
    const target = await findPurchasableArticle(shop.url);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await page.goto(`/${encodeURIComponent(target.categoryParam)}`);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/\d+,\d{2}\s*kr/);
    expect(cdn.hits).toContain('/mf-manifest.json');
    expect(cdn.hits.some((hit) => hit.endsWith('.js'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
