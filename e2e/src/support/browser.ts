import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's chromium with the flags this machine needs (no network but loopback, no sandbox as root). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Collects page errors and console errors so a journey can assert the page stayed healthy. */
export function watchErrors(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { errors };
}

/**
 * A server-rendered page shows its markup before its code has hydrated it (issue 22; the page marks the moment with
 * <html data-hydrated>, shell/src/start/firstCommit.tsx). Its forms work in between, as plain forms, and controls
 * that need the code are disabled (before-hydration.e2e.ts tests exactly that); the other journeys test what the page
 * does once its code runs: after each goto/reload, wait for that mark (never failing on it: a page whose shell cannot
 * load is some journeys' subject).
 */
const HYDRATION_WAIT_MS = 10_000;
function waitForHydrationAfterLoads(page: Page): void {
  const waitForHydration = () => page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: HYDRATION_WAIT_MS }).catch(() => undefined);
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await waitForHydration();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await waitForHydration();
    return response;
  };
}

/** A shopper's browser (Norwegian, 1280 × 900 unless `options` say otherwise) whose journeys act once a page has hydrated. */
export async function newContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'nb-NO', viewport: { width: 1280, height: 900 }, ...options });
  context.on('page', waitForHydrationAfterLoads);
  return context;
}
