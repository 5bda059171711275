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

describe('cart shared between tabs (SPEC §1/§3: cart state synced across tabs)', () => {
  it('adding in one tab updates the other tab’s badge and open cart modal; removing there empties both', async () => {
    const target = await findPurchasableArticle(shop.url);
    const context = await newContext(browser, shop.url);
    const first = await context.newPage();
    const second = await context.newPage();
    const firstErrors = watchErrors(first).errors;
    const secondErrors = watchErrors(second).errors;

    await second.goto('/');
    await second.locator('[title="Gå til kassen"]').first().waitFor();
    expect(await second.getByTestId('cart-count').count()).toBe(0);
    // Open the (empty) cart modal in the second tab first: it must follow changes made elsewhere while open.
    await second.locator('[title="Gå til kassen"]').first().click();
    const secondModal = second.getByTestId('cart-modal');
    await secondModal.getByText('Handlekurven din er tom.').waitFor();

    await first.goto(`/product/${target.slug}`);
    await first.getByRole('heading', { level: 1, name: target.name }).waitFor();
    await chooseOption(first, target.colorName);
    await chooseOption(first, target.sizeName);
    await first.getByRole('button', { name: 'Legg i handlekurven' }).click();
    await expect.poll(() => first.getByTestId('cart-count').textContent()).toBe('1');

    // No reload in the second tab: the storage event carries the change.
    await expect.poll(() => second.getByTestId('cart-count').textContent()).toBe('1');
    await secondModal.getByTestId('cart-line').first().waitFor();
    expect(await secondModal.getByTestId('cart-line').count()).toBe(1);
    expect(await secondModal.getByTestId('cart-line').first().innerText()).toContain(target.name);
    expect(await secondModal.getByRole('link', { name: 'Gå til kassen' }).getAttribute('href')).toBe('/checkout');

    // Remove from the second tab; the first follows.
    await secondModal.getByRole('button', { name: `Fjern ${target.name} fra handlekurven` }).click();
    await secondModal.getByText('Handlekurven din er tom.').waitFor();
    await expect.poll(() => first.getByTestId('cart-count').count()).toBe(0);
    await first.locator('[title="Gå til kassen"]').first().click();
    await first.getByTestId('cart-modal').getByText('Handlekurven din er tom.').waitFor();

    expect(firstErrors).toEqual([]);
    expect(secondErrors).toEqual([]);
    await context.close();
  });
});
