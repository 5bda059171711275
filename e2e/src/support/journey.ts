import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startShop, type ShopServer } from './server.js';

/**
 * A journey file's real shop and browser: both start before its tests (in parallel) and stop after them. `ready`
 * receives them once started, so the file keeps plain `shop` / `browser` variables. `env`: the shop's own settings
 * (a staff account for Redaksjon, a mailbox…).
 */
export function useShopAndBrowser(ready: (shop: ShopServer, browser: Browser) => void, env: Record<string, string> = {}): void {
  let shop: ShopServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(env), launchBrowser()]);
    ready(shop, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });
}

/** A public API answer (GET /api/v1{path}) as the shop gives it to anyone; a refusal fails the journey with its status. */
export async function getJson<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`);
  if (!response.ok) throw new Error(`GET ${path} → ${response.status}`);
  return (await response.json()) as T;
}
