import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newContext, watchErrors } from '../support/browser.js';
import type { ShopServer } from '../support/server.js';
import { findBrowseTarget, parseMoney } from './catalog-helpers.js';
import { useShopAndBrowser } from '../support/journey.js';

/** Issue 4: category → filter by colour and price (state in the URL) → product → colour and size → cart. */

let shop: ShopServer;
let browser: Browser;

useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

describe('browsing the catalogue', () => {
  it('filters a category by colour and price, opens a product, chooses colour and size and adds it to the cart', async () => {
    const target = await findBrowseTarget(shop.url);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);

    await page.goto('/');
    await page.locator('header').getByRole('link', { name: target.categoryName, exact: true }).first().click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/${target.categoryParam}`);
    await page.getByRole('heading', { level: 1, name: target.categoryName }).waitFor();

    // Colour facet: a checkbox per colour group; the choice goes into the URL.
    await page.getByRole('checkbox', { name: target.colorGroupLabel, exact: true }).check();
    await page.waitForURL((url) => url.searchParams.has('farge'));

    // Price facet in whole kroner, both bounds included.
    const from = Math.floor(target.price / 100) - 1;
    const to = Math.ceil(target.price / 100) + 1;
    await page.getByRole('textbox', { name: 'Fra (kr)' }).fill(String(from));
    await page.getByRole('textbox', { name: 'Til (kr)' }).fill(String(to));
    await page.getByRole('button', { name: 'Bruk pris' }).click();
    await page.waitForURL((url) => url.searchParams.get('pris') === `${from}-${to}`);

    const card = page.locator(`a[href="/product/${target.slug}"]`).first();
    // Disabled while the next page loads ("Vis flere – henter …").
    const more = page.getByRole('button', { name: /Vis flere/, disabled: false });
    for (let i = 0; i < 50 && (await card.count()) === 0; i++) {
      // The filtered listing, or its next page, has arrived once it shows the card or the button for more.
      await card.or(more).first().waitFor();
      if ((await card.count()) === 0) await more.click();
    }
    await card.waitFor();
    // Every card left is inside the price range (the campaign price when a campaign runs).
    const prices = (await page.locator('main [data-testid="product-card"] [data-testid="price"]').allInnerTexts()).map(parseMoney);
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(from * 100);
      expect(price).toBeLessThanOrEqual(to * 100);
    }

    // The filter state survives a reload: it lives in the URL.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: target.categoryName }).waitFor();
    expect(await page.getByRole('checkbox', { name: target.colorGroupLabel, exact: true }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('textbox', { name: 'Fra (kr)' }).inputValue()).toBe(String(from));
    await card.waitFor();

    await card.click();
    await page.waitForURL(`**/product/${target.slug}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    // Per-shop availability shows shop names (GET /shops).
    await page.getByRole('heading', { name: /Lagerstatus i butikk/ }).waitFor();

    await page.getByRole('button', { name: target.colorName, exact: true }).click();
    await page.getByRole('button', { name: target.sizeName, exact: true }).click();
    expect(await page.getByRole('button', { name: target.sizeName, exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await page.getByTestId('shop-stock').allInnerTexts()).some((row) => /på lager/.test(row))).toBe(true);
    await page.getByRole('button', { name: 'Legg i handlekurven' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes back through the filter changes with the browser buttons', async () => {
    const target = await findBrowseTarget(shop.url);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.goto(`/${encodeURIComponent(target.categoryParam)}`);
    const colour = page.getByRole('checkbox', { name: target.colorGroupLabel, exact: true });
    await colour.check();
    await page.waitForURL((url) => url.searchParams.has('farge'));
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('farge'));
    await expect.poll(() => colour.isChecked()).toBe(false);
    await context.close();
  });
});
