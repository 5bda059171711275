import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { newContext } from '../support/browser.js';
import type { ShopServer } from '../support/server.js';
import { findCollectableArticle, watchHealth } from './checkout-helpers.js';
import { chooseOption } from '../support/catalog.js';
import { useShopAndBrowser } from '../support/journey.js';

let shop: ShopServer;
let browser: Browser;

useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

describe('checkout: click-and-collect reservation', () => {
  it('reserves a line for pickup in the nearest shop with stock, paid when collecting, and shows the confirmation', async () => {
    const target = await findCollectableArticle(shop.url);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const health = watchHealth(page);

    await page.goto(`/product/${target.slug}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    await chooseOption(page, target.colorName);
    await chooseOption(page, target.sizeName);
    await page.getByRole('button', { name: 'Legg i handlekurven' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');

    // Through the cart modal to the checkout.
    await page.locator('[title="Gå til kassen"]').first().click();
    await page.getByTestId('cart-modal').getByRole('link', { name: 'Gå til kassen' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Kassen' }).waitFor();

    // Nothing filled in: errors are announced and linked to the fields.
    await page.getByRole('button', { name: 'Gå videre til betaling' }).click();
    await expect.poll(() => page.getByLabel('Navn').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Navn').fill('Kari Nordmann');
    await page.getByLabel('Mobilnummer').fill('+47 91234567');
    await page.getByLabel('E-post').fill('kari.e2e@example.no');
    await page.getByRole('radio', { name: /Klikk & Hent i butikk/ }).check();
    await page.getByLabel('Postnummer for å finne nærmeste butikk').fill(target.shopPostNo);
    await page.getByRole('button', { name: 'Finn butikker' }).click();
    const shopOption = page.getByTestId('shop-option').filter({ hasText: target.shopName }).first();
    await shopOption.waitFor();
    expect(await shopOption.innerText()).toMatch(/mandag/i);
    expect(await shopOption.innerText()).toMatch(/på lager/);
    await shopOption.getByRole('radio').check();

    const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await page.getByRole('button', { name: 'Gå videre til betaling' }).click();
    await page.waitForURL((url) => url.searchParams.get('steg') === 'betaling');
    await page.getByText(/Reservasjonsnummer \d+/).waitFor();
    await page.getByRole('radio', { name: 'Betal ved henting i butikken' }).check();
    await page.getByRole('button', { name: 'Til betaling' }).click();

    await page.waitForURL((url) => url.searchParams.get('steg') === 'bekreftelse');
    const confirmation = page.getByTestId('checkout-confirmation');
    await confirmation.getByRole('heading', { name: 'Takk for bestillingen!' }).waitFor();
    expect(await confirmation.innerText()).toContain(target.name);
    expect(await confirmation.innerText()).toContain('Du betaler når du henter varene i butikken.');
    await expect.poll(() => page.getByTestId('cart-count').count()).toBe(0);
    expect(health.unexpected()).toEqual([]);
    await context.close();
  });
});
