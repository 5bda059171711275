/**
 * Issue 21, cart and shipping, as a shopper meets them in the browser:
 * - the cart limit (SPEC §4), at 375 px: an add beyond the first shop's stock is refused in Norwegian instead of
 *   "… er lagt i handlekurven.", in this tab and in another tab of the same browser, and the cart line says why + is off;
 * - at 1280 px: click-and-collect lists the shops that hold the whole cart first and does not let a shop without it be
 *   chosen; one shipping price: the cart modal, the checkout's home-delivery option and GET /shipping_methods?articles= agree.
 * The rules case by case (the web purchase limit, each refusal's text, the ceiling per line, the shops' order, the freight
 * of a cart) are unit and API tests: docs/testing.md, "Journeys and where their rules are checked".
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoney } from '@shop/contracts/format';
import { newContext, watchErrors } from '../support/browser.js';
import type { ShopServer } from '../support/server.js';
import { chooseOption } from '../support/catalog.js';
import { useShopAndBrowser } from '../support/journey.js';

let shop: ShopServer;
let browser: Browser;

useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

interface Target {
  id: number;
  name: string;
  slug: string;
  colorName: string;
  sizeName: string;
  limit: number;
  /** Shops[0].Qty: the first shop's stock, the cart's ceiling for the line. */
  firstStock: number;
  variantShops: Array<{ ShopID: number; Qty: number }>;
}

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${shop.url}/api/v1${path}`);
  if (!response.ok) throw new Error(`GET ${path} → ${response.status}`);
  return (await response.json()) as T;
}

/** Through the real API: the first purchasable, web-visible variant the test asks for. */
async function findVariant(wanted: (t: Target) => boolean): Promise<Target> {
  const categories = await get<Array<{ MainGroupID: number }>>('/categories');
  for (const category of categories) {
    for (const pageNo of [1, 2, 3]) {
      const list = await get<{ data: Array<{ ArticleID: number }> }>(`/categories/${category.MainGroupID}/articles?per_page=40&page=${pageNo}`);
      for (const listed of list.data) {
        const d = await get<any>(`/articles/${listed.ArticleID}`);
        if (d.PurchasableOnWeb !== 1 || d.VisibleOnWeb !== 1 || d.OnlyCC === 1) continue;
        // Variants without a colour or size name cannot be picked by name on the page.
        for (const v of d.Variants ?? []) {
          if (!v.Color?.Name || !v.Size?.Name) continue;
          const target: Target = {
            id: d.ArticleID, name: d.Name, slug: d.Slug, colorName: v.Color.Name, sizeName: v.Size.Name,
            limit: d.WebPurchaseLimit, firstStock: v.Shops?.[0]?.Qty ?? 0, variantShops: v.Shops ?? [],
          };
          if (wanted(target)) return target;
        }
      }
    }
  }
  throw new Error('no variant of the wanted kind in the seeded catalogue');
}

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

const cartButton = (page: Page) => page.locator('[title="Gå til kassen"]').filter({ visible: true }).first();
const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

async function openProduct(page: Page, target: Target): Promise<void> {
  await page.goto(`/product/${target.slug}`);
  await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
  await chooseOption(page, target.colorName);
  await chooseOption(page, target.sizeName);
}

/** The product page's answer to an add (the status line under "Legg i handlekurven"). */
const answerOf = (page: Page) => page.locator('p[role="status"]').filter({ hasText: /handlekurven|ble ikke lagt til/ }).first();

/**
 * One click on "Legg i handlekurven", then the page's answer must read `expected` (the cart answers on the bus).
 * Each answer differs from the one before, so the poll cannot pass on the previous click's text.
 */
async function add(page: Page, expected: string): Promise<void> {
  await page.getByRole('button', { name: 'Legg i handlekurven' }).click();
  await expect.poll(async () => ((await answerOf(page).count()) > 0 ? flat(await answerOf(page).textContent()) : '')).toBe(expected);
}

const badge = (page: Page) => page.getByTestId('cart-count').filter({ visible: true }).first();

describe('cart limit, pickup shops and shipping', () => {
  it('at 375 px: refuses an add beyond the first shop\'s stock in Norwegian, in this tab and in another', async () => {
    const size = PHONE;
    const target = await findVariant((t) => t.firstStock === 2 && t.limit >= 3);
    const context = await newContext(browser, shop.url);
    const first = await context.newPage();
    await first.setViewportSize(size);
    const errors = watchErrors(first).errors;

    await openProduct(first, target);
    await add(first, `${target.name} er lagt i handlekurven.`);
    await add(first, `${target.name} er lagt i handlekurven. Du har nå 2 stk.`);
    const refusal = `${target.name} ble ikke lagt til: det er bare 2 stk. på lager.`;
    await add(first, refusal);
    expect(await answerOf(first).getAttribute('data-outcome')).toBe('stock');
    expect(await first.getByText(/er lagt i handlekurven/).count()).toBe(0);
    await expect.poll(() => badge(first).textContent()).toBe('2');

    // Another tab of the same browser holds the same lines and applies the same rule.
    const second = await context.newPage();
    await second.setViewportSize(size);
    await openProduct(second, target);
    await add(second, refusal);
    await expect.poll(() => badge(second).textContent()).toBe('2');
    expect(await badge(first).textContent()).toBe('2');

    // The cart line says why + is off.
    await cartButton(second).click();
    const modal = second.getByTestId('cart-modal');
    await modal.getByTestId('cart-line-count').waitFor();
    expect(await modal.getByTestId('cart-line-count').textContent()).toBe('2');
    expect(await modal.getByRole('button', { name: `Legg til én ${target.name}` }).isDisabled()).toBe(true);
    expect(await modal.getByTestId('cart-line-ceiling').textContent()).toBe('Bare 2 stk. på lager.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 1280 px: click-and-collect: shops with the whole cart first, the others marked and not choosable; one shipping price', async () => {
    const size = DESKTOP;
    const pickupIds = new Set(
      (await get<Array<{ ShopID: number; OpeningHours: string }>>('/shops')).filter((s) => s.ShopID !== 55 && s.OpeningHours !== '').map((s) => s.ShopID),
    );
    // In stock in some pickup shops and not in others, so both kinds appear.
    const target = await findVariant((t) => {
      const inPickup = t.variantShops.filter((s) => pickupIds.has(s.ShopID) && s.Qty >= 1).length;
      return inPickup >= 1 && inPickup < pickupIds.size;
    });
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.setViewportSize(size);
    const errors = watchErrors(page).errors;
    await openProduct(page, target);
    await add(page, `${target.name} er lagt i handlekurven.`);
    await expect.poll(() => badge(page).textContent()).toBe('1');

    // The price the API quotes for this cart is what the cart modal shows for home delivery…
    const quoted = (await get<Array<{ ShippingMethodID: string; Price: number; PriceRule: string }>>(`/shipping_methods?articles=${target.id}`))
      .find((m) => m.PriceRule === 'cart-freight')!;
    await cartButton(page).click();
    const modal = page.getByTestId('cart-modal');
    await modal.getByTestId('cart-freight').waitFor();
    expect(flat(await modal.getByTestId('cart-freight').textContent())).toBe(flat(formatMoney(quoted.Price)));
    await modal.getByRole('link', { name: 'Gå til kassen' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Kassen' }).waitFor();
    // …and what the checkout's home-delivery option costs.
    const homeOption = page.getByRole('radio', { name: /Hjemlevering/ });
    await homeOption.waitFor();
    const homeLabel = flat(await page.locator(`label[for="${await homeOption.getAttribute('id')}"]`).textContent());
    expect(homeLabel).toContain(`– ${flat(formatMoney(quoted.Price))}`);

    await page.getByRole('radio', { name: /Klikk & Hent i butikk/ }).check();
    await page.getByLabel('Postnummer for å finne nærmeste butikk').fill('0150');
    await page.getByRole('button', { name: 'Finn butikker' }).click();
    const options = page.getByTestId('shop-option');
    await options.first().waitFor();
    // The server's answer (GET /availability/pickup) decides: wait until the marks match it.
    const answer = await get<Array<{ ShopID: number; Complete: 0 | 1 }>>(
      `/availability/pickup?items=${(await page.evaluate(() => JSON.parse(localStorage.getItem('orders') ?? '[]')))
        .map((l: { ean: string; count: number }) => `${l.ean}:${l.count}`)
        .join(',')}`,
    );
    const completeCount = answer.filter((a) => a.Complete === 1 && pickupIds.has(a.ShopID)).length;
    expect(completeCount).toBeGreaterThan(0);
    await expect.poll(async () => (await options.evaluateAll((els) => els.map((el) => el.getAttribute('data-complete')))).join(','))
      .toBe([...Array(completeCount).fill('true'), ...Array((await options.count()) - completeCount).fill('false')].join(','));
    const lacking = page.locator('[data-testid="shop-option"][data-complete="false"]').first();
    expect(await lacking.getByRole('radio').isDisabled()).toBe(true);
    expect(flat(await lacking.getByTestId('shop-verdict').textContent())).toBe('Mangler varer fra handlekurven – kan ikke velges');
    const complete = page.locator('[data-testid="shop-option"][data-complete="true"]').first();
    expect(flat(await complete.getByTestId('shop-verdict').textContent())).toBe('Har alle varene i handlekurven');
    await complete.getByRole('radio').check();
    expect(await complete.getByRole('radio').isChecked()).toBe(true);
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await context.close();
  });
});
