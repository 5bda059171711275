import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { launchBrowser, newContext } from '../support/browser.js';
import { chooseOption, findPurchasableArticle, type PurchasableArticle } from '../support/catalog.js';
import { repoRoot } from '../support/paths.js';
import { PAGE_DATA_ELEMENT_ID } from '@shop/contracts/ssr';
import { startShop, type ShopServer } from '../support/server.js';
import { addAndGoToCheckout, fillContact, findCollectableArticle } from './checkout-helpers.js';

/**
 * Production-grade faults (issue "Production grade", fault suite):
 *  - each of the four remotes fails in each of three ways — its manifest answers 404, the chunk of the exposed page
 *    answers 500, or the page throws while rendering because an API answer has the wrong shape — and the shell,
 *    header, cart badge and the other remotes keep working; the failed area shows the Norwegian fallback with
 *    "Prøv igjen", which brings the page back once the failure is lifted;
 *  - the API process crashes in the middle of a checkout: the cart survives in the browser, an order paid at the
 *    provider while the shop is down is confirmed after the restart, and a repeated payment push changes nothing.
 *
 * The payment provider is an external service: its stand-in (the same plugin the server mounts) runs here in the
 * test process, so the provider keeps its state while the shop process is killed and restarted.
 */
const FALLBACK = 'Denne delen av siden kunne ikke lastes.';
const RETRY = 'Prøv igjen';

type RemoteId = 'mf_catalog' | 'mf_cart_checkout' | 'mf_account' | 'mf_content';
type Mode = 'manifest 404' | 'page chunk 500' | 'throws while rendering';

interface RemoteCase {
  remote: RemoteId;
  dir: string;
  /** The screen this remote renders, and the exposed module behind it. */
  path: () => string;
  module: string;
  /** An API answer of the wrong shape (a name that is an object) that makes the page throw during render. */
  badApi: { glob: string; body: () => unknown };
  /** Proves the screen rendered (not the fallback). */
  rendered: (page: Page) => Promise<void>;
  /** Reaches this remote from another screen by the site's own links, and proves it works. */
  visit: (page: Page) => Promise<void>;
}

let browser: Browser;
let shop: ShopServer;
let provider: FastifyInstance;
let providerUrl: string;
let article: PurchasableArticle;

const objectName = { nb: 'ikke en tekst' };
const heading1 = (page: Page) => page.locator('main h1').first();
const fallbackIn = (page: Page) => page.locator('main').getByText(FALLBACK);

