import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startShop, type ShopServer } from './server.js';

/**
 * A journey file's real shop and browser: both start before its tests (in parallel) and stop after them. `ready`
 * receives them once started, so the file keeps plain `shop` / `browser` variables.
 */
export function useShopAndBrowser(ready: (shop: ShopServer, browser: Browser) => void): void {
  let shop: ShopServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    ready(shop, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });
}
