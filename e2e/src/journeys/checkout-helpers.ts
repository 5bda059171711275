import type { Page } from 'playwright-core';
import { mapArticle } from '@shop/contracts/mappers';
import type { RawArticleDetail } from '@shop/contracts/types';
import { addOneFromProductPage } from '../support/catalog.js';

/** Helpers of the checkout journeys (checkout-*.e2e.ts). */
export interface CollectableArticle {
  name: string;
  slug: string;
  colorName: string;
  sizeName: string;
  shopName: string;
  shopPostNo: string;
  /** Øre: what the catalogue shows for it now (a running campaign's price when one lowers it). */
  price: number;
  /** Øre: the list price when a campaign lowers `price`, else null. */
  originalPrice: number | null;
}

/**
 * Through the real API: a purchasable article whose variant has at least `minQty` in one physical shop (not 55),
 * or in `shopId` when given (the staff journeys need Oslo Sentrum, the demo shop employee's shop); with `inCampaign`,
 * only an article whose price a running campaign lowers.
 */
export async function findCollectableArticle(baseUrl: string, minQty = 1, shopId?: number, inCampaign = false): Promise<CollectableArticle> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/v1${path}`);
    if (!response.ok) throw new Error(`GET ${path} → ${response.status}`);
    return (await response.json()) as T;
  };
  const shops = await get<Array<{ ShopID: number; Name: string; PostNo: string; OpeningHours: string }>>('/shops');
  const pickup = new Map(shops.filter((s) => s.ShopID !== 55 && s.OpeningHours !== '' && (shopId === undefined || s.ShopID === shopId)).map((s) => [s.ShopID, s]));
  const categories = await get<Array<{ MainGroupID: number; Name: string }>>('/categories');
  for (const category of categories) {
    const page = await get<{ data: Array<{ ArticleID: number }> }>(`/categories/${category.MainGroupID}/articles?per_page=20`);
    for (const listed of page.data) {
      if (inCampaign && !(listed as { Campaigns?: unknown[] }).Campaigns?.length) continue;
      const detail = await get<any>(`/articles/${listed.ArticleID}`);
      if (detail.PurchasableOnWeb !== 1 || detail.VisibleOnWeb !== 1) continue;
      const { price, originalPrice } = mapArticle(detail as RawArticleDetail);
      if (inCampaign && originalPrice === null) continue;
      for (const variant of detail.Variants ?? []) {
        const inShop = (variant.Shops ?? []).find((s: any) => s.Qty >= minQty && pickup.has(s.ShopID));
        if (!inShop) continue;
        const where = pickup.get(inShop.ShopID)!;
        return {
          name: detail.Name, slug: detail.Slug, colorName: variant.Color.Name, sizeName: variant.Size.Name, shopName: where.Name, shopPostNo: where.PostNo,
          price, originalPrice,
        };
      }
    }
  }
  throw new Error(`no ${inCampaign ? 'campaign ' : ''}article in stock in a physical shop found`);
}

/** Adds one of the article's variant from its product page and goes to /checkout through the cart modal. */
export async function addAndGoToCheckout(page: Page, target: CollectableArticle): Promise<void> {
  await addOneFromProductPage(page, target);
  await page.locator('[title="Gå til kassen"]').first().click();
  await page.getByTestId('cart-modal').getByRole('link', { name: 'Gå til kassen' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout');
  await page.getByRole('heading', { level: 1, name: 'Kassen' }).waitFor();
}

export async function fillContact(page: Page, email: string): Promise<void> {
  await page.getByLabel('Navn').fill('Kari Nordmann');
  await page.getByLabel('Mobilnummer').fill('+47 91234567');
  await page.getByLabel('E-post').fill(email);
}

/** Picks the target's shop for click-and-collect by its postcode. */
export async function chooseShop(page: Page, target: CollectableArticle): Promise<void> {
  await page.getByRole('radio', { name: /Klikk & Hent i butikk/ }).check();
  await page.getByLabel('Postnummer for å finne nærmeste butikk').fill(target.shopPostNo);
  await page.getByRole('button', { name: 'Finn butikker' }).click();
  const option = page.getByTestId('shop-option').filter({ hasText: target.shopName }).first();
  await option.waitFor();
  await option.getByRole('radio').check();
}

/** Records failed responses and page/console errors; `unexpected()` lists them all (a journey expects none). */
export function watchHealth(page: Page): { unexpected: () => string[] } {
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return {
    unexpected() {
      return [...failed, ...errors];
    },
  };
}