const CASES: RemoteCase[] = [
  {
    remote: 'mf_catalog',
    dir: 'mf-catalog',
    path: () => `/${encodeURIComponent(article.categoryParam)}`,
    module: 'CategoryPage',
    badApi: {
      glob: '**/api/v1/categories/*/articles?*',
      body: () => ({ data: [{ ArticleID: article.id, Name: objectName }], total: 1, meta: { current_page: 1, last_page: 1, total: 1, per_page: 20 } }),
    },
    rendered: async (page) => {
      await page.locator('main').getByRole('heading', { level: 1, name: article.categoryName }).waitFor();
      await expect.poll(() => page.locator('main').innerText()).toMatch(/\d+,\d{2}\s*kr/);
    },
    visit: async (page) => {
      await page.locator('header').getByRole('link', { name: article.categoryName, exact: true }).first().click();
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/${article.categoryParam}`);
      await expect.poll(() => page.locator('main').innerText()).toMatch(/\d+,\d{2}\s*kr/);
    },
  },
  {
    remote: 'mf_cart_checkout',
    dir: 'mf-cart-checkout',
    path: () => '/checkout',
    module: 'CheckoutPage',
    badApi: {
      glob: '**/api/v1/shipping_methods',
      body: () => [{ ShippingMethodID: 'delivery', Name: objectName, Description: objectName, Price: 19900 }],
    },
    rendered: async (page) => {
      await page.locator('main').getByRole('heading', { level: 1, name: 'Kassen' }).waitFor();
      await page.locator('main').getByText(article.name).first().waitFor();
    },
    visit: async (page) => {
      // The header's cart link opens the cart modal (a widget of this remote) with the line in it.
      await page.locator('[title="Gå til kassen"]').first().click();
      const modal = page.getByTestId('cart-modal');
      await modal.getByText(article.name).first().waitFor();
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });
    },
  },
  {
    remote: 'mf_account',
    dir: 'mf-account',
    path: () => '/favoritter',
    module: 'FavouritesPage',
    badApi: {
      glob: '**/api/v1/articles/bundle?*',
      body: () => [{ ArticleID: article.id, Name: objectName, Slug: article.slug }],
    },
    rendered: async (page) => {
      await page.locator('main').getByRole('heading', { level: 1, name: 'Favoritter' }).waitFor();
      await page.locator('main').getByRole('heading', { level: 2, name: article.name }).waitFor();
    },
    visit: async (page) => {
      await page.getByTestId('favourites-link').click();
      await page.waitForURL((url) => url.pathname === '/favoritter');
      await page.locator('main').getByRole('heading', { level: 2, name: article.name }).waitFor();
    },
  },
  {
    remote: 'mf_content',
    dir: 'mf-content',
    path: () => '/om-oss',
    module: 'StaticPage',
    badApi: {
      glob: '**/api/v1/pages/om-oss',
      body: () => ({ slug: 'om-oss', title: objectName, body: '<p>Om oss</p>', updated_at: '2024-01-01T00:00:00Z' }),
    },
    rendered: async (page) => {
      await heading1(page).waitFor();
      expect(await fallbackIn(page).count()).toBe(0);
    },
    visit: async (page) => {
      await page.locator('footer').getByRole('link', { name: 'Butikker', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/butikker');
      await heading1(page).waitFor();
      expect(await fallbackIn(page).count()).toBe(0);
    },
  },
];

const MODES: Mode[] = ['manifest 404', 'page chunk 500', 'throws while rendering'];

/** Installs one failure on the context; returns how to lift it. */
async function breakRemote(context: BrowserContext, c: RemoteCase, mode: Mode): Promise<() => Promise<void>> {
  let glob: string;
  let handler: (route: Route) => Promise<void>;
  if (mode === 'manifest 404') {
    glob = `**/mf/${c.dir}/mf-manifest.json*`;
    handler = (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
  } else if (mode === 'page chunk 500') {
    glob = `**/mf/${c.dir}/__federation_expose_${c.module}.*.js*`;
    handler = (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'internal error' });
  } else {
    glob = c.badApi.glob;
    handler = (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(c.badApi.body()) });
    // A page's first requests are answered from index.html (docs/adr/0009): without those answers the page asks the
    // network, where the answer of the wrong shape waits.
    await context.route(isDocument, withoutFirstViewAnswers);
    await context.route(glob, handler);
    return async () => {
      await context.unroute(glob, handler);
      await context.unroute(isDocument, withoutFirstViewAnswers);
    };
  }
  await context.route(glob, handler);
  return () => context.unroute(glob, handler);
}

const isDocument = (url: URL) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/mf/') && !/\.[a-z0-9]+$/i.test(url.pathname);

/** Server-filled values the page's first requests are answered from (the loader's answers and data). */
const PAGE_ANSWER_SIDS = ['contracts/page-answers', 'contracts/page-loaded'];

/**
 * The server-rendered page as served, minus the loader's answers in its page data: the browser then asks the API
 * itself (and gets the broken answer this test routes it to) instead of hydrating what the server rendered.
 */
async function withoutFirstViewAnswers(route: Route): Promise<void> {
  if (route.request().resourceType() !== 'document') return route.fallback();
  const response = await route.fetch();
  const pageData = new RegExp(`(<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">)(.*?)(</script>)`, 's');
  const body = (await response.text()).replace(pageData, (_, open: string, json: string, close: string) => {
    const data = JSON.parse(json) as { values?: Record<string, unknown> };
    for (const sid of PAGE_ANSWER_SIDS) delete data.values?.[sid];
    return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
  });
  // The body is handed over decoded and shorter: the original encoding and length no longer apply.
  const headers = { ...response.headers() };
  delete headers['content-encoding'];
  delete headers['content-length'];
  await route.fulfill({ status: response.status(), headers, body });
}

/**
 * What a case that is still running after `afterMs` was waiting for: the page's address, the requests still open
 * (and for how long) and its last console lines, printed once. A stuck step under CI's load then says why in the
 * log (seen twice in "mf_account: throws while rendering": a footer link that did not navigate, and "Prøv igjen" that
 * did not bring the page back, neither reproduced since).
 */
function reportIfStuck(page: Page, label: string, afterMs = 20_000): () => void {
  const open = new Map<string, number>();
  const lines: string[] = [];
  const started = (request: Request) => open.set(request.url(), Date.now());
  const ended = (request: Request) => open.delete(request.url());
  const logged = (message: { type(): string; text(): string }) => lines.push(`${message.type()}: ${message.text().slice(0, 300)}`);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('console', logged);
  const timer = setTimeout(() => {
    const waiting = [...open].map(([url, since]) => `${url} (${Date.now() - since} ms)`);
    process.stdout.write(`[faults] ${label} still running at ${page.url()}\n  open requests: ${waiting.join(', ') || 'none'}\n  console: ${lines.slice(-15).join('\n    ') || 'none'}\n`);
  }, afterMs);
  return () => {
    clearTimeout(timer);
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
    page.off('console', logged);
  };
}

async function expectChromeWorks(page: Page, cartBadge: boolean): Promise<void> {
  await page.locator('header').getByRole('link', { name: article.categoryName, exact: true }).first().waitFor();
  expect(await page.locator('[title="Gå til kassen"]').count()).toBeGreaterThan(0);
  if (cartBadge) await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
}

beforeAll(async () => {
  // The server's own Klarna-type stand-in plugin (loaded at run time: the api package is not part of this project's types).
  const { klarnaStandIn } = (await import(pathToFileURL(join(repoRoot, 'api/src/payments/standins/klarna.ts')).href)) as {
    klarnaStandIn: (credentials: { username: string; password: string }) => FastifyPluginAsync;
  };
  provider = Fastify();
  // The stand-in's snippet frames its pay page site-relative (it normally lives in the shop's process); deployed as
  // its own service, as here, it must name its own origin.
  provider.addHook('onSend', async (_request, _reply, payload) =>
    typeof payload === 'string' ? payload.replaceAll('src=\\"/stand-in/', `src=\\"${providerUrl}/stand-in/`) : payload,
  );
  await provider.register(klarnaStandIn({ username: 'standin', password: 'standin' }), { prefix: '/stand-in/klarna' });
  await provider.listen({ port: 0, host: '127.0.0.1' });
  providerUrl = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
  [shop, browser] = await Promise.all([startShop({ KLARNA_BASE_URL: `${providerUrl}/stand-in/klarna` }, { keepData: true }), launchBrowser()]);
  article = await findPurchasableArticle(shop.url);
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  // Started with keepData (a restart reuses the directory): remove it here.
  if (shop) rmSync(shop.dataDir, { recursive: true, force: true });
  await provider?.close();
});

describe('a failing remote never blanks the page', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, shop.url);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('setup: one line in the cart and one favourite, put there through the site itself', async () => {
    await page.goto(`/product/${article.slug}`);
    await page.getByRole('heading', { level: 1, name: article.name }).waitFor();
    await chooseOption(page, article.colorName);
    await chooseOption(page, article.sizeName);
    await page.getByRole('button', { name: 'Legg i handlekurven' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await page.keyboard.press('Escape');
    await page.locator('main').getByRole('button', { name: /favoritt/i }).first().click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('favourites'))).toContain(String(article.id));
  });

  for (const c of CASES) {
    for (const mode of MODES) {
      it(`${c.remote}: ${mode}`, async () => {
        const stopReporting = reportIfStuck(page, `${c.remote}: ${mode}`);
        const lift = await breakRemote(context, c, mode);
        let lifted = false;
        try {
          await page.goto(c.path());
          await fallbackIn(page)
            .waitFor()
            .catch(async (error: unknown) => {
              console.log(`${c.remote} ${mode}: no fallback; main shows:`, (await page.locator('main').innerText()).slice(0, 500));
              throw error;
            });
          await page.locator('main').getByRole('button', { name: RETRY }).waitFor();
          // The cart badge needs the cart remote's model: when that whole remote is down the badge cannot show.
          const badge = !(c.remote === 'mf_cart_checkout' && mode === 'manifest 404');
          await expectChromeWorks(page, badge);

          // The other remotes keep working, reached through the site's own links; back again, the fallback is still there.
          const others = mode === 'manifest 404' ? CASES.filter((o) => o.remote !== c.remote) : [CASES[(CASES.indexOf(c) + 1) % CASES.length]!];
          for (const other of others) {
            if (other.remote === 'mf_cart_checkout' && !badge) continue;
            await other.visit(page);
            await expectChromeWorks(page, badge);
            if (page.url() !== new URL(c.path(), shop.url).href) {
              await page.goBack();
              await fallbackIn(page).waitFor();
            }
          }

          // Failure lifted: "Prøv igjen" brings the page back without reloading.
          await lift();
          lifted = true;
          await page.locator('main').getByRole('button', { name: RETRY }).click();
          await c.rendered(page);
          expect(await fallbackIn(page).count()).toBe(0);
          await expectChromeWorks(page, true);
        } finally {
          stopReporting();
          if (!lifted) await lift();
        }
      });
    }
  }
});

describe('the API process crashes in the middle of a checkout', () => {
  it('keeps the cart, confirms the order paid while the shop was down, and ignores a repeated push', async () => {
    const target = await findCollectableArticle(shop.url, 1);
    const context = await newContext(browser, shop.url);
    const page = await context.newPage();
    const stockOf = async () => {
      const detail = (await (await fetch(`${shop.url}/api/v1/articles/${target.slug}`)).json()) as any;
      const variant = detail.Variants.find((v: any) => v.Color?.Name === target.colorName && v.Size?.Name === target.sizeName);
      return (variant.Shops as Array<{ ShopID: number; Qty: number }>).map((s) => `${s.ShopID}:${s.Qty}`).join(',');
    };
    await addAndGoToCheckout(page, target);
    await fillContact(page, 'krasj.e2e@example.no');

    // Crash 1, while the shopper fills in the form: after the restart the cart is still there.
    const restart = async () => {
      await shop.kill();
      shop = await startShop({ KLARNA_BASE_URL: `${providerUrl}/stand-in/klarna` }, { dataDir: shop.dataDir, keepData: true, port: shop.port });
    };
    await restart();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Kassen' }).waitFor();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await page.locator('main').getByText(target.name).first().waitFor();

    // Home delivery, to payment with the Klarna-type provider.
    await fillContact(page, 'krasj.e2e@example.no');
    await page.getByRole('radio', { name: /Hjemlevering/ }).check();
    await page.getByLabel('Gateadresse').fill('Karl Johans gate 14');
    await page.getByLabel('Postnummer', { exact: true }).fill('0154');
    await page.getByRole('button', { name: 'Finn adressen' }).click();
    await page.getByText(/Valgt adresse: Karl Johans gate 14, 0154/i).waitFor();
    await page.getByRole('button', { name: 'Gå videre til betaling' }).click();
    await page.waitForURL((url) => url.searchParams.get('steg') === 'betaling');
    await page.getByRole('radio', { name: 'Klarna' }).check();
    const started = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/payments/klarna/orders');
    await page.getByRole('button', { name: 'Til betaling' }).click();
    const orderId = ((await (await started).json()) as { OrderID: string }).OrderID;
    await page.getByTestId('payment-snippet').locator('iframe').waitFor();
    const stockBefore = await stockOf();

    // Crash 2: the shop dies while the shopper is on the provider's page. The provider takes the money, its push
    // finds nobody, and its redirect back to the shop fails.
    await shop.kill();
    expect(orderId).toBeTruthy();
    const backToShop = page.waitForEvent('requestfailed', (request) => request.url().startsWith(shop.url) && request.isNavigationRequest());
    await page.frameLocator('[data-testid="payment-snippet"] iframe').getByRole('button', { name: /^Betal/ }).click();
    const failedReturn = (await backToShop).url();
    expect(new URL(failedReturn).searchParams.get('betaling')).toBe('klarna');

    // Restart on the same data and port: the confirmation step re-reads the order at the provider and completes it.
    shop = await startShop({ KLARNA_BASE_URL: `${providerUrl}/stand-in/klarna` }, { dataDir: shop.dataDir, keepData: true, port: shop.port });
    await page.goto(failedReturn);
    const confirmation = page.getByTestId('checkout-confirmation');
    await confirmation.getByRole('heading', { name: 'Takk for bestillingen!' }).waitFor({ timeout: 20_000 });
    expect(await confirmation.innerText()).toContain('Betalt med Klarna');
    await expect.poll(() => page.getByTestId('cart-count').count()).toBe(0);

    // Through the API: the order is paid; a repeated provider push (twice) changes neither the order nor the stock.
    const readOrder = async () => (await (await page.request.get(`/api/v1/payments/klarna/orders/${orderId}`)).json()) as { Status: string; Amount: number; ReservationID: number };
    const paid = await readOrder();
    expect(paid.Status).toBe('paid');
    expect(await stockOf()).toBe(stockBefore);
    for (let i = 0; i < 2; i++) {
      const push = await fetch(`${shop.url}/api/v1/payments/klarna/push?klarna_order_id=${encodeURIComponent(orderId)}`, { method: 'POST' });
      expect(push.status).toBe(200);
    }
    expect(await readOrder()).toEqual(paid);
    expect(await stockOf()).toBe(stockBefore);
    await context.close();
    // Two kills and two cold starts of the shop (each up to half a minute with two more shops and their browsers on
    // two cores) and a checkout: more than the default minute on CI.
  }, 180_000);
});
