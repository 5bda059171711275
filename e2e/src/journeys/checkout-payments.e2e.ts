import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoney } from '@shop/contracts/format';
import { newContext } from '../support/browser.js';
import type { ShopServer } from '../support/server.js';
import { addAndGoToCheckout, chooseShop, fillContact, findCollectableArticle, watchHealth } from './checkout-helpers.js';
import { useShopAndBrowser } from '../support/journey.js';

let shop: ShopServer;
let browser: Browser;

useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

/**
 * Pays in the provider's stand-in checkout (its snippet is an iframe with a "Betal" button and, like the real
 * snippets, an inline bootstrap script, which runs only under the page's CSP nonce).
 */
async function payInSnippet(page: Page): Promise<void> {
  await page.getByTestId('payment-snippet').locator('iframe').waitFor();
  await page.locator('[data-testid="payment-snippet"] [data-booted]').waitFor({ timeout: 5000 });
  await page.frameLocator('[data-testid="payment-snippet"] iframe').getByRole('button', { name: /^Betal/ }).click();
}

async function expectConfirmation(page: Page, articleName: string, provider: string): Promise<void> {
  await page.waitForURL((url) => url.searchParams.get('steg') === 'bekreftelse');
  const confirmation = page.getByTestId('checkout-confirmation');
  await confirmation
    .getByRole('heading', { name: 'Takk for bestillingen!' })
    .waitFor({ timeout: 20_000 })
    .catch(async (error: unknown) => {
      await page.screenshot({ path: `${process.env.CC_SHOT_DIR ?? '/tmp'}/cc-confirmation-${provider}.png`, fullPage: true });
      console.log(page.url(), await page.locator('main').innerText());
      throw error;
    });
  const text = await confirmation.innerText();
  expect(text).toContain(articleName);
  expect(text).toContain(`Betalt med ${provider}`);
  expect(text).toMatch(/Reservasjonsnummer \d+/);
  await expect.poll(() => page.getByTestId('cart-count').count()).toBe(0);
}

describe('checkout payments through the provider stand-ins', () => {
  it('click-and-collect paid with the Qliro-type provider', async () => {
    const target = await findCollectableArticle(shop.url, 2);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const health = watchHealth(page);
    await addAndGoToCheckout(page, target);
    await fillContact(page, 'qliro.e2e@example.no');
    await chooseShop(page, target);
    await page.getByRole('button', { name: 'Gå videre til betaling' }).click();
    await page.waitForURL((url) => url.searchParams.get('steg') === 'betaling');
    await page.getByRole('radio', { name: 'Qliro' }).check();
    await page.getByRole('button', { name: 'Til betaling' }).click();
    await payInSnippet(page);
    await expectConfirmation(page, target.name, 'Qliro');
    // One Qliro-type order per shop is remembered.
    const qliro = JSON.parse((await page.evaluate(() => localStorage.getItem('qliroOrders'))) ?? '[]') as unknown[];
    expect(qliro).toHaveLength(1);
    expect(health.unexpected()).toEqual([]);
    await context.close();
  });

  it('a campaign article: the campaign price the cart shows is the price reserved, paid and confirmed', async () => {
    const target = await findCollectableArticle(shop.url, 1, undefined, true);
    expect(target.originalPrice).toBeGreaterThan(target.price);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const health = watchHealth(page);
    await addAndGoToCheckout(page, target);
    await fillContact(page, 'kampanje.e2e@example.no');
    await chooseShop(page, target);
    // Click-and-collect is free: the cart's total is the campaign price of the one unit.
    const kr = (s: string) => s.replace(/\s+/g, ' ').trim();
    await expect.poll(async () => kr(await page.getByTestId('cart-total').innerText())).toBe(kr(formatMoney(target.price)));
    const reserved = page.waitForResponse((r) => r.url().endsWith('/api/v1/reservations') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Gå videre til betaling' }).click();
    const reservation = await reserved;
    expect(reservation.status()).toBe(201);
    const sent = reservation.request().postDataJSON() as { items: Array<{ CampaignArticleID: number | null }> };
    // The line names the campaign its price comes from (a null would have been charged the list price before ADR 0019).
    expect(sent.items).toEqual([expect.objectContaining({ CampaignArticleID: expect.any(Number) })]);
    expect(((await reservation.json()) as { Total: number }).Total).toBe(target.price);
    await page.waitForURL((url) => url.searchParams.get('steg') === 'betaling');
    await page.getByRole('radio', { name: 'Qliro' }).check();
    await page.getByRole('button', { name: 'Til betaling' }).click();
    await payInSnippet(page);
    await expectConfirmation(page, target.name, 'Qliro');
    expect(kr(await page.getByTestId('confirmation-total').innerText())).toBe(kr(formatMoney(target.price)));
    expect(health.unexpected()).toEqual([]);
    await context.close();
  });

  it('home delivery paid with the Klarna-type provider', async () => {
    const target = await findCollectableArticle(shop.url, 1);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const health = watchHealth(page);
    await addAndGoToCheckout(page, target);
    await fillContact(page, 'klarna.e2e@example.no');
    await page.getByRole('radio', { name: /Hjemlevering/ }).check();
    // One price for home delivery: the cart's freight (state key "shipping", what the cart modal shows as "Frakt ved
    // hjemlevering") in the option's label and the summary's "Frakt: Hjemlevering" line — not the method's 199,00.
    const freight = Number(await page.evaluate(() => localStorage.getItem('shipping')));
    const freightKr = `${(freight / 100).toFixed(2).replace('.', ',')} kr`;
    const plain = (s: string) => s.replace(/\s+/g, ' ').trim();
    expect(freight).toBeGreaterThan(0);
    expect(plain(await page.getByTestId('cart-freight').innerText())).toBe(freightKr);
    expect(plain(await page.locator('label', { hasText: 'Hjemlevering –' }).innerText())).toContain(`Hjemlevering – ${freightKr}`);
    // Address lookup: no house number is refused with the spec's text; a full address is matched and fills the city.
    await page.getByLabel('Gateadresse').fill('Karl Johans gate');
    await page.getByRole('button', { name: 'Finn adressen' }).click();
    await page.getByText("Ingen husnummer oppgitt - addresse må være på format: 'gateaddresse husnummer'").waitFor();
    expect(await page.getByLabel('Gateadresse').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Gateadresse').fill('Karl Johans gate 14');
    await page.getByLabel('Postnummer', { exact: true }).fill('0154');
    await page.getByRole('button', { name: 'Finn adressen' }).click();
    await page.getByText(/Valgt adresse: Karl Johans gate 14, 0154/i).waitFor();
    await expect.poll(() => page.getByLabel('Poststed').inputValue()).toMatch(/oslo/i);
    await page.getByRole('button', { name: 'Gå videre til betaling' }).click();
    await page.waitForURL((url) => url.searchParams.get('steg') === 'betaling');
    await page.getByRole('radio', { name: 'Klarna' }).check();
    await page.getByRole('button', { name: 'Til betaling' }).click();
    await payInSnippet(page);
    await expectConfirmation(page, target.name, 'Klarna');
    expect(await page.getByTestId('checkout-confirmation').innerText()).toMatch(/Leveres til Karl Johans gate 14, 0154 oslo/i);
    const klarna = JSON.parse((await page.evaluate(() => localStorage.getItem('klarnaOrders'))) ?? '[]') as unknown[];
    expect(klarna).toHaveLength(1);
    expect(health.unexpected()).toEqual([]);
    await context.close();
  });
});
