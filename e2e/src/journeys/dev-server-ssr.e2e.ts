/**
 * Issue 22's "Working on one remote alone": a remote's dev server renders on the server too. The catalogue team runs
 * its dev server (`rspack serve --mode development` in its package, here a copy of it) and the shop with a registry
 * naming that dev origin; the shop's server renders the catalogue's pages with the dev server's server build, the
 * browser hydrates them with its browser build without a mismatch, and an edit to the source is in the server's next
 * HTML without restarting the shop. All of it whatever host name the shop is opened at: at localhost, the dev server's
 * own name in the registry, and at 127.0.0.1, a page of another site than the dev server's (as the shop at any other
 * name of the machine is), whose scripts the dev server must still serve (issue 34).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser, newContext, watchErrors } from '../support/browser.js';
import { copyRemote, patchSource, replaceOnce } from '../support/deployRemote.js';
import { startDevServer, type DevServer } from '../support/devServer.js';
import { startShop, type ShopServer } from '../support/server.js';

const GRID = '<ul className={styles.grid} aria-label={label}>';
/** What the catalogue's grid says in the copy the dev server serves, before and after the developer's edit. */
const before = 'utvikling 1';
const after = 'utvikling 2';
const gridSaying = (text: string) => `<ul className={styles.grid} aria-label={label} data-dev-edit=${JSON.stringify(text)}>`;

let copy: ReturnType<typeof copyRemote>;
let dev: DevServer;
let shop: ShopServer;
let browser: Browser;

/** The document the shop's server sends for a category page. */
async function firstHtml(): Promise<string> {
  const response = await fetch(`${shop.url}/klaer`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(200);
  return response.text();
}

async function entryEtag(): Promise<string | null> {
  return (await fetch(`${dev.origin}/server/remoteEntry.js`, { method: 'HEAD' })).headers.get('etag');
}

/** The host names the journey opens the shop at. */
const HOSTS = ['localhost', '127.0.0.1'] as const;
const shopAt = (host: (typeof HOSTS)[number]) => `http://${host}:${shop.port}`;

/** A category page in a fresh tab of the shop at `origin`: hydrated, with the grid the dev build renders; the page's errors. */
async function hydratedGrid(text: string, origin = shop.url): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, origin);
  const page = await context.newPage();
  const { errors } = watchErrors(page);
  // The dev server refusing one of its files to this page (403 "Cross-Origin request blocked") is the failure here.
  page.on('response', (response) => {
    if (response.url().startsWith(dev.origin) && response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  // Hydration complaints that React logs as warnings count too.
  page.on('console', (message) => {
    if (message.type() === 'warning' && /hydrat|did not match/i.test(message.text())) errors.push(`warning: ${message.text()}`);
  });
  // The dev build's hot-update client keeps a socket to the dev server, which greets it once it has let it in.
  const socketGreeted = new Promise<void>((resolve) => page.on('websocket', (socket) => socket.once('framereceived', () => resolve())));
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  await page.goto('/klaer');
  // React reports a mismatch in the commit that hydrates a boundary, before the shell marks the page.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const askedByThen = [...open];
  await page
    .locator(`main ul[data-dev-edit="${text}"] > li`)
    .first()
    .waitFor()
    .catch((error: Error) => {
      throw new Error(`${error.message}\nthe page's errors: ${JSON.stringify(errors)}`);
    });
  // A file the dev server refuses is counted when its answer comes (above): the requests open at the mark have theirs.
  await Promise.all([socketGreeted, ...askedByThen.map(async (request) => (await request.response())?.finished())]);
  return { page, errors };
}

beforeAll(async () => {
  copy = copyRemote('mf-catalog', { 'src/listing/ProductGrid.tsx': (source) => replaceOnce(source, GRID, gridSaying(before)) });
  [dev, browser] = await Promise.all([startDevServer(copy.dir), launchBrowser()]);
  shop = await startShop({
    REMOTES_JSON: JSON.stringify({
      mf_catalog: `${dev.origin}/mf-manifest.json`,
      mf_cart_checkout: '/mf/mf-cart-checkout/mf-manifest.json',
      mf_account: '/mf/mf-account/mf-manifest.json',
      mf_content: '/mf/mf-content/mf-manifest.json',
    }),
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await dev?.stop();
  copy?.remove();
});

describe("the shop with a registry naming a remote's dev server", () => {
  it("the server's first HTML of a category page is the dev server's catalogue: its grid, in development mode", async () => {
    const html = await firstHtml();
    expect(html).toMatch(new RegExp(`<ul class="[^"]+"[^>]* data-dev-edit="${before}"><li>`));
    // Development CSS Modules names (`catalog__<file>__<class>`, rspack.base.mjs), as the dev browser build's
    // stylesheets have them: the production build's hashed names would leave the server's markup unstyled.
    expect(html).toMatch(/<ul class="catalog__[\w.]+__grid"/);
  });

  it.each(HOSTS)('opened at %s, the browser hydrates it with the dev browser build: no mismatch, no error (the hot-update socket is allowed)', async (host) => {
    const { page, errors } = await hydratedGrid(before, shopAt(host));
    expect(await page.locator('main ul[data-dev-edit] > li').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("after an edit, the server's next HTML has it, without a restart of the shop, and hydrates without a mismatch", { timeout: 60_000 }, async () => {
    const etag = await entryEtag();
    patchSource(copy.dir, { 'src/listing/ProductGrid.tsx': (source) => replaceOnce(source, gridSaying(before), gridSaying(after)) });
    await expect.poll(entryEtag, { timeout: 30_000, interval: 250 }).not.toBe(etag);
    // The shop checks a remote's entry at most every 2 s (shell/src/server/remoteRegistry.ts).
    await expect.poll(firstHtml, { timeout: 15_000, interval: 250 }).toContain(`data-dev-edit="${after}"`);
    for (const host of HOSTS) {
      const { page, errors } = await hydratedGrid(after, shopAt(host));
      expect(await page.locator(`main ul[data-dev-edit="${before}"]`).count(), host).toBe(0);
      expect(errors, host).toEqual([]);
      await page.context().close();
    }
  });
});
