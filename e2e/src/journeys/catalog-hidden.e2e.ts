import { describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { categoryDisplayName } from '@shop/contracts/mappers';
import { categoryParam } from '@shop/contracts/format';
import type { RawCategory } from '@shop/contracts/types';
import { newContext } from '../support/browser.js';
import type { ShopServer } from '../support/server.js';
import { api, findArticleByVisibility, navigateInApp } from './catalog-helpers.js';
import { useShopAndBrowser } from '../support/journey.js';

/** Issue 4 / SPEC §5: a product page needs the article to be visible on the web; otherwise the shopper goes back. */

let shop: ShopServer;
let browser: Browser;

useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

describe('a hidden article', () => {
  it("sends the shopper back to where they came from, and home on a cold load; search never shows it", async () => {
    const hidden = await findArticleByVisibility(shop.url, false);
    const [first] = await api<RawCategory[]>(shop.url, '/categories');
    const listing = `/${categoryParam(categoryDisplayName(first!.Name))}`;

    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.goto(listing);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await navigateInApp(page, `/product/${hidden.Slug}`);
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === listing);

    await page.goto(`/product/${hidden.Slug}`);
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`/search/${encodeURIComponent(hidden.Name)}`);
    await page.getByRole('heading', { level: 1, name: `Søk: «${hidden.Name}»` }).waitFor();
    await page.getByRole('status').filter({ hasText: /treff/ }).first().waitFor();
    if ((await page.locator(`a[href="/product/${hidden.Slug}"]`).count()) !== 0) throw new Error('hidden article listed by search');
    await context.close();
  });
});
