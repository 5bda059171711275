import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newContext, watchErrors } from '../support/browser.js';
import type { ShopServer } from '../support/server.js';
import { findArticleNamed } from './catalog-helpers.js';
import { useShopAndBrowser } from '../support/journey.js';

/** Issue 4: search with a typo finds the product; the search box suggests as you type; facets in the URL. */

let shop: ShopServer;
let browser: Browser;

useShopAndBrowser((started, launched) => {
  shop = started;
  browser = launched;
});

/** "vindjakke" → "vinjdakke": two neighbours swapped, the typo the issue names. */
const swapTypo = (word: string) => word.replace(/dj/i, 'jd');

describe('search', () => {
  it('finds a product when the shopper swaps two letters, and opens it', async () => {
    const target = await findArticleNamed(shop.url, /\bvindjakke\b/i);
    const words = target.Name.split(/\s+/);
    const distinctive = words.find((w) => !/vindjakke/i.test(w) && w.length >= 4 && !/^(herre|dame|junior|barn)$/i.test(w)) ?? '';
    const query = `${swapTypo('vindjakke')} ${distinctive}`.trim();

    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    await page.goto(`/search/${encodeURIComponent(query)}`);
    await page.getByRole('heading', { level: 1, name: `Søk: «${query}»` }).waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /treff/ }).first().innerText()).toMatch(/^\d+ treff/);
    const card = page.locator(`a[href="/product/${target.Slug}"]`).first();
    await card.waitFor();
    await card.click();
    await page.getByRole('heading', { level: 1, name: target.Name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('suggests products as the shopper types and searches on Enter', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    // The search page carries the box too (the demo brand's single-line header hides the header's search, SPEC §2).
    await page.goto('/search/lue');
    const box = page.locator('main').getByRole('combobox', { name: 'Søk i nettbutikken' });
    await box.waitFor();
    await box.fill('vindj');
    const suggestions = page.getByRole('listbox', { name: 'Forslag' });
    await suggestions.waitFor();
    await expect.poll(async () => (await suggestions.getByRole('option').allInnerTexts()).some((t) => /vindjakke/i.test(t))).toBe(true);
    await box.press('Enter');
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === '/search/vindj');
    await page.getByRole('heading', { level: 1, name: 'Søk: «vindj»' }).waitFor();
    await context.close();
  });

  it('shows a broad search as "1000+ treff" and pages on with "Vis flere (976+)" (the count stops at its bound)', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const { errors } = watchErrors(page);
    // "s" as typed so far: every word starting with s, far more than the 1 000 hits the server counts exactly.
    await page.goto('/search/s');
    await expect.poll(() => page.getByRole('status').filter({ hasText: /treff/ }).first().innerText()).toBe('1000+ treff');
    const more = page.getByRole('button', { name: 'Vis flere (976+)' });
    await more.click();
    await page.getByRole('button', { name: 'Vis flere (952+)' }).waitFor();
    expect(await page.locator('main a[href^="/product/"]').evaluateAll((links) => new Set(links.map((a) => a.getAttribute('href'))).size)).toBe(48);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('narrows the hits with a facet whose state is in the URL', async () => {
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    await page.goto('/search/jakke');
    const count = page.getByRole('status').filter({ hasText: /treff/ }).first();
    await count.waitFor();
    const before = Number((await count.innerText()).split(' ')[0]);
    expect(before).toBeGreaterThan(0);
    await page.getByRole('checkbox', { name: 'Dame', exact: true }).check();
    await page.waitForURL((url) => url.searchParams.has('kjonn'));
    await expect.poll(async () => Number((await count.innerText()).split(' ')[0])).toBeLessThan(before);
    await context.close();
  });
});
