import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newContext, watchErrors } from '../support/browser.js';
import type { ShopServer } from '../support/server.js';
import { chooseOption, findPurchasableArticle } from '../support/catalog.js';
import { useShopAndBrowser } from '../support/journey.js';

let shop: ShopServer;
let browser: Browser;

useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

describe('purchase path across shell, remotes and API', () => {
  it('shows the shell chrome on /', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await page.goto('/');
    await page.getByText('Gå til innhold').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('nb');
    const csrf = await page.locator('meta[name="csrf-token"]').getAttribute('content');
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // Skip link is the first focusable element.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Gå til innhold');
    await expect.poll(() => page.locator('header a[href="/"]').count()).toBeGreaterThan(0);
    const cartLink = page.locator('[title="Gå til kassen"]');
    await cartLink.first().waitFor();
    expect(await page.getByTestId('cart-count').count()).toBe(0);
    const question = page.locator('footer a', { hasText: 'Spørsmål?' });
    expect(await question.getAttribute('href')).toMatch(/^mailto:/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes from a category listing to a product, adds it to the cart, and the badge survives reload and a second tab', async () => {
    const target = await findPurchasableArticle(shop.url);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);

    await page.goto('/');
    // Navigate by clicking, as a shopper does: the main group link in the header menu.
    await page.locator('header').getByRole('link', { name: target.categoryName, exact: true }).first().click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/${target.categoryParam}`);
    const card = page.locator(`a[href="/product/${target.slug}"]`).first();
    // The listing is paged ("Vis flere"); page until the card is there.
    for (let i = 0; i < 200 && (await card.count()) === 0; i++) {
      const more = page.getByRole('button', { name: /Vis flere/ });
      await more.waitFor({ timeout: 10_000 });
      await more.click();
    }
    // Prices are shown in kroner.
    await expect.poll(() => page.locator('main').innerText()).toMatch(/\d+,\d{2}\s*kr/);
    expect(await page.locator('main img[src^="/api/v1/images/"]').count()).toBeGreaterThan(0);
    await card.click();
    await page.waitForURL(`**/product/${target.slug}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();

    await chooseOption(page, target.colorName);
    await chooseOption(page, target.sizeName);
    await page.getByRole('button', { name: 'Legg i handlekurven' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');

    await page.reload();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');

    const second = await context.newPage();
    await second.goto('/');
    await expect.poll(() => second.getByTestId('cart-count').textContent()).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('forwards /product/{id} to /product/{slug} by replacing the history entry', async () => {
    const target = await findPurchasableArticle(shop.url);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate((id) => {
      history.pushState({}, '', `/product/${id}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, target.id);
    await page.waitForURL(`**/product/${target.slug}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    // Replace, not push: one step back leaves the product pages entirely.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    // A shared /product/{id} link works on a cold load too.
    await page.goto(`/product/${target.id}`);
    await page.waitForURL(`**/product/${target.slug}`);
    await context.close();
  });

  it('loads exactly one instance of effector and of the contracts in shell and remotes', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('[title="Gå til kassen"]').first().waitFor();
    // Each stateful contracts module records itself once per evaluation: one copy → each label once. The bus is in
    // every first view; the root ("index") only loads when something imports it, and no app does (ADR 0010).
    const instances = await page.evaluate(
      () => (globalThis as { __SHOP_CONTRACTS_INSTANCES__?: string[] }).__SHOP_CONTRACTS_INSTANCES__ ?? [],
    );
    const labels = instances.map((entry) => String(entry).split('#')[0]);
    expect(labels.sort()).toEqual(['bus']);
    // A first visit loads the cart and account models when the shopper first acts (issue 8): scroll the page.
    await page.mouse.wheel(0, 400);
    // The shell and each remote hand over a probe from their own `effector` and `@shop/contracts/bus` imports.
    type Debug = { apps: Record<string, unknown>; effectorInstances: number; contractsInstances: number };
    await expect
      .poll(async () => Object.keys((await page.evaluate(() => (window as unknown as { __SHOP_DEBUG__?: Debug }).__SHOP_DEBUG__))?.apps ?? {}).length)
      .toBeGreaterThanOrEqual(5);
    const debug = await page.evaluate(() => (window as unknown as { __SHOP_DEBUG__: Debug }).__SHOP_DEBUG__);
    expect(debug.effectorInstances).toBe(1);
    expect(debug.contractsInstances).toBe(1);
    await context.close();
  });
});
